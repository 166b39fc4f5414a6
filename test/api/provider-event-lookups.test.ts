import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentClient, tableName } from '../../functions/adapters/dynamo/client';
import { keys } from '../../functions/adapters/dynamo/keys';
import { awsCalls, resetAwsCalls } from '../../functions/adapters/instrument';
import { messageUuid } from '../../functions/domain/mail/message-id';
import { fixtureText } from '../support/fixtures';
import { signedSendgrid } from '../support/provider-signing';
import { postToReceiver, receiverSetup, type ReceiverSetup } from '../support/receivers';
import { seedMessage } from '../support/seed-message';
import { startService, type TestService } from '../support/service';
import { startSmtpSink } from '../support/smtp-sink';

/**
 * How a webhook request finds the messages its events name (issue 15): together, not one index query
 * per event. Counted like the bench does, by the middleware on the SDK clients.
 */
let service: TestService;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;

beforeAll(async () => {
  service = await startService();
  sink = await startSmtpSink();
});
afterAll(async () => {
  await service.close();
  await sink.close();
});

const READS = ['DynamoDB.GetItem', 'DynamoDB.Query', 'DynamoDB.BatchGetItem', 'DynamoDB.Scan'];
const reads = () => READS.reduce((n, name) => n + (awsCalls[name] ?? 0), 0);

let sequence = 0;
const delivered = (email: string, sgMessageId: string, messageUuid?: string) => ({
  email,
  event: 'delivered',
  sg_event_id: `ev-${++sequence}-${Math.random().toString(36).slice(2)}`,
  sg_message_id: `${sgMessageId}.recvd-1-0`,
  timestamp: 1794821400,
  ...(messageUuid ? { message_uuid: messageUuid } : {}),
});

const postSendgrid = (s: ReceiverSetup, events: unknown[]) => {
  const { body, headers } = signedSendgrid(JSON.stringify(events), '1794821400');
  return postToReceiver(service, 'sendgrid', s.providerIds.sendgrid, body, headers);
};

const statusOf = async (s: ReceiverSetup, messageId: string) =>
  (await s.api.get(`/api/v1/mail/status/${encodeURIComponent(messageId)}`)).body.data.message.status;

describe('SendGrid: the messages of one request are looked up together', () => {
  it('sends our id as a custom argument, and 100 events that carry it find their messages in <= 10 reads', async () => {
    const s = await receiverSetup(service);
    // A SendGrid-configured relay (here the sink) gets our id in X-SMTPAPI, which SendGrid copies into every event.
    const relay = await s.api.post('/api/v1/providers', {
      type: 'smtp',
      name: 'SendGrid relay',
      from_email: 'a@example.com',
      host: '127.0.0.1',
      port: sink.port,
      secure: false,
      is_default: true,
      events: { source: 'sendgrid', signing_key: fixtureText('sendgrid/public-key.txt').trim() },
    });
    expect(relay.status).toBe(201);
    const sent = await s.api.post('/api/v1/mail/send', { to: 'first@example.com', subject: 'hi', text: 'x' });
    expect(sent.status).toBe(200);
    const uuid = messageUuid(sent.body.data.message_id);
    const raw = sink.received.find((mail) => mail.to.includes('first@example.com'))!.raw;
    expect(raw).toContain(`X-SMTPAPI: {"unique_args":{"message_uuid":"${uuid}"}}`);

    const messages = [sent.body.data.message_id as string];
    for (let i = 1; i < 100; i++)
      messages.push(
        await seedMessage(s.accountId, `sg-${i}-${Math.random().toString(36).slice(2)}`, `r${i}@example.com`),
      );
    const events = messages.map((id, i) =>
      delivered(i === 0 ? 'first@example.com' : `r${i}@example.com`, `unknown-${i}`, messageUuid(id)),
    );

    resetAwsCalls();
    const answer = await postSendgrid(s, events);
    expect(answer.status).toBe(200);
    // The provider by its id, then one BatchGetItem for the 100 messages.
    expect(reads()).toBeLessThanOrEqual(10);
    expect(awsCalls['DynamoDB.BatchGetItem']).toBe(1);
    for (const id of [messages[0], messages[1], messages[50], messages[99]])
      expect(await statusOf(s, id)).toBe('delivered');
  });

  it(
    'events without our id: one index query per distinct provider id, and messages written before gsi6 are still ' +
      'found by gsi1',
    async () => {
      const s = await receiverSetup(service);
      const current = await seedMessage(s.accountId, 'sg-current-1', 'current@example.com');
      // A message as the service wrote it before gsi6: its provider id on gsi1.
      const legacyId = `<${crypto.randomUUID()}@example.com>`;
      await documentClient().send(
        new PutCommand({
          TableName: tableName(),
          Item: {
            ...keys.message(s.accountId, messageUuid(legacyId)),
            ...keys.legacyMessageByProviderId('sg-legacy-1'),
            entity: 'message',
            message_id: legacyId,
            account_id: s.accountId,
            provider_id: 'seeded',
            provider_message_id: 'sg-legacy-1',
            from_email: 'a@example.com',
            from_name: null,
            to_email: 'legacy@example.com',
            cc: [],
            bcc: [],
            reply_to: null,
            subject: 'legacy',
            tags: [],
            metadata: {},
            status: 'sent',
            error_message: null,
            sent_at: '2026-11-16T09:00:00.000',
            created_at: '2026-11-16T09:00:00.000',
          },
        }),
      );
      const events = [
        delivered('current@example.com', 'sg-current-1'),
        delivered('current@example.com', 'sg-current-1'),
        delivered('legacy@example.com', 'sg-legacy-1'),
      ];

      resetAwsCalls();
      expect((await postSendgrid(s, events)).status).toBe(200);
      // The provider; gsi6 once per distinct id (2); gsi1 for the one gsi6 did not know; the records found on
      // gsi6 in one read.
      expect(awsCalls['DynamoDB.Query']).toBe(4);
      expect(awsCalls['DynamoDB.BatchGetItem']).toBe(1);
      expect(await statusOf(s, current)).toBe('delivered');
      expect(await statusOf(s, legacyId)).toBe('delivered');
    },
  );
});
