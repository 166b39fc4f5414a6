import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { TemplateContent } from '../../domain/templates/engine';
import { TemplateTooLargeError, type Template, type TemplateStore } from '../../ports';
import { batchGet } from './batch';
import { documentClient, transactWrite } from './client';
import { conditional, failedConditionIndex } from './conditional';
import { template as templates } from './entities';
import { when } from './entity/expression';
import { views, withoutKeys } from './keys';
import { blockCount, readPage, viewKeys } from './paged-view';

/**
 * DynamoDB holds 400 KB a record (its GSI copy too), a template up to 512 KiB: its parts travel
 * gzipped in one binary attribute (mail HTML shrinks about five-fold). What does not shrink under
 * this many bytes is refused, leaving room for the name, the variables and the keys.
 */
const MAX_PACKED_BYTES = 340_000;

const pack = ({ subject, html, text }: TemplateContent) => {
  const packed = gzipSync(JSON.stringify({ subject, html, text }));
  if (packed.length > MAX_PACKED_BYTES) throw new TemplateTooLargeError();
  return packed;
};

const record = ({ subject, html, text, ...template }: Template) =>
  templates.item(
    {
      ...templates.key(template.account_id, template.id),
      ...viewKeys(views.templates(template.account_id), template.seq),
    },
    { ...template, content: pack({ subject, html, text }) },
  );

const fromItem = (item: Record<string, unknown>): Template => {
  const { content, ...rest } = withoutKeys<Omit<Template, keyof TemplateContent> & { content: Uint8Array }>(item);
  return { ...rest, ...(JSON.parse(gunzipSync(content).toString('utf8')) as TemplateContent) };
};

/** A template is one record, in the account's newest-first listing (gsi1) like campaigns. */
export const dynamoTemplateStore = (): TemplateStore => ({
  async create(template) {
    await transactWrite({
      TransactItems: [
        { Put: templates.put(record(template), { when: when.absent() }) },
        blockCount(views.templates(template.account_id), template.seq, 1),
      ],
    });
  },

  async get(accountId, templateId) {
    const { Item } = await documentClient().send(
      new GetCommand(templates.get(templates.key(accountId, templateId), { consistent: true })),
    );
    return Item ? fromItem(Item) : undefined;
  },

  async getMany(accountId, templateIds) {
    if (!templateIds.length) return [];
    return (await batchGet([...new Set(templateIds)].map((id) => templates.key(accountId, id)))).map(fromItem);
  },

  page: (accountId, request) => readPage(views.templates(accountId), request, fromItem),

  async replace(template) {
    const result = await conditional(() =>
      documentClient().send(new PutCommand(templates.put(record(template), { when: when.exists() }))),
    );
    return result.ok;
  },

  async delete(template) {
    try {
      await transactWrite({
        TransactItems: [
          { Delete: templates.delete(templates.key(template.account_id, template.id), { when: when.exists() }) },
          blockCount(views.templates(template.account_id), template.seq, -1),
        ],
      });
      return true;
    } catch (error) {
      if (failedConditionIndex(error) === 0) return false;
      throw error;
    }
  },
});
