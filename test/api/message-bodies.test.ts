import { QueryCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { documentClient, tableName } from '../../functions/adapters/dynamo/client';
import { decodeBody } from '../../functions/domain/mail/kept-body';
import { setClockForTests } from '../../functions/adapters/test-seams';
import { drainOnce } from '../support/drain';
import { mailTo } from '../support/mailbox';
import {
  client,
  keyWith,
  newAccount,
  startService,
  uniqueAddress,
  type Client,
  type TestService,
} from '../support/service';

/**
 * docs/promises.md "Message bodies": a sent mail's body (before tracking) is kept MESSAGE_RETENTION_DAYS
 * and answered by GET /mail/status to its own account only; 0 days keeps none; an OTP mail's never.
 */
let service: TestService;
let api: Client;
let other: Client;
let accountId: string;

const provider = { type: 'ses', name: 'SES', from_email: 'sender@example.com', region: 'us-east-1' };

beforeAll(async () => {
  service = await startService();
  const account = await newAccount('Bodies');
  accountId = account.accountId;
  api = client(service, await keyWith(accountId, ['mail', 'otp', 'admin', 'subscribers'], 10_000));
  const stranger = await newAccount('Stranger');
  other = client(service, stranger.apiKey);
  for (const who of [api, other]) expect((await who.post('/api/v1/providers', provider)).status).toBe(201);
});
afterAll(() => service.close());
afterEach(() => {
  delete process.env.MESSAGE_RETENTION_DAYS;
  setClockForTests(undefined);
});

const html = '<p>Your order <a href="https://shop.example.com/o/1">#1</a> is on its way.</p>';
const text = 'Your order #1 is on its way: https://shop.example.com/o/1';

const statusOf = (as: Client, messageId: string) => as.get(`/api/v1/mail/status/${encodeURIComponent(messageId)}`);

/** The body items of the account's messages, decoded, straight from the table. */
const keptBodies = async () => {
  const { Items = [] } = await documentClient().send(
    new ScanCommand({
      TableName: tableName(),
      FilterExpression: 'sk = :body AND begins_with(pk, :account)',
      ExpressionAttributeValues: { ':body': 'BODY', ':account': `MSG#${accountId}#` },
    }),
  );
  return Items.map((item) => ({ pk: String(item.pk), ...decodeBody(item.content as Uint8Array) }));
};

describe('message bodies', () => {
  it('answers a sent mail its body as sent, before tracking, and to no other account', async () => {
    const to = uniqueAddress();
    const sent = await api.post('/api/v1/mail/send', { to, subject: 'Shipped', html, text });
    expect(sent.status).toBe(200);
    const { message_id } = sent.body.data;

    const status = await statusOf(api, message_id);
    expect(status.status).toBe(200);
    expect(status.body.data.message).toMatchObject({ message_id, subject: 'Shipped', html, text });
    // The body the status answers is the request's, not the one that left (which may carry tracking).
    expect((await mailTo(to))[0].body.text).toBe(text);

    const foreign = await statusOf(other, message_id);
    expect(foreign.status).toBe(404);
    expect(JSON.stringify(foreign.body)).not.toContain('on its way');
  });

  it('keeps the body of batch items (read after the drainer sent them) and of a scheduled send', async () => {
    const batch = await api.post('/api/v1/mail/send-batch', {
      messages: [
        { to: uniqueAddress(), subject: 'One', html: '<p>one</p>' },
        { to: uniqueAddress(), subject: 'Two', text: 'two' },
      ],
    });
    expect(batch.status).toBe(200);
    await drainOnce();
    const [one, two] = batch.body.data.messages;
    expect((await statusOf(api, one.message_id)).body.data.message).toMatchObject({
      status: 'sent',
      html: '<p>one</p>',
      text: null,
    });
    expect((await statusOf(api, two.message_id)).body.data.message).toMatchObject({ html: null, text: 'two' });

    const later = new Date(Date.now() + 86_400_000).toISOString();
    const scheduled = await api.post('/api/v1/mail/send', {
      to: uniqueAddress(),
      subject: 'Later',
      html,
      scheduled_at: later,
    });
    expect(scheduled.status).toBe(202);
    expect((await statusOf(api, scheduled.body.data.message_id)).body.data.message).toMatchObject({
      status: 'scheduled',
      html,
    });
  });

  it('stops answering a body once MESSAGE_RETENTION_DAYS have passed', async () => {
    process.env.MESSAGE_RETENTION_DAYS = '2';
    const sent = await api.post('/api/v1/mail/send', { to: uniqueAddress(), subject: 'Short', html });
    const { message_id } = sent.body.data;
    setClockForTests(() => new Date(Date.now() + 2 * 86_400_000 - 60_000));
    expect((await statusOf(api, message_id)).body.data.message.html).toBe(html);
    setClockForTests(() => new Date(Date.now() + 2 * 86_400_000 + 60_000));
    const expired = await statusOf(api, message_id);
    expect(expired.status).toBe(200);
    expect(expired.body.data.message).toMatchObject({ message_id, subject: 'Short', html: null, text: null });
  });

  it('keeps no body with MESSAGE_RETENTION_DAYS=0: the status answers null and nothing is written', async () => {
    process.env.MESSAGE_RETENTION_DAYS = '0';
    const sent = await api.post('/api/v1/mail/send', { to: uniqueAddress(), subject: 'None', html, text });
    expect(sent.status).toBe(200);
    const { message_id } = sent.body.data;
    expect((await statusOf(api, message_id)).body.data.message).toMatchObject({
      subject: 'None',
      html: null,
      text: null,
    });
    const uuid = /^<([^@]+)@/.exec(message_id)![1];
    const { Items = [] } = await documentClient().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': `MSG#${accountId}#${uuid}` },
      }),
    );
    expect(Items.map((item) => item.sk)).toEqual(['MESSAGE']);
  });

  it("never keeps an OTP mail's body (its code is a secret), while the account's other mail is kept", async () => {
    const before = (await keptBodies()).length;
    const email = uniqueAddress('otp');
    expect((await api.post('/api/v1/otp/send', { email })).status).toBe(200);
    const [mail] = await mailTo(email);
    const code = /^\s+(\d{4,8})$/m.exec(mail.body.text ?? '')?.[1];
    expect(code).toBeDefined();
    const sent = await api.post('/api/v1/mail/send', { to: uniqueAddress(), subject: 'After the code', text });
    expect(sent.status).toBe(200);

    const bodies = await keptBodies();
    expect(bodies).toHaveLength(before + 1);
    expect(bodies.map((body) => body.subject)).toContain('After the code');
    expect(JSON.stringify(bodies)).not.toContain(code);
  });

  it("never keeps a double opt-in confirmation's body (its link consents for the subscriber)", async () => {
    const before = (await keptBodies()).length;
    const list = (await api.post('/api/v1/lists', { name: 'Bodies news', double_opt_in: true })).body.data;
    const email = uniqueAddress('optin');
    expect((await api.post('/api/v1/subscribers', { email, list_id: list.id })).status).toBe(201);
    const batch = await api.post('/api/v1/mail/send-batch', {
      messages: [{ to: uniqueAddress(), subject: 'Kept', text }],
    });
    expect(batch.body.data.queued).toBe(1);
    await drainOnce();
    const [confirmation] = await mailTo(email);
    expect(confirmation.subject).toBe('Please confirm your subscription to Bodies news');

    const bodies = await keptBodies();
    expect(bodies.map((body) => body.subject)).toEqual(expect.arrayContaining(['Kept']));
    expect(bodies).toHaveLength(before + 1);
    expect(JSON.stringify(bodies)).not.toContain('/u/confirm/');
  });
});
