import { TemplateAliasTakenError, type Template, type TemplateStore } from '../../../functions/ports';
import { conditionFailed, copy, offsetPage } from './conditional';
import { pageNextTo } from '../../../functions/domain/id-paging';

/** Stored templates by account and id, newest first by seq (dynamoTemplateStore's listing). */
export const memoryTemplateStore = (): TemplateStore => {
  const templates = new Map<string, Template>();
  const key = (accountId: string, id: string) => `${accountId}/${id}`;
  /** Aliases claimed, by account and alias: the template's id (keys.templateAlias). */
  const aliases = new Map<string, string>();
  const claim = (template: Template) => {
    if (template.alias && aliases.has(key(template.account_id, template.alias))) throw new TemplateAliasTakenError();
  };
  const listing = (accountId: string) =>
    [...templates.values()]
      .filter((t) => t.account_id === accountId)
      .sort((a, b) => b.seq - a.seq)
      .map(copy);
  return {
    async create(template) {
      if (templates.has(key(template.account_id, template.id))) throw conditionFailed();
      claim(template);
      templates.set(key(template.account_id, template.id), copy(template));
      if (template.alias) aliases.set(key(template.account_id, template.alias), template.id);
    },
    async get(accountId, templateId) {
      const found = templates.get(key(accountId, templateId));
      return found && copy(found);
    },
    async idOfAlias(accountId, alias) {
      return aliases.get(key(accountId, alias));
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
    async replace(template, before) {
      if (templates.get(key(template.account_id, template.id))?.updated_at !== before.updated_at) return false;
      if (template.alias !== before.alias) {
        claim(template);
        if (before.alias) aliases.delete(key(before.account_id, before.alias));
        if (template.alias) aliases.set(key(template.account_id, template.alias), template.id);
      }
      templates.set(key(template.account_id, template.id), copy(template));
      return true;
    },
    async delete(template) {
      if (template.alias) aliases.delete(key(template.account_id, template.alias));
      return templates.delete(key(template.account_id, template.id));
    },
  };
};
