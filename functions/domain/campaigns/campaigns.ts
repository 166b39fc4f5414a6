import type {
  CampaignChanges,
  CampaignCounters,
  CampaignStore,
  Clock,
  CounterStore,
  Ids,
  JobQueue,
  ListStore,
  PageRequest,
  ProviderStore,
  TemplateStore,
  TenantStore,
  TopicStore,
  TrackingSettings,
} from '../../ports';
import { requireTenantSending, sendingTenant } from '../tenants/sending-tenant';
import {
  MAX_CAMPAIGN_BODY_BYTES,
  MAX_SCHEDULE_DAYS,
  type CreateCampaignInput,
  type UpdateCampaignInput,
} from './campaign-input';
import { CAMPAIGN_MOVES, EDITABLE } from './campaign-status';
import { hasBody, NO_BODY } from '../mail/mail-body';
import { requirePublishedTemplate } from '../templates/templates';
import { fallbackValues } from '../templates/versions';
import { missingCampaignVariables } from './reader-variables';
import { AppError, notFound, validationError } from '../errors';
import { readPage } from '../paging';
import { requireAllowedSender } from '../providers/default-provider';
import { isoTimestamp } from '../time';
import { CAMPAIGN_STATS, type Campaign } from '../types';

export interface CampaignDeps {
  campaigns: CampaignStore;
  templates: TemplateStore;
  lists: ListStore;
  counters: CounterStore;
  clock: Clock;
  ids: Ids;
}

export const presentCampaign = (
  { account_id: _a, seq: _s, provider_id: _p, ...campaign }: Campaign,
  counters?: CampaignCounters,
) => ({
  ...campaign,
  template_id: campaign.template_id ?? null,
  topic_id: campaign.topic_id ?? null,
  tenant_id: campaign.tenant_id ?? null,
  variables: campaign.variables ?? null,
  stats: Object.fromEntries(CAMPAIGN_STATS.map((name) => [name, counters?.[name] ?? 0])) as Record<
    (typeof CAMPAIGN_STATS)[number],
    number
  >,
});

/** What a campaign's tenant is read from (issue 42): one GetItem by id or name. */
export type TenantDep = { tenants: Pick<TenantStore, 'find'> };

/**
 * A key bound to a tenant sees its tenant's campaigns alone (issue 42): another's answers as an absent
 * one does (404), so a tenant key learns nothing of the account's other campaigns.
 */
const ownCampaign = <T extends Campaign>(campaign: T | undefined, keyTenantId?: string | null) =>
  campaign && (!keyTenantId || campaign.tenant_id === keyTenantId) ? campaign : undefined;

const notSendable = (campaign: Campaign) =>
  new AppError('CONFLICT', `The campaign is ${campaign.status}; only a draft can be changed or sent`);

/** A campaign names a list of its own account: another account's list, or none, is 404 (as its id would be). */
const requireList = async (deps: Pick<CampaignDeps, 'lists'>, accountId: string, listId: string) => {
  if (!(await deps.lists.get(accountId, listId))) throw notFound('List');
};

/**
 * A template campaign's content: a copy of its template, checked as the campaign's own would be (a
 * variable the template needs that neither the reader nor `variables` gives is a 400 naming it; the
 * campaign's size cap). Taken when the campaign is written and again when it is sent, so the fan-out
 * reads no template, and an edit of the template after the send changes none of its mail.
 */
const templateCopy = async (
  deps: Pick<CampaignDeps, 'templates'>,
  accountId: string,
  templateId: string,
  variables: Record<string, unknown>,
) => {
  const template = await requirePublishedTemplate(deps, accountId, templateId);
  // Its declared fallbacks become the campaign's variables, under the ones the caller gives.
  variables = { ...fallbackValues(template), ...variables };
  const missing = missingCampaignVariables(template, variables);
  if (missing.length) {
    throw validationError(
      missing.map((name) => ({
        field: `variables.${name}`,
        message: `The template uses {{${name}}}, which neither the subscriber nor variables gives`,
      })),
      `Missing template variable: ${missing[0]}`,
    );
  }
  if (Buffer.byteLength(template.html ?? '') + Buffer.byteLength(template.text ?? '') > MAX_CAMPAIGN_BODY_BYTES) {
    throw validationError([
      {
        field: 'template_id',
        message:
          `A campaign's html and text together may be at most ${MAX_CAMPAIGN_BODY_BYTES / 1024} KiB; this ` +
          `template is larger`,
      },
    ]);
  }
  return { subject: template.subject, html: template.html, text: template.text, template_id: template.id, variables };
};

/** What writing a campaign reads beside the campaign: the topic it names must be the account's. */
export type TopicDep = { topics: Pick<TopicStore, 'get'> };

const requireTopic = async (deps: TopicDep, accountId: string, topicId: string | null | undefined) => {
  if (topicId && !(await deps.topics.get(accountId, topicId.toLowerCase()))) throw notFound('Topic');
};

export const createCampaign = async (
  deps: CampaignDeps & TopicDep & TenantDep,
  accountId: string,
  input: CreateCampaignInput,
  keyTenantId?: string | null,
) => {
  await requireList(deps, accountId, input.list_id);
  await requireTopic(deps, accountId, input.topic_id);
  // The tenant named, or the key's own (another is 403, an unknown one 404); fixed for the campaign's life.
  const tenant = await sendingTenant(deps, { account_id: accountId, tenant_id: keyTenantId }, input.tenant);
  const content = input.template_id
    ? await templateCopy(deps, accountId, input.template_id, input.variables ?? {})
    : {
        subject: input.subject ?? '',
        html: input.html || null,
        text: input.text || null,
        template_id: null,
        variables: null,
      };
  return storeNewDraft(deps, accountId, {
    account_id: accountId,
    name: input.name,
    ...content,
    list_id: input.list_id,
    topic_id: input.topic_id?.toLowerCase() ?? null,
    from_email: input.from_email ?? null,
    from_name: input.from_name ?? null,
    reply_to: input.reply_to ?? null,
    track_opens: input.track_opens ?? true,
    track_clicks: input.track_clicks ?? true,
    tenant_id: tenant?.id ?? null,
  });
};

/** What a new draft has of its own, whatever it was made from: an id, no schedule, provider or end yet. */
type DraftOwn =
  | 'id'
  | 'status'
  | 'failure_reason'
  | 'send_at'
  | 'provider_id'
  | 'started_at'
  | 'finished_at'
  | 'seq'
  | 'created_at'
  | 'updated_at';

/**
 * Stores `content` as a new draft of the account (a campaign's creation, or a copy of one:
 * campaign-drafts.ts), numbered in the account's listing, and answers it as the routes show it.
 */
export const storeNewDraft = async (
  deps: Pick<CampaignDeps, 'campaigns' | 'clock' | 'ids' | 'counters'>,
  accountId: string,
  content: Omit<Campaign, DraftOwn>,
) => {
  const now = isoTimestamp(deps.clock.now());
  const campaign: Campaign = {
    ...content,
    id: deps.ids.uuid(),
    status: 'draft',
    failure_reason: null,
    send_at: null,
    provider_id: null,
    started_at: null,
    finished_at: null,
    seq: await deps.counters.add(accountId, 'campaign', 1),
    created_at: now,
    updated_at: now,
  };
  await deps.campaigns.create(campaign);
  return presentCampaign(campaign);
};

export const getCampaign = async (
  deps: Pick<CampaignDeps, 'campaigns'>,
  accountId: string,
  id: string,
  keyTenantId?: string | null,
) => {
  const found = await deps.campaigns.getWithStats(accountId, id);
  if (!found || !ownCampaign(found.campaign, keyTenantId)) throw notFound('Campaign');
  return presentCampaign(found.campaign, found.stats);
};

export const listCampaigns = async (deps: Pick<CampaignDeps, 'campaigns'>, accountId: string, page: PageRequest) => {
  const result = await readPage(page, (request) => deps.campaigns.page(accountId, request));
  return {
    campaigns: result.items.map((c) => presentCampaign(c, c.stats)),
    total: result.total,
    limit: page.limit,
    offset: page.offset,
    next_cursor: result.next_cursor,
  };
};

export const updateCampaign = async (
  deps: CampaignDeps & TopicDep,
  accountId: string,
  id: string,
  input: UpdateCampaignInput,
) => {
  const current = await deps.campaigns.get(accountId, id);
  if (!current) throw notFound('Campaign');
  if (!EDITABLE.includes(current.status)) throw notSendable(current);
  if (input.list_id !== undefined) await requireList(deps, accountId, input.list_id);
  await requireTopic(deps, accountId, input.topic_id);
  const templateId = input.template_id === undefined ? (current.template_id ?? null) : input.template_id;
  const { template_id: _t, variables: _v, ...plain } = input;
  let changes: CampaignChanges;
  if (templateId) {
    for (const field of ['subject', 'html', 'text'] as const) {
      if (input[field] !== undefined)
        throw validationError([
          {
            field,
            message: 'The campaign is made from a template: change the template, or set template_id to null first',
          },
        ]);
    }
    changes = {
      ...plain,
      ...(await templateCopy(deps, accountId, templateId, input.variables ?? current.variables ?? {})),
    };
  } else {
    if (input.variables !== undefined)
      throw validationError([{ field: 'variables', message: 'variables needs a template_id' }]);
    // html or text may be cleared with "" as long as the other one stays.
    const html = input.html === undefined ? current.html : input.html || null;
    const text = input.text === undefined ? current.text : input.text || null;
    if (!hasBody({ html, text })) throw validationError([NO_BODY]);
    // Leaving a template keeps its copy as the campaign's own content.
    changes = { ...plain, html, text, ...(input.template_id === null ? { template_id: null, variables: null } : {}) };
  }
  if (input.topic_id !== undefined) changes.topic_id = input.topic_id?.toLowerCase() ?? null;
  const updated = await deps.campaigns.updateDraft(accountId, id, changes, isoTimestamp(deps.clock.now()));
  if (updated === undefined) throw notFound('Campaign');
  if (updated === 'conflict')
    throw new AppError('CONFLICT', 'The campaign left draft meanwhile; it can no longer be changed');
  return getCampaign(deps, accountId, id);
};

export const deleteCampaign = async (deps: Pick<CampaignDeps, 'campaigns'>, accountId: string, id: string) => {
  const campaign = await deps.campaigns.get(accountId, id);
  if (!campaign) throw notFound('Campaign');
  if (!EDITABLE.includes(campaign.status) || (await deps.campaigns.deleteDraft(campaign)) === 'conflict')
    throw notSendable(campaign);
};

export interface SendCampaignDeps extends CampaignDeps, TenantDep {
  providers: ProviderStore;
  jobs: JobQueue;
  /** Only where links will point: a campaign is refused when nothing can track it (no key needed to say so). */
  tracking: Pick<TrackingSettings, 'baseUrl'>;
}

/** SQS holds a message back at most 15 minutes: a later start is reached in hops of that. */
export const MAX_DELAY_SECONDS = 900;
/** How long after its start a campaign's note on its list is kept: far past any fan-out and its sends. */
const LIST_NOTE_DAYS = 30;

/**
 * Starts a draft: checks what would make every mail fail (no list, no provider, a sender the provider
 * refuses, nowhere to point unsubscribe links), fixes the provider, moves the status draft ->
 * sending (or scheduled) conditionally (a second send is 409, however close), and puts the first
 * fan-out chunk on the job queue. Answers at once; the fan-out runs in the background.
 */
export const sendCampaign = async (
  deps: SendCampaignDeps,
  accountId: string,
  id: string,
  input: { send_at?: string },
  keyTenantId?: string | null,
) => {
  const campaign = ownCampaign(await deps.campaigns.get(accountId, id), keyTenantId);
  if (!campaign) throw notFound('Campaign');
  if (!EDITABLE.includes(campaign.status)) throw notSendable(campaign);
  await requireList(deps, accountId, campaign.list_id);
  // A tenant's campaign starts while its tenant exists and is not paused (its sends are 422 naming it).
  if (campaign.tenant_id) {
    const tenant = await deps.tenants.find(accountId, { id: campaign.tenant_id });
    if (!tenant) throw notFound('Tenant');
    requireTenantSending(tenant);
  }
  const provider = await requireAllowedSender(deps.providers, accountId, campaign.from_email ?? undefined);
  // The template as it is now goes out; later edits of it change none of this campaign's mail.
  const copy = campaign.template_id
    ? await templateCopy(deps, accountId, campaign.template_id, campaign.variables ?? {})
    : {};
  if (!deps.tracking.baseUrl())
    throw new AppError(
      'INTERNAL_ERROR',
      'PUBLIC_BASE_URL is not set: campaign mail needs it for its unsubscribe links',
    );

  const now = deps.clock.now();
  const sendAt = input.send_at ? new Date(input.send_at) : undefined;
  if (sendAt && sendAt.getTime() > now.getTime() + MAX_SCHEDULE_DAYS * 86_400_000) {
    throw validationError([{ field: 'send_at', message: `At most ${MAX_SCHEDULE_DAYS} days ahead` }]);
  }
  const scheduled = sendAt !== undefined && sendAt.getTime() > now.getTime();
  const move = scheduled ? CAMPAIGN_MOVES.schedule : CAMPAIGN_MOVES.start;
  const status = move.to;
  // Noted on the list before it starts, so that deleting the list finds it to cancel (docs/promises.md);
  // kept well past the latest it can still be sending, then the table's TTL removes the note.
  const latestStart = Math.floor((sendAt && scheduled ? sendAt : now).getTime() / 1000);
  await deps.campaigns.noteOnList(accountId, campaign.list_id, id, latestStart + LIST_NOTE_DAYS * 86_400);
  const moved = await deps.campaigns.transition(accountId, id, move, {
    ...copy,
    provider_id: provider.id,
    send_at: scheduled ? isoTimestamp(sendAt) : null,
    started_at: scheduled ? null : isoTimestamp(now),
    updated_at: isoTimestamp(now),
  });
  if (!moved) throw new AppError('CONFLICT', 'The campaign is being sent already');
  const delay = scheduled ? Math.min(MAX_DELAY_SECONDS, Math.ceil((sendAt.getTime() - now.getTime()) / 1000)) : 0;
  try {
    await deps.jobs.enqueue({ kind: 'campaign', account_id: accountId, campaign_id: id, cursor: 0 }, delay);
  } catch (error) {
    // Nothing will ever run it: say so on the campaign rather than leave it `sending` forever.
    await deps.campaigns.transition(
      accountId,
      id,
      scheduled ? CAMPAIGN_MOVES.failScheduled : CAMPAIGN_MOVES.failSending,
      { failure_reason: 'The fan-out could not be queued', finished_at: isoTimestamp(deps.clock.now()) },
    );
    throw error;
  }
  return { id, status, send_at: scheduled ? isoTimestamp(sendAt) : null };
};

/**
 * Stops a scheduled or sending campaign: the fan-out reads the status before each chunk and the
 * drainer before each mail of it, so what was sent stays sent and the rest is not sent.
 */
export const cancelCampaign = async (
  deps: Pick<CampaignDeps, 'campaigns' | 'clock'>,
  accountId: string,
  id: string,
  keyTenantId?: string | null,
) => {
  const campaign = ownCampaign(await deps.campaigns.get(accountId, id), keyTenantId);
  if (!campaign) throw notFound('Campaign');
  const at = isoTimestamp(deps.clock.now());
  if (!(await deps.campaigns.cancel(accountId, id, at))) {
    throw new AppError(
      'CONFLICT',
      `The campaign is ${campaign.status}; only a scheduled or sending campaign can be cancelled`,
    );
  }
  return getCampaign(deps, accountId, id, keyTenantId);
};
