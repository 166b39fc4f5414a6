import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDrain } from '../../functions/handlers/drainer';
import { drainOnce } from '../support/drain';
import { startFaultProxy } from '../support/fault-proxy';
import { client, newAccount, startService, uniqueAddress, type TestService } from '../support/service';

/**
 * The drainer's pace, measured where the provider sees it (a proxy in front of the SES emulator).
 * A timing test: it runs in a group of its own after the service tests (vitest.config.ts), so that
 * no CPU-heavy file beside it (the fuzz test, a browser) can slow the sends it times.
 */
let service: TestService;
let proxy: Awaited<ReturnType<typeof startFaultProxy>>;

beforeAll(async () => {
  proxy = await startFaultProxy(process.env.AWS_ENDPOINT_URL_SESV2!);
  process.env.AWS_ENDPOINT_URL_SESV2 = proxy.endpoint;
  service = await startService();
});
afterAll(async () => {
  await service.close();
  await proxy.close();
});

describe('the drainer', () => {
  it('holds the configured send rate and reaches at least 90% of it', async () => {
    const paced = client(service, (await newAccount('Paced')).apiKey);
    await paced.post('/api/v1/providers', {
      type: 'ses',
      name: 'Paced',
      from_email: 'p@example.org',
      region: 'eu-west-1',
      send_rate_per_second: 10,
    });
    await paced.post('/api/v1/mail/send-batch', {
      messages: Array.from({ length: 30 }, () => ({ to: uniqueAddress(), subject: 'paced', text: 'x' })),
    });
    const before = proxy.sends.length;
    await drainOnce();
    const arrivals = proxy.sends.slice(before);
    expect(arrivals).toHaveLength(30);
    // The drainer grants sends at least 101 ms apart (test/pacer.test.ts holds that exactly). The proxy
    // sees them after signing, connection handling and this busy test process, so one late request
    // next to an on-time one can look like a burst: a window may show one send of jitter, never more.
    for (const start of arrivals)
      expect(arrivals.filter((t) => t >= start && t < start + 1000).length).toBeLessThanOrEqual(11);
    // Sustained, the rate stays at or under 10 a second and reaches at least 90% of it.
    expect(arrivals[29] - arrivals[0]).toBeGreaterThanOrEqual(29 * 100 - 100);
    expect(arrivals[29] - arrivals[0]).toBeLessThan((29 / 10 / 0.9) * 1000);
  });

  it('keeps the pace and sends each mail once when two runs start together (schedule, start on enqueue)', async () => {
    const paced = client(service, (await newAccount('Paced twice')).apiKey);
    await paced.post('/api/v1/providers', {
      type: 'ses',
      name: 'Paced',
      from_email: 'p@example.org',
      region: 'eu-north-1',
      send_rate_per_second: 10,
    });
    const batch = await paced.post('/api/v1/mail/send-batch', {
      messages: Array.from({ length: 30 }, () => ({ to: uniqueAddress(), subject: 'paced twice', text: 'x' })),
    });
    expect(batch.status).toBe(200);
    const before = proxy.sends.length;
    const reports = await Promise.all([runDrain(20_000), runDrain(20_000)]);
    // One run held the lease; the other found it held and left the work to it.
    expect(reports.filter((report) => report === undefined)).toHaveLength(1);
    expect(reports.find((report) => report !== undefined)?.sent).toBe(30);
    const arrivals = proxy.sends.slice(before);
    expect(arrivals).toHaveLength(30);
    for (const start of arrivals)
      expect(arrivals.filter((t) => t >= start && t < start + 1000).length).toBeLessThanOrEqual(11);
    expect(arrivals[29] - arrivals[0]).toBeGreaterThanOrEqual(29 * 100 - 100);
    for (const id of batch.body.data.messages.map((m: { message_id: string }) => m.message_id)) {
      expect((await paced.get(`/api/v1/mail/status/${encodeURIComponent(id)}`)).body.data.message.status).toBe('sent');
    }
  });
});
