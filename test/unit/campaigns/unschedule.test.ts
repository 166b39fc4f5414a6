import { beforeEach, describe, expect, it } from 'vitest';
import {
  createCampaign,
  getCampaign,
  sendCampaign,
  type SendCampaignDeps,
} from '../../../functions/domain/campaigns/campaigns';
import { duplicateCampaign, unscheduleCampaign } from '../../../functions/domain/campaigns/campaign-drafts';
import { runCampaignChunk } from '../../../functions/domain/campaigns/fanout';
import { drain } from '../../../functions/domain/queue/drain';
import type { Job } from '../../../functions/ports';
import type { Subscriber } from '../../../functions/domain/types';
import { memoryListStore } from '../memory/audience';
import { memoryListRecipients } from '../memory/campaign-store';
import { trackingSettings } from '../memory/mail';
import { memoryTemplateStore } from '../memory/templates';
import { listRecord, subscriberRecord } from '../records';
import { ACCOUNT, memoryWorld, type MemoryWorld } from '../memory/world';

/** Resend's broadcast cancel: a scheduled campaign back to draft, and what its waiting job then does. */
const LIST = 'list-1';
let world: MemoryWorld;
let subscribers: Subscriber[];
let deps: SendCampaignDeps & MemoryWorld & { recipients: ReturnType<typeof memoryListRecipients> };

beforeEach(async () => {
  world = await memoryWorld();
  subscribers = [subscriberRecord(LIST, 1), subscriberRecord(LIST, 2)];
  const lists = memoryListStore();
  await lists.create(listRecord(LIST, ACCOUNT));
  deps = {
    ...world,
    tracking: trackingSettings('https://mail.example.com'),
    templates: memoryTemplateStore(),
    lists,
    recipients: memoryListRecipients(() => subscribers),
  };
});

const draft = async () =>
  (await createCampaign(deps, ACCOUNT, { name: 'News', subject: 'News', text: 'Hello', list_id: LIST })).id;
const jobOf = (id: string): Extract<Job, { kind: 'campaign' }> => ({
  kind: 'campaign',
  account_id: ACCOUNT,
  campaign_id: id,
  cursor: 0,
});

describe('a scheduled campaign back to draft', () => {
  it('is a draft again; its waiting job, waking, sends nothing', async () => {
    const id = await draft();
    await sendCampaign(deps, ACCOUNT, id, { send_at: '2026-11-26T09:10:00.000Z' });
    expect(await unscheduleCampaign(deps, ACCOUNT, id)).toMatchObject({ status: 'draft', send_at: null });
    world.clock.set('2026-11-26T09:11:00.000Z');
    expect(await runCampaignChunk(deps, jobOf(id), { windowSeconds: 3600 })).toEqual({ outcome: 'stopped' });
    await drain(deps, { budgetMs: 60_000 });
    expect(world.mailers.sent).toHaveLength(0);
    await expect(unscheduleCampaign(deps, ACCOUNT, id)).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('sent again later: the old job waits for the new time, and two jobs mail each reader once', async () => {
    const id = await draft();
    await sendCampaign(deps, ACCOUNT, id, { send_at: '2026-11-26T09:10:00.000Z' });
    await unscheduleCampaign(deps, ACCOUNT, id);
    await sendCampaign(deps, ACCOUNT, id, { send_at: '2026-11-26T09:20:00.000Z' });
    // The first schedule's job wakes at its old time: the new one is ahead, so it waits again.
    world.clock.set('2026-11-26T09:10:00.000Z');
    expect(await runCampaignChunk(deps, jobOf(id), { windowSeconds: 3600 })).toEqual({ outcome: 'waiting' });
    expect((await getCampaign(deps, ACCOUNT, id)).status).toBe('scheduled');
    world.clock.set('2026-11-26T09:20:00.000Z');
    await runCampaignChunk(deps, jobOf(id), { windowSeconds: 3600 });
    await runCampaignChunk(deps, jobOf(id), { windowSeconds: 3600 });
    await drain(deps, { budgetMs: 60_000 });
    expect(world.mailers.sent.map((s) => s.mail.to).sort()).toEqual(['reader1@example.org', 'reader2@example.org']);
    expect(await getCampaign(deps, ACCOUNT, id)).toMatchObject({ status: 'sent', stats: { recipients: 2, sent: 2 } });
  });

  it('a duplicate is a new draft with the same content, whatever the original became', async () => {
    const id = await draft();
    await sendCampaign(deps, ACCOUNT, id, {});
    const copy = await duplicateCampaign(deps, ACCOUNT, id);
    expect(copy).toMatchObject({ status: 'draft', subject: 'News', text: 'Hello', list_id: LIST, send_at: null });
    expect(copy.id).not.toBe(id);
    expect((await getCampaign(deps, ACCOUNT, id)).status).toBe('sending');
  });
});
