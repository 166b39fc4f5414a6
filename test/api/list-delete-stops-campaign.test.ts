import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeleteMessageCommand, ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { decodeJob } from '../../functions/adapters/sqs-job-queue';
import { campaignMessageUuid } from '../../functions/domain/campaigns/message-uuid';
import { runJob } from '../../functions/handlers/jobs';
import { drainOnce, peekQueue } from '../support/drain';
import { runJobsAndDrain } from '../support/jobs';
import type { SentMail } from '../support/mailbox';
import { client, keyWith, uniqueAddress, type Client } from '../support/service';
import { startTrackedService } from '../support/tracked-service';

/**
 * docs/promises.md: "DELETE /lists/{id} cancels the list's scheduled and sending campaigns: their mail
 * not yet handed to the provider is not sent" — also when the fan-out is under way (issue 23, class 3).
 */
let tracked: Awaited<ReturnType<typeof startTrackedService>>;
let api: Client;

beforeAll(async () => {
  process.env.DRAIN_RETRY_BASE_SECONDS = '0';
  tracked = await startTrackedService();
  api = client(
    tracked.service,
    await keyWith(tracked.accountId, ['subscribers', 'campaigns', 'mail', 'admin'], 100_000),
  );
});
afterAll(() => tracked.close());

const mailbox = async () =>
  ((await (await fetch(`${process.env.SES_ENDPOINT}/store`)).json()) as { emails: SentMail[] }).emails;

const newList = async (size: number, label: string) => {
  const list = (await api.post('/api/v1/lists', { name: `${label} list` })).body.data;
  const subscribers: { id: string; email: string }[] = [];
  for (let i = 0; i < size; i += 25) {
    const created = await Promise.all(
      Array.from({ length: Math.min(25, size - i) }, () =>
        api.post('/api/v1/subscribers', { email: uniqueAddress(label), list_id: list.id }),
      ),
    );
    for (const answer of created) {
      expect(answer.status).toBe(201);
      subscribers.push({ id: answer.body.data.id, email: answer.body.data.email });
    }
  }
  return { listId: list.id as string, subscribers };
};

/** The fan-out's next job, run once as its trigger would, then taken off the queue. */
const runOneJob = async () => {
  const sqs = new SQSClient({ useQueueUrlAsEndpoint: false });
  try {
    const { Messages = [] } = await sqs.send(
      new ReceiveMessageCommand({ QueueUrl: process.env.JOB_QUEUE_URL, MaxNumberOfMessages: 1, VisibilityTimeout: 60 }),
    );
    expect(Messages).toHaveLength(1);
    await runJob(decodeJob(Messages[0]!.Body!));
    await sqs.send(
      new DeleteMessageCommand({ QueueUrl: process.env.JOB_QUEUE_URL, ReceiptHandle: Messages[0]!.ReceiptHandle }),
    );
  } finally {
    sqs.destroy();
  }
};

const statusesOf = async (campaignId: string, subscribers: { id: string }[]) => {
  const statuses: Record<string, number> = {};
  for (let i = 0; i < subscribers.length; i += 25) {
    const answers = await Promise.all(
      subscribers
        .slice(i, i + 25)
        .map((s) =>
          api.get(
            `/api/v1/mail/status/${encodeURIComponent(`<${campaignMessageUuid(campaignId, s.id)}@example.com>`)}`,
          ),
        ),
    );
    for (const answer of answers) {
      const message = answer.body.data?.message as { status: string; error_message?: string } | undefined;
      const status = !message
        ? `http ${answer.status}`
        : message.status === 'failed'
          ? `failed: ${message.error_message}`
          : message.status;
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  }
  return statuses;
};

describe('deleting a list stops its campaign', () => {
  it('mid-fan-out: mail not yet handed over is not sent, and every message ends final', async () => {
    const { listId, subscribers } = await newList(600, 'stop');
    const campaign = (
      await api.post('/api/v1/campaigns', { name: 'Doomed', subject: 'Hi', text: 'Hello', list_id: listId })
    ).body.data;
    expect((await api.post(`/api/v1/campaigns/${campaign.id}/send`)).status).toBe(202);

    // The first chunk (500) is queued, a few are sent, then the list goes.
    await runOneJob();
    await drainOnce(300);
    const sentBefore = new Set((await mailbox()).flatMap((mail) => mail.destination.to));
    const deleted = await api.delete(`/api/v1/lists/${listId}`);
    expect(deleted.status).toBe(200);
    expect((await api.get(`/api/v1/campaigns/${campaign.id}`)).body.data.status).toBe('cancelled');

    await runJobsAndDrain();
    const all = await mailbox();
    const mailed = subscribers.filter((s) => all.some((mail) => mail.destination.to.includes(s.email)));
    // Nothing beyond what was sent before the DELETE answered.
    expect(mailed.length).toBeLessThan(600);
    expect(mailed.every((s) => sentBefore.has(s.email))).toBe(true);

    // Every message the fan-out wrote ends final: sent before the delete, or failed as cancelled; none
    // left queued. Those of the chunk that never ran were never written.
    const statuses = await statusesOf(campaign.id, subscribers);
    for (const status of Object.keys(statuses))
      expect(['sent', 'failed: The campaign was cancelled; not sent', 'http 404']).toContain(status);
    expect(statuses['failed: The campaign was cancelled; not sent']).toBeGreaterThan(0);
    expect(statuses.sent ?? 0).toBe(mailed.length);
    expect(await peekQueue()).toEqual([]);
    expect((await api.get(`/api/v1/campaigns/${campaign.id}`)).body.data.status).toBe('cancelled');
  }, 240_000);

  it('a scheduled campaign of a deleted list never sends', async () => {
    const { listId, subscribers } = await newList(5, 'sched-stop');
    const campaign = (
      await api.post('/api/v1/campaigns', { name: 'Later', subject: 'Hi', text: 'Hello', list_id: listId })
    ).body.data;
    expect(
      (await api.post(`/api/v1/campaigns/${campaign.id}/send`, { send_at: new Date(Date.now() + 1_000).toISOString() }))
        .status,
    ).toBe(202);
    expect((await api.delete(`/api/v1/lists/${listId}`)).status).toBe(200);
    expect((await api.get(`/api/v1/campaigns/${campaign.id}`)).body.data.status).toBe('cancelled');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await runJobsAndDrain();
    const all = await mailbox();
    expect(subscribers.filter((s) => all.some((mail) => mail.destination.to.includes(s.email)))).toEqual([]);
  }, 60_000);
});
