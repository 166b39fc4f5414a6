import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAwsFaultProxy } from '../support/aws-fault-proxy';
import { resendClient } from '../support/resend-account';
import { client, newAccount, startService, uniqueAddress, type Client, type TestService } from '../support/service';

/**
 * docs/promises.md "Request log": the entry is written after the answer is made, and a write that fails is
 * forgotten. DynamoDB Local behind a proxy that fails the log's PutItem (its items alone, by their key) shows
 * each answer is the one the same request gets with the log working, and nothing half-written is listed.
 */
let service: TestService;
let dynamo: Awaited<ReturnType<typeof startAwsFaultProxy>>;
let api: Client;
let apiKey: string;
const LOG_PUT = /"pk":\{"S":"REQLOG#/;

beforeAll(async () => {
  dynamo = await startAwsFaultProxy(process.env.AWS_ENDPOINT_URL_DYNAMODB!);
  process.env.AWS_ENDPOINT_URL_DYNAMODB = dynamo.endpoint;
  service = await startService();
  apiKey = (await newAccount('Log faults')).apiKey;
  api = client(service, apiKey);
  await api.post('/api/v1/providers', { type: 'ses', name: 'SES', from_email: 'faults@example.com' });
});
afterAll(async () => {
  await service.close();
  await dynamo.close();
});

/** The account's logged requests (their endpoints), oldest first. */
const logged = async () => {
  const page = await api.get('/api/v1/logs?limit=100');
  expect(page.status).toBe(200);
  return (page.body.data.logs as { endpoint: string; method: string }[]).map((e) => `${e.method} ${e.endpoint}`);
};

describe('a request-log write that fails', () => {
  it('leaves every answer as it is: success, refusal, the SDK’s; the next request is logged again', async () => {
    const sent = await api.post('/api/v1/mail/send', { to: uniqueAddress(), subject: 'Kept', text: 't' });
    expect(sent.status).toBe(200);
    const statusPath = `/api/v1/mail/status/${encodeURIComponent(sent.body.data.message_id)}`;
    const healthy = {
      status: await api.get(statusPath),
      refused: await api.post('/api/v1/mail/send', { to: 'not-an-address', subject: 's', text: 't' }),
    };
    const before = await logged();

    dynamo.fail('PutItem', { body: LOG_PUT });
    const faulty = {
      status: await api.get(statusPath),
      refused: await api.post('/api/v1/mail/send', { to: 'not-an-address', subject: 's', text: 't' }),
    };
    const another = await api.post('/api/v1/mail/send', { to: uniqueAddress(), subject: 'During', text: 't' });
    const viaResend = await resendClient(service, apiKey).emails.send({
      from: 'faults@example.com',
      to: uniqueAddress(),
      subject: 'During',
      text: 't',
    });
    dynamo.clear();

    // The same requests answer the same, byte for byte in their bodies.
    expect([faulty.status.status, faulty.status.body]).toEqual([healthy.status.status, healthy.status.body]);
    expect([faulty.refused.status, faulty.refused.body]).toEqual([400, healthy.refused.body]);
    // A send is sent (its record written, its answer whole), natively and through the SDK.
    expect([another.status, another.body.data.status]).toEqual([200, 'sent']);
    expect((await api.get(`/api/v1/mail/status/${encodeURIComponent(another.body.data.message_id)}`)).status).toBe(200);
    expect(viaResend.error).toBeNull();
    expect(viaResend.data?.id).toMatch(/^[0-9a-f-]{36}$/);

    // None of the four was logged (no partial entry); the log works again at once: the status read after it is.
    const after = await logged();
    expect(after.slice(0, after.length - before.length)).toEqual([
      `GET /api/v1/mail/status/${encodeURIComponent(another.body.data.message_id)}`,
    ]);
  });
});
