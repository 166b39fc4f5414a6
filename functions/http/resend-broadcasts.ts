import type { CreateCampaignInput, UpdateCampaignInput } from '../domain/campaigns/campaign-input';
import type { presentCampaign } from '../domain/campaigns/campaigns';
import { AppError, validationError, type FieldIssue } from '../domain/errors';
import type { CampaignStatus } from '../domain/types';
import { createCampaignBody, updateCampaignBody } from '../schemas/campaign-writes';
import type { ResendBroadcastFields, RESEND_BROADCAST_STATUSES } from '../schemas/resend-broadcasts';
import { parseSender } from './resend-mail';
import { validated } from './validate';

/**
 * A broadcast is a campaign seen through Resend's shape (docs/guides/resend.md): the same record, so a
 * broadcast made through the SDK is a campaign natively and the other way round. The mapping:
 * - `segment_id` (or the older `audience_id`) is the campaign's list;
 * - `from`, `"Name <addr>"` or `addr` -> from_name, from_email; `reply_to`: one address (ours takes one);
 * - `name` is optional in Resend: the subject stands in for it;
 * - `topic_id` is the campaign's topic (only its opted-in members are reached);
 * - `preview_text` names what a campaign has no field for: refused by name when given.
 * Our own schemas then check the result, with their rules and messages, under Resend's field names.
 */

type CampaignView = ReturnType<typeof presentCampaign>;
const given = (value: unknown) => value !== undefined && value !== null && value !== '';
const list = (value: string | string[] | null | undefined) =>
  value === undefined || value === null ? [] : typeof value === 'string' ? [value] : value;

/** Our field names in Resend's words, for the messages of a refused input. */
const RESEND_NAMES: Record<string, string> = {
  list_id: 'segment_id',
  from_email: 'from',
  from_name: 'from',
  send_at: 'scheduled_at',
};

/** Runs a use case, naming the fields of a refused input as Resend names them. */
export const inResendWords = async <T>(work: () => Promise<T>): Promise<T> => {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof AppError) || !error.options.details) throw error;
    throw validationError(
      error.options.details.map((issue) => ({ ...issue, field: RESEND_NAMES[issue.field] ?? issue.field })),
      error.message,
    );
  }
};

const refusals = (fields: ResendBroadcastFields): FieldIssue[] => {
  const issues: FieldIssue[] = [];
  if (given(fields.preview_text))
    issues.push({ field: 'preview_text', message: 'Preview text is not supported: put it at the top of the html' });
  if (list(fields.reply_to).length > 1) issues.push({ field: 'reply_to', message: 'At most one reply_to address' });
  if (given(fields.segment_id) && given(fields.audience_id) && fields.segment_id !== fields.audience_id)
    issues.push({ field: 'audience_id', message: 'segment_id and audience_id name different segments: give one' });
  return issues;
};

/** Our schema's verdict, its fields named as Resend names them. */
const checked = <S extends Parameters<typeof validated>[0]>(schema: S, input: unknown) => {
  try {
    return validated(schema, input);
  } catch (error) {
    if (!(error instanceof AppError) || !error.options.details) throw error;
    throw validationError(
      error.options.details.map((issue) => ({ ...issue, field: RESEND_NAMES[issue.field] ?? issue.field })),
      error.message,
    );
  }
};

const senderOf = (from: string) => {
  const sender = parseSender(from);
  return { from_email: sender.email, from_name: sender.name ?? null };
};

/** The fields both create and update carry, in our words (only those given). */
const commonInput = (fields: ResendBroadcastFields) => {
  const issues = refusals(fields);
  if (issues.length) throw validationError(issues);
  const listId = fields.segment_id ?? fields.audience_id;
  const [replyTo] = list(fields.reply_to);
  return {
    ...(given(fields.name) ? { name: fields.name as string } : {}),
    ...(given(listId) ? { list_id: listId as string } : {}),
    ...(given(fields.from) ? senderOf(fields.from as string) : {}),
    ...(fields.subject !== undefined && fields.subject !== null ? { subject: fields.subject } : {}),
    ...(fields.html !== undefined && fields.html !== null ? { html: fields.html } : {}),
    ...(fields.text !== undefined && fields.text !== null ? { text: fields.text } : {}),
    ...(fields.reply_to !== undefined ? { reply_to: replyTo ?? null } : {}),
    ...(fields.topic_id !== undefined ? { topic_id: fields.topic_id } : {}),
  };
};

/** `broadcasts.create` as a campaign's creation; `from` and a segment are required, as Resend's types have them. */
export const createInputOf = (fields: ResendBroadcastFields): CreateCampaignInput => {
  const input = commonInput(fields);
  const missing: FieldIssue[] = [];
  if (!input.list_id) missing.push({ field: 'segment_id', message: 'A segment_id (or audience_id) is required' });
  if (!input.from_email) missing.push({ field: 'from', message: 'A from address is required' });
  if (missing.length) throw validationError(missing);
  return checked(createCampaignBody, { ...input, name: input.name ?? (input.subject || 'Broadcast').slice(0, 200) });
};

/** `broadcasts.update` as an edit of the draft: the fields given; a `from` replaces both name and address. */
export const updateInputOf = (fields: ResendBroadcastFields): UpdateCampaignInput =>
  checked(updateCampaignBody, commonInput(fields));

/** Resend has three statuses: ours past the start (sending, or ended) read as `queued` and `sent`. */
const STATUS: Record<CampaignStatus, (typeof RESEND_BROADCAST_STATUSES)[number]> = {
  draft: 'draft',
  scheduled: 'queued',
  sending: 'queued',
  sent: 'sent',
  cancelled: 'sent',
  failed: 'sent',
};

export const broadcastListedOf = (campaign: Omit<CampaignView, 'stats'>) => ({
  id: campaign.id,
  name: campaign.name,
  segment_id: campaign.list_id,
  audience_id: campaign.list_id,
  status: STATUS[campaign.status],
  created_at: campaign.created_at,
  scheduled_at: campaign.send_at,
  sent_at: campaign.started_at,
});

export const broadcastOf = (campaign: CampaignView) => ({
  object: 'broadcast' as const,
  ...broadcastListedOf(campaign),
  from: campaign.from_email
    ? campaign.from_name
      ? `${campaign.from_name} <${campaign.from_email}>`
      : campaign.from_email
    : null,
  subject: campaign.subject,
  reply_to: campaign.reply_to ? [campaign.reply_to] : null,
  preview_text: null,
  topic_id: campaign.topic_id,
  html: campaign.html,
  text: campaign.text,
});
