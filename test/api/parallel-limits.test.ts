import { awayFromMinuteEnd } from '../support/rate-window';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../../functions/adapters/dynamo/client';
import { keys } from '../../functions/adapters/dynamo/keys';
import { setClockForTests } from '../../functions/adapters/test-seams';
import { client, keyWith, newAccount, startService, uniqueAddress, type TestService } from '../support/service';

/**
 * Every "at most N" of the service, asked ~30 times at once: a limit checked by reading and then
 * writing lets parallel requests through together; a conditional write does not (issue 23, class 2).
 */
let service: TestService;

beforeAll(async () => {
  service = await startService();
});
afterAll(() => service.close());
afterEach(() => setClockForTests(undefined));

/** A fresh account with a key that the parallel requests do not rate-limit. */
const freshAccount = async () => {
  const { accountId } = await newAccount('Parallel');
  const api = client(service, await keyWith(accountId, ['admin', 'otp', 'subscribers', 'mail'], 100_000));
  return { accountId, api };
};

const statuses = (answers: { status: number }[]) => {
  const counts: Record<number, number> = {};
  for (const { status } of answers) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
};

const times = <T>(n: number, make: (i: number) => Promise<T>) =>
  Promise.all(Array.from({ length: n }, (_, i) => make(i)));

describe('limits under parallel requests', () => {
  it('webhook endpoints: 30 parallel creates leave exactly 10, the rest 409; deleting frees a place', async () => {
    const { api } = await freshAccount();
    const answers = await times(30, (i) =>
      api.post('/api/v1/webhook-endpoints', { url: `https://hooks.example.com/${i}`, events: ['email.sent'] }),
    );
    expect(statuses(answers)).toEqual({ 201: 10, 409: 20 });
    const listed = (await api.get('/api/v1/webhook-endpoints')).body.data.webhook_endpoints as { id: string }[];
    expect(listed).toHaveLength(10);

    // Deletes in parallel with creates: never more than 10, and every freed place can be taken again.
    const mixed = await Promise.all([
      ...listed.slice(0, 3).map((endpoint) => api.delete(`/api/v1/webhook-endpoints/${endpoint.id}`)),
      ...Array.from({ length: 20 }, (_, i) =>
        api.post('/api/v1/webhook-endpoints', { url: `https://hooks.example.com/again/${i}`, events: ['email.sent'] }),
      ),
    ]);
    expect(mixed.slice(0, 3).map((answer) => answer.status)).toEqual([200, 200, 200]);
    for (const answer of mixed.slice(3)) expect([201, 409]).toContain(answer.status);
    const after = (await api.get('/api/v1/webhook-endpoints')).body.data.webhook_endpoints;
    expect(after.length).toBeLessThanOrEqual(10);
    expect(after.length).toBe(7 + mixed.slice(3).filter((answer) => answer.status === 201).length);
    // A delete of the same endpoint twice at once frees one place only.
    const twice = await Promise.all([0, 1, 2].map(() => api.delete(`/api/v1/webhook-endpoints/${after[0].id}`)));
    expect(statuses(twice)).toEqual({ 200: 1, 404: 2 });
    const refill = await times(30, (i) =>
      api.post('/api/v1/webhook-endpoints', { url: `https://hooks.example.com/refill/${i}`, events: ['email.sent'] }),
    );
    expect(statuses(refill)[201]).toBe(10 - (after.length - 1));
    expect((await api.get('/api/v1/webhook-endpoints')).body.data.webhook_endpoints).toHaveLength(10);
  }, 60_000);

  it('webhook endpoints made before the count was kept: the first creations count them; the cap holds', async () => {
    const { accountId, api } = await freshAccount();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.push(
        (
          await api.post('/api/v1/webhook-endpoints', {
            url: `https://hooks.example.com/old/${i}`,
            events: ['email.sent'],
          })
        ).body.data.id,
      );
    // As an account of an earlier version has them: endpoints, and no count.
    const forget = () =>
      documentClient().send(
        new DeleteCommand({ TableName: tableName(), Key: keys.counter(accountId, 'webhook-endpoints') }),
      );
    await forget();
    expect((await api.delete(`/api/v1/webhook-endpoints/${ids[0]}`)).status).toBe(200);
    await forget();
    const answers = await times(30, (i) =>
      api.post('/api/v1/webhook-endpoints', { url: `https://hooks.example.com/new/${i}`, events: ['email.sent'] }),
    );
    expect(statuses(answers)).toEqual({ 201: 6, 409: 24 });
    expect((await api.get('/api/v1/webhook-endpoints')).body.data.webhook_endpoints).toHaveLength(10);
  }, 60_000);

  it('OTP: 30 parallel sends to one address open exactly 5 sessions', async () => {
    const { api } = await freshAccount();
    await api.post('/api/v1/providers', { type: 'ses', name: 'SES', from_email: 'codes@example.com' });
    const email = uniqueAddress('otp-race');
    const answers = await times(30, () => api.post('/api/v1/otp/send', { email }));
    expect(statuses(answers)).toEqual({ 200: 5, 429: 25 });
  }, 60_000);

  it('OTP: 30 parallel resends of one session send one code; 30 parallel guesses use at most 5 attempts', async () => {
    const { api } = await freshAccount();
    await api.post('/api/v1/providers', { type: 'ses', name: 'SES', from_email: 'codes@example.com' });
    const sent = await api.post('/api/v1/otp/send', { email: uniqueAddress('otp-resend') });
    const sessionId = sent.body.data.session_id as string;
    const at = Date.now() + 61_000;
    setClockForTests(() => new Date(at));
    const resends = await times(30, () => api.post('/api/v1/otp/resend', { session_id: sessionId }));
    expect(statuses(resends)).toEqual({ 200: 1, 429: 29 });
    expect((await api.get(`/api/v1/otp/status/${sessionId}`)).body.data).toMatchObject({
      attempts: 0,
      status: 'pending',
    });

    const guesses = await times(30, (i) =>
      api.post('/api/v1/otp/verify', { session_id: sessionId, code: String(100000 + i) }),
    );
    expect(statuses(guesses)).toEqual({ 400: 5, 429: 25 });
  }, 60_000);

  it('subscribers: 30 parallel creates of one address on a list make one subscriber, counted once', async () => {
    const { api } = await freshAccount();
    const list = (await api.post('/api/v1/lists', { name: 'Race' })).body.data;
    const email = uniqueAddress('sub-race');
    const answers = await times(30, (i) =>
      api.post('/api/v1/subscribers', { email: i % 2 ? email : email.toUpperCase(), list_id: list.id }),
    );
    expect(statuses(answers)).toEqual({ 201: 1, 409: 29 });
    expect((await api.get(`/api/v1/lists/${list.id}`)).body.data.subscriber_count).toBe(1);
  }, 60_000);

  it('providers: 30 parallel creates marked default leave exactly one default', async () => {
    const { api } = await freshAccount();
    const answers = await times(30, (i) =>
      api.post('/api/v1/providers', { type: 'ses', name: `SES ${i}`, from_email: 'a@example.com', is_default: true }),
    );
    expect(statuses(answers)).toEqual({ 201: 30 });
    const providers = (await api.get('/api/v1/providers')).body.data.providers as { is_default: boolean }[];
    expect(providers.filter((provider) => provider.is_default)).toHaveLength(1);
  }, 60_000);

  it("a provider's hourly limit and a key's rate limit hold for 30 parallel requests", async () => {
    const { accountId, api } = await freshAccount();
    await api.post('/api/v1/providers', { type: 'ses', name: 'SES', from_email: 'a@example.com', hourly_limit: 5 });
    await awayFromMinuteEnd();
    const sends = await times(30, (i) =>
      api.post('/api/v1/mail/send', { to: uniqueAddress(`hourly${i}`), subject: 'Hi', text: 'Hello' }),
    );
    expect(statuses(sends)).toEqual({ 200: 5, 429: 25 });

    const limited = client(service, await keyWith(accountId, ['admin'], 10));
    await awayFromMinuteEnd();
    const reads = await times(30, () => limited.get('/api/v1/webhook-endpoints'));
    expect(statuses(reads)).toEqual({ 200: 10, 429: 20 });
  }, 60_000);
});
