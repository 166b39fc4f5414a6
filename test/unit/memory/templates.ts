import type { Template, TemplateStore } from '../../../functions/ports';
import { conditionFailed, copy, offsetPage } from './conditional';
import { pageNextTo } from '../../../functions/domain/id-paging';

/** Stored templates by account and id, newest first by seq (dynamoTemplateStore's listing). */
export const memoryTemplateStore = (): TemplateStore => {
  const templates = new Map<string, Template>();
  const key = (accountId: string, id: string) => `${accountId}/${id}`;
  const listing = (accountId: string) =>
    [...templates.values()]
      .filter((t) => t.account_id === accountId)
      .sort((a, b) => b.seq - a.seq)
      .map(copy);
  return {
    async create(template) {
      if (templates.has(key(template.account_id, template.id))) throw conditionFailed();
      templates.set(key(template.account_id, template.id), copy(template));
    },
    async get(accountId, templateId) {
      const found = templates.get(key(accountId, templateId));
      return found && copy(found);
    },
    async getMany(accountId, ids) {
      return ids.flatMap((id) => {
        const found = templates.get(key(accountId, id));
        return found ? [copy(found)] : [];
      });
    },
    async page(accountId, page) {
      return offsetPage(listing(accountId), page);
    },
    async pageNextTo(accountId, request) {
      return pageNextTo(listing(accountId), request, (t) => t.id);
    },
    async replace(template) {
      if (!templates.has(key(template.account_id, template.id))) return false;
      templates.set(key(template.account_id, template.id), copy(template));
      return true;
    },
    async delete(template) {
      return templates.delete(key(template.account_id, template.id));
    },
  };
};
