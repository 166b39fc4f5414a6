import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { TemplateContent } from '../../domain/templates/engine';
import { TemplateAliasTakenError, TemplateTooLargeError, type Template, type TemplateStore } from '../../ports';
import type { TemplateVersion } from '../../domain/templates/template';
import { batchGet } from './batch';
import { documentClient, transactWrite } from './client';
import { conditional, failedConditionIndex } from './conditional';
import { template as templates, templateAlias as aliases } from './entities';
import { when } from './entity/expression';
import { keys, views, withoutKeys } from './keys';
import { indexQuery } from './entity/entity';
import { queryNextTo } from './id-page';
import { blockCount, readPage, viewKeys } from './paged-view';

/**
 * DynamoDB holds 400 KB a record (its GSI copy too), a template up to 512 KiB: its parts travel
 * gzipped in one binary attribute (mail HTML shrinks about five-fold). What does not shrink under
 * this many bytes is refused, leaving room for the name, the variables and the keys.
 */
const MAX_PACKED_BYTES = 340_000;

/** The packed parts of one version: subject, html, text, the declared variables and its sender (bounded, small). */
type Packed = TemplateContent & Pick<TemplateVersion, 'declared' | 'from_email' | 'from_name' | 'reply_to'>;

const packed = ({ subject, html, text, declared, from_email, from_name, reply_to }: Packed) =>
  gzipSync(
    JSON.stringify({
      subject,
      html,
      text,
      ...(declared ? { declared } : {}),
      ...(from_email ? { from_email, from_name: from_name ?? null } : {}),
      ...(reply_to ? { reply_to } : {}),
    }),
  );

/**
 * The latest parts in `content`, the published ones (while they differ) in `published_content`: both
 * together within the bound, so a draft edit beside a large published version may be refused as too large.
 */
const pack = (template: Template) => {
  const content = packed(template);
  const published = template.published ? packed(template.published) : undefined;
  if (content.length + (published?.length ?? 0) > MAX_PACKED_BYTES) throw new TemplateTooLargeError();
  return { content, published };
};

const record = (template: Template) => {
  const {
    subject: _s,
    html: _h,
    text: _t,
    declared: _d,
    from_email: _f,
    from_name: _n,
    reply_to: _r,
    alias,
    published: version,
    ...rest
  } = template;
  const { content, published } = pack(template);
  return templates.item(
    {
      ...templates.key(template.account_id, template.id),
      ...viewKeys(views.templates(template.account_id), template.seq),
    },
    {
      ...rest,
      ...(alias ? { alias } : {}),
      content,
      ...(version && published ? { published_content: published, published_variables: version.variables } : {}),
    },
  );
};

const unpack = (bytes: Uint8Array): Packed => JSON.parse(gunzipSync(bytes).toString('utf8')) as Packed;

type Stored = Omit<Template, keyof Packed | 'published'> & {
  content: Uint8Array;
  published_content?: Uint8Array;
  published_variables?: string[];
};

const fromItem = (item: Record<string, unknown>): Template => {
  const { content, published_content, published_variables, ...rest } = withoutKeys<Stored>(item);
  return {
    ...rest,
    ...unpack(content),
    ...(published_content ? { published: { ...unpack(published_content), variables: published_variables ?? [] } } : {}),
  };
};

/** An alias's claim: the alias's own item, holding the template's id, made only where none is. */
const claim = (template: Template, alias: string) => ({
  Put: aliases.put(aliases.item(aliases.key(template.account_id, alias), { template_id: template.id }), {
    when: when.absent(),
  }),
});
const release = (template: Template, alias: string) => ({
  Delete: aliases.delete(aliases.key(template.account_id, alias)),
});

/** A transaction whose alias claim (at `claimAt`) did not hold: the alias is another template's. */
const claiming = async (write: () => Promise<unknown>, claimAt: number) => {
  try {
    await write();
  } catch (error) {
    if (failedConditionIndex(error) === claimAt) throw new TemplateAliasTakenError();
    throw error;
  }
};

/**
 * A template is one record, in the account's newest-first listing (gsi1) like campaigns; its alias, when it
 * has one, an item of its own beside it (keys.templateAlias), written in the same transaction.
 */
export const dynamoTemplateStore = (): TemplateStore => ({
  async create(template) {
    const transaction = [
      { Put: templates.put(record(template), { when: when.absent() }) },
      blockCount(views.templates(template.account_id), template.seq, 1),
      ...(template.alias ? [claim(template, template.alias)] : []),
    ];
    await claiming(() => transactWrite({ TransactItems: transaction }), 2);
  },

  async idOfAlias(accountId, alias) {
    const { Item } = await documentClient().send(
      new GetCommand(aliases.get(aliases.key(accountId, alias), { consistent: true })),
    );
    return Item ? String(Item.template_id) : undefined;
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

  async pageNextTo(accountId, request) {
    const anchor = request.after ?? request.before;
    let anchorKey: Record<string, unknown> | undefined;
    if (anchor !== undefined) {
      // The anchor's place in the listing (its keys and seq alone); no template of the account is no anchor.
      const { Item } = await documentClient().send(
        new GetCommand(templates.get(templates.key(accountId, anchor), { projection: ['pk', 'sk', 'seq'] })),
      );
      if (!Item) return undefined;
      anchorKey = { pk: Item.pk, sk: Item.sk, ...viewKeys(views.templates(accountId), Number(Item.seq)) };
    }
    const view = views.templates(accountId);
    const page = await queryNextTo(indexQuery(view.index, keys.viewPartition(view)), {
      limit: request.limit,
      listForward: false,
      anchorKey,
      before: request.before !== undefined,
    });
    return { items: page.items.map(fromItem), has_more: page.has_more };
  },

  async replace(template, before) {
    // Only over the record read: an edit that came between (its updated_at moved) is never overwritten.
    const put = templates.put(record(template), { when: when.eq('updated_at', before.updated_at) });
    if ((template.alias ?? null) === (before.alias ?? null)) {
      const result = await conditional(() => documentClient().send(new PutCommand(put)));
      return result.ok;
    }
    // The alias moves with the record: the new one claimed, the old one released, or neither.
    const transaction = [
      { Put: put },
      ...(template.alias ? [claim(template, template.alias)] : []),
      ...(before.alias ? [release(before, before.alias)] : []),
    ];
    try {
      await claiming(() => transactWrite({ TransactItems: transaction }), template.alias ? 1 : -2);
      return true;
    } catch (error) {
      if (failedConditionIndex(error) === 0) return false;
      throw error;
    }
  },

  async delete(template) {
    try {
      await transactWrite({
        TransactItems: [
          { Delete: templates.delete(templates.key(template.account_id, template.id), { when: when.exists() }) },
          blockCount(views.templates(template.account_id), template.seq, -1),
          ...(template.alias ? [release(template, template.alias)] : []),
        ],
      });
      return true;
    } catch (error) {
      if (failedConditionIndex(error) === 0) return false;
      throw error;
    }
  },
});
