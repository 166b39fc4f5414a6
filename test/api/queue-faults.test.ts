import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentClient } from '../../functions/adapters/dynamo/client';
import { startAwsFaultProxy } from '../support/aws-fault-proxy';
import { drainOnce } from '../support/drain';
import { runJobs } from '../support/jobs';
import { mailboxNow } from '../support/mailbox';
import { client, newAccount, startService, uniqueAddress, type Client, type TestService } from '../support/service';
import { startSmtpSink } from '../support/smtp-sink';

/**
 * Issue 9: failed AWS calls lose no accepted mail and send nothing twice. Faults are injected at the
 * network level, by proxies in front of the SQS emulator and DynamoDB Local.
 */
let service: TestService;
let api: Client;
let sqs: Awaited<ReturnType<typeof startAwsFaultProxy>>;
let dynamo: Awaited<ReturnType<typeof startAwsFaultProxy>>;
const VISIBILITY_MS = 30_000; // the test queue's VisibilityTimeout (worker-environment.ts)

beforeAll(async () => {
  sqs = await startAwsFaultProxy(process.env.AWS_ENDPOINT_URL_SQS!);
  dynamo = await startAwsFaultProxy(process.env.AWS_ENDPOINT_URL_DYNAMODB!);
  process.env.AWS_ENDPOINT_URL_SQS = sqs.endpoint;
  process.env.AWS_ENDPOINT_URL_DYNAMODB = dynamo.endpoint;
  process.env.DRAIN_RETRY_BASE_SECONDS = '0';
  service = await startService();
  api = client(service, (await newAccount('Faults')).apiKey);
  await api.post('/api/v1/providers', { type: 'ses', name: 'SES', from_email: 'faults@example.com' });
});
afterAll(async () => {
  await service.close();
  await Promise.all([sqs.close(), dynamo.close()]);
});

const statusOf = async (caller: Client, messageId: string) =>
  (await caller.get(`/api/v1/mail/status/${encodeURIComponent(messageId)}`)).body.data.message;
const batchOf = (recipients: string[]) => ({
  messages: recipients.map((to, i) => ({ to, subject: `fault ${i}`, text: 'x' })),
});

describe('failed SQS calls', () => {
  it('a failed SendMessageBatch: each item answers failed with the reason; nothing queued, nothing sent', async () => {
    sqs.fail('SendMessageBatch');
    const recipients = [uniqueAddress('q1'), uniqueAddress('q2')];
    const answer = await api.post('/api/v1/mail/send-batch', batchOf(recipients));
    sqs.clear();
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ queued: 0, failed: 2 });
    for (const entry of answer.body.data.messages) {
      expect(entry.error.code).toBe('SEND_FAILED');
      expect(await statusOf(api, entry.message_id)).toMatchObject({
        status: 'failed',
        error_message: expect.stringContaining('could not be queued'),
      });
    }
    await drainOnce();
    const sentTo = await mailboxNow();
    for (const to of recipients) expect(sentTo(to)).toHaveLength(0);
  });

  it('failed DeleteMessageBatch and ChangeMessageVisibility: every mail is sent exactly once', async () => {
    // Deletes fail: the three sent items stay in the queue and come back after the visibility timeout.
    const deleted = [uniqueAddress('d1'), uniqueAddress('d2'), uniqueAddress('d3')];
    sqs.fail('DeleteMessageBatch');
    const first = await api.post('/api/v1/mail/send-batch', batchOf(deleted));
    const report = await drainOnce();
    sqs.clear();
    expect(report).toMatchObject({ sent: 3 });
    expect(report.errors).toBeGreaterThan(0);

    // Hand-backs fail: a slow provider and a short run leave items that the run cannot give back at once.
    const sink = await startSmtpSink();
    const slowAccount = await newAccount('Slow');
    const slow = client(service, slowAccount.apiKey);
    await slow.post('/api/v1/providers', {
      type: 'smtp',
      name: 'Slow',
      from_email: 's@example.org',
      host: '127.0.0.1',
      port: sink.port,
      secure: false,
      send_rate_per_second: 2,
    });
    const handed = Array.from({ length: 6 }, (_, i) => uniqueAddress(`h${i}`));
    const second = await slow.post('/api/v1/mail/send-batch', batchOf(handed));
    sqs.fail('ChangeMessageVisibility');
    await drainOnce(1_200);
    sqs.clear();
    try {
      await new Promise((resolve) => setTimeout(resolve, VISIBILITY_MS + 1_000));
      await drainOnce();
      await drainOnce();
      const sentTo = await mailboxNow();
      for (const to of deleted) expect(sentTo(to), to).toHaveLength(1);
      for (const entry of first.body.data.messages) expect((await statusOf(api, entry.message_id)).status).toBe('sent');
      for (const to of handed)
        expect(
          sink.received.filter((mail) => mail.to.includes(to)),
          to,
        ).toHaveLength(1);
      for (const entry of second.body.data.messages)
        expect((await statusOf(slow, entry.message_id)).status).toBe('sent');
    } finally {
      await sink.close();
    }
  }, 90_000);
});

describe('failed DynamoDB writes', () => {
  it('a single send whose record cannot be written gives its reserved sends back', async () => {
    const limited = client(service, (await newAccount('Quota')).apiKey);
    await limited.post('/api/v1/providers', {
      type: 'ses',
      name: 'SES',
      from_email: 'quota@example.com',
      hourly_limit: 3,
    });
    // Six: each refused send's record and then its request-log entry (a Put too, whose failure the answer ignores).
    dynamo.fail('PutItem', { times: 6, status: 400, type: 'com.amazonaws.dynamodb.v20120810#ValidationException' });
    for (let i = 0; i < 3; i++)
      expect((await limited.post('/api/v1/mail/send', { to: uniqueAddress(), subject: 's', text: 't' })).status).toBe(
        500,
      );
    dynamo.clear();
    const valid = await limited.post('/api/v1/mail/send', { to: uniqueAddress(), subject: 's', text: 't' });
    expect(valid.status).toBe(200);
  });

  it('a batch whose second write fails leaves no record queued and sends nothing', async () => {
    const recipients = Array.from({ length: 30 }, (_, i) => uniqueAddress(`w${i}`));
    dynamo.fail('BatchWriteItem', {
      skip: 1,
      times: 1,
      status: 400,
      type: 'com.amazonaws.dynamodb.v20120810#ValidationException',
    });
    const answer = await api.post('/api/v1/mail/send-batch', batchOf(recipients));
    dynamo.clear();
    expect(answer.status).toBe(500);
    await drainOnce();
    const sentTo = await mailboxNow();
    for (const to of recipients) expect(sentTo(to)).toHaveLength(0);
    const { Items = [] } = await documentClient().send(
      new ScanCommand({
        TableName: process.env.TABLE_NAME,
        FilterExpression: 'entity = :m',
        ExpressionAttributeValues: { ':m': 'message' },
      }),
    );
    const ours = Items.filter((item) => recipients.includes(item.to_email as string));
    expect(ours.length).toBeGreaterThan(0); // the first chunk was written...
    expect(ours.every((item) => item.status === 'failed')).toBe(true); // ...and ended failed
  });
});

describe('a failed campaign counter write', () => {
  it("is kept and written at the run's end: the campaign still turns sent with every mail counted", async () => {
    process.env.PUBLIC_BASE_URL = service.baseUrl;
    try {
      const owner = await newAccount('Counted');
      const own = client(service, owner.apiKey);
      await own.post('/api/v1/providers', { type: 'ses', name: 'SES', from_email: 'news@example.com' });
      const list = (await own.post('/api/v1/lists', { name: 'Twelve' })).body.data;
      for (let i = 0; i < 12; i++)
        expect(
          (await own.post('/api/v1/subscribers', { list_id: list.id, email: uniqueAddress(`c${i}`) })).status,
        ).toBe(201);
      const campaign = (
        await own.post('/api/v1/campaigns', {
          name: 'n',
          subject: 'Hi {{name}}',
          text: 'x {{unsubscribe_url}}',
          list_id: list.id,
        })
      ).body.data;
      expect((await own.post(`/api/v1/campaigns/${campaign.id}/send`)).status).toBe(202);
      await runJobs();
      // The tally's first write (after ten mails) fails for good: all four tries the DynamoDB client makes; the second
      // (the run's end) goes through.
      dynamo.fail('UpdateItem', { times: 4, body: /"sk":\{"S":"STATS"\}/ });
      const report = await drainOnce();
      dynamo.clear();
      expect(report.sent).toBe(12);
      // The failed write is reported as the tally's (every mail still settled and left the queue).
      expect(report.errors).toBe(1);
      const done = (await own.get(`/api/v1/campaigns/${campaign.id}`)).body.data;
      expect(done).toMatchObject({ status: 'sent', stats: { recipients: 12, sent: 12, failed: 0 } });
    } finally {
      delete process.env.PUBLIC_BASE_URL;
    }
  });
});
