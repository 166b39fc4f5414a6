import { beforeEach, describe, expect, it } from 'vitest';
import {
  cancelCampaign,
  createCampaign,
  deleteCampaign,
  getCampaign,
  sendCampaign,
  updateCampaign,
  type SendCampaignDeps,
} from '../../../functions/domain/campaigns/campaigns';
import { runCampaignChunk } from '../../../functions/domain/campaigns/fanout';
import { drain } from '../../../functions/domain/queue/drain';
import type { Subscriber } from '../../../functions/domain/types';
import { memoryListStore } from '../memory/audience';
import { memoryListRecipients } from '../memory/campaign-store';
import { trackingSettings } from '../memory/mail';
import { memoryTemplateStore } from '../memory/templates';
import { listRecord, subscriberRecord } from '../records';
import { ACCOUNT, memoryWorld, type MemoryWorld } from '../memory/world';

const LIST = 'list-1';

let world: MemoryWorld;
let subscribers: Subscriber[];
let deps: SendCampaignDeps &
  MemoryWorld & {
    recipients: ReturnType<typeof memoryListRecipients>;
    lists: ReturnType<typeof memoryListStore>;
  };

beforeEach(async () => {
  world = await memoryWorld();
  subscribers = [];
  const lists = memoryListStore();
  await lists.create(listRecord(LIST, ACCOUNT));
  // Campaign mail needs PUBLIC_BASE_URL for its unsubscribe links.
  deps = {
    ...world,
    tracking: trackingSettings('https://mail.example.com'),
    templates: memoryTemplateStore(),
    lists,
    recipients: memoryListRecipients(() => subscribers),
  };
});

const create = (changes: Record<string, string> = {}, account = ACCOUNT) =>
  createCampaign(deps, account, { name: 'News', subject: 'News', text: 'Hello', list_id: LIST, ...changes });
const draft = async () => (await create()).id;
const statusOf = async (id: string) => (await getCampaign(deps, ACCOUNT, id)).status;
const readers = (n: number) => subscribers.push(...Array.from({ length: n }, (_, i) => subscriberRecord(LIST, i + 1)));

describe('a campaign from draft to sent', () => {
  it('is created as a draft with zeroed stats', async () => {
    const id = await draft();
    expect(await getCampaign(deps, ACCOUNT, id)).toMatchObject({
      status: 'draft',
      stats: { recipients: 0, sent: 0, failed: 0 },
    });
  });

  it('goes draft -> sending -> sent through its fan-out and the drainer, every reader mailed once', async () => {
    readers(4);
    const id = await draft();
    expect(await sendCampaign(deps, ACCOUNT, id, {})).toEqual({ id, status: 'sending', send_at: null });
    const [{ job }] = world.jobs.jobs;
    const campaignJob = job as Extract<typeof job, { kind: 'campaign' }>;
    const fanout = await runCampaignChunk(deps, campaignJob, { windowSeconds: 3600 });
    expect(fanout).toMatchObject({
      done: true,
      recipients: 4,
    });
    expect(await statusOf(id)).toBe('sending');
    await drain(deps, { budgetMs: 60_000 });
    expect(world.mailers.sent.map((s) => s.mail.to).sort()).toEqual([
      'reader1@example.org',
      'reader2@example.org',
      'reader3@example.org',
      'reader4@example.org',
    ]);
    expect(await getCampaign(deps, ACCOUNT, id)).toMatchObject({ status: 'sent', stats: { recipients: 4, sent: 4 } });
  });

  it('gives every campaign mail a one-click unsubscribe', async () => {
    readers(1);
    const id = await draft();
    await sendCampaign(deps, ACCOUNT, id, {});
    await runCampaignChunk(
      deps,
      { kind: 'campaign', account_id: ACCOUNT, campaign_id: id, cursor: 0 },
      { windowSeconds: 3600 },
    );
    await drain(deps, { budgetMs: 60_000 });
    expect(world.mailers.sent[0].mail.headers).toMatchObject({
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'List-Unsubscribe': expect.stringMatching(/^<https:\/\/mail\.example\.com\//),
    });
  });

  it('is scheduled for a later start, its first chunk held back at most 15 minutes', async () => {
    const id = await draft();
    expect(await sendCampaign(deps, ACCOUNT, id, { send_at: '2026-11-26T12:00:00.000Z' })).toEqual({
      id,
      status: 'scheduled',
      send_at: '2026-11-26T12:00:00.000Z',
    });
    expect(world.jobs.jobs[0].delaySeconds).toBe(900);
  });

  it('refuses a start more than 30 days ahead', async () => {
    const id = await draft();
    await expect(sendCampaign(deps, ACCOUNT, id, { send_at: '2027-01-26T12:00:00.000Z' })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
    });
    expect(await statusOf(id)).toBe('draft');
  });

  it('is sent once: a second send is 409', async () => {
    const id = await draft();
    await sendCampaign(deps, ACCOUNT, id, {});
    await expect(sendCampaign(deps, ACCOUNT, id, {})).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(world.jobs.jobs).toHaveLength(1);
  });

  it('ends failed with a reason when its fan-out cannot be queued', async () => {
    const id = await draft();
    deps.jobs.enqueue = async () => Promise.reject(new Error('SQS is unreachable'));
    await expect(sendCampaign(deps, ACCOUNT, id, {})).rejects.toThrow('SQS is unreachable');
    expect(await getCampaign(deps, ACCOUNT, id)).toMatchObject({
      status: 'failed',
      failure_reason: 'The fan-out could not be queued',
    });
  });

  it('is not sent without PUBLIC_BASE_URL, which its unsubscribe links need', async () => {
    const id = await draft();
    deps.tracking = trackingSettings('');
    await expect(sendCampaign(deps, ACCOUNT, id, {})).rejects.toMatchObject({ code: 'INTERNAL_ERROR' });
    expect(await statusOf(id)).toBe('draft');
  });

  it('is not sent from a sender the provider refuses', async () => {
    const { id } = await create({ from_email: 'me@elsewhere.net' });
    await expect(sendCampaign(deps, ACCOUNT, id, {})).rejects.toMatchObject({ code: 'FROM_NOT_ALLOWED' });
  });
});

describe('what only a draft may do', () => {
  it('is changed while a draft, and 409 once sending', async () => {
    const id = await draft();
    await expect(updateCampaign(deps, ACCOUNT, id, { subject: 'Better' })).resolves.toMatchObject({
      subject: 'Better',
    });
    await sendCampaign(deps, ACCOUNT, id, {});
    await expect(updateCampaign(deps, ACCOUNT, id, { subject: 'Late' })).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('refuses to clear both bodies', async () => {
    const id = await draft();
    await expect(updateCampaign(deps, ACCOUNT, id, { text: '' })).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  it('is deleted while a draft, and 409 once sending', async () => {
    const first = await draft();
    await deleteCampaign(deps, ACCOUNT, first);
    await expect(getCampaign(deps, ACCOUNT, first)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const second = await draft();
    await sendCampaign(deps, ACCOUNT, second, {});
    await expect(deleteCampaign(deps, ACCOUNT, second)).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('names a list of its own account, or is 404', async () => {
    await expect(create({ list_id: 'nope' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(create({}, 'acct-other')).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});

describe('cancelling a campaign', () => {
  it('stops a sending campaign: the mail not yet sent never leaves', async () => {
    readers(3);
    const id = await draft();
    await sendCampaign(deps, ACCOUNT, id, {});
    await runCampaignChunk(
      deps,
      { kind: 'campaign', account_id: ACCOUNT, campaign_id: id, cursor: 0 },
      { windowSeconds: 3600 },
    );
    expect(await cancelCampaign(deps, ACCOUNT, id)).toMatchObject({
      status: 'cancelled',
      finished_at: '2026-11-26T09:00:00.000Z',
    });
    expect(await drain(deps, { budgetMs: 60_000 })).toMatchObject({ sent: 0, cancelled: 3 });
    expect(world.messages.all().map((m) => m.error_message)).toEqual(
      Array(3).fill('The campaign was cancelled; not sent'),
    );
  });

  it('stops a scheduled campaign before its fan-out starts', async () => {
    readers(1);
    const id = await draft();
    await sendCampaign(deps, ACCOUNT, id, { send_at: '2026-11-26T09:05:00.000Z' });
    await cancelCampaign(deps, ACCOUNT, id);
    world.clock.set('2026-11-26T09:05:00.000Z');
    const job = { kind: 'campaign' as const, account_id: ACCOUNT, campaign_id: id, cursor: 0 };
    expect(await runCampaignChunk(deps, job, { windowSeconds: 3600 })).toEqual({
      outcome: 'stopped',
    });
  });

  it('is 409 for a draft or a campaign already over', async () => {
    const id = await draft();
    await expect(cancelCampaign(deps, ACCOUNT, id)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('draft'),
    });
    await sendCampaign(deps, ACCOUNT, id, {});
    await cancelCampaign(deps, ACCOUNT, id);
    await expect(cancelCampaign(deps, ACCOUNT, id)).rejects.toMatchObject({ code: 'CONFLICT' });
  });
});
