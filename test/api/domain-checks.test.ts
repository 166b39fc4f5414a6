import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDomainService } from '../support/domain-service';
import { client, newAccount, type Client } from '../support/service';

/**
 * Issue 35: DNS checks are bounded. A name server that never answers (the test DNS server's
 * `silence`) costs a look-up its deadline (2 s), not 9 s a try; the schedule checks several domains
 * at once, least recently checked first, starts none after its run's deadline, and stops at the
 * stop signal without waiting on the name servers.
 */
let service: Awaited<ReturnType<typeof startDomainService>>['service'];
let dns: Awaited<ReturnType<typeof startDomainService>>['dns'];
let api: Client;

let stop: () => Promise<void>;

beforeAll(async () => {
  ({ dns, service, stop } = await startDomainService());
  api = client(service, (await newAccount('Slow DNS')).apiKey);
});
afterAll(() => stop());

const uniqueDomain = (label: string) => `${label}-${Math.random().toString(36).slice(2, 10)}.example`;
type Record = { record: string; name: string; value: string; status: string; lookup_failed?: string };

const newDomain = async (label: string) => {
  const created = await api.post('/api/v1/domains', { name: uniqueDomain(label) });
  expect(created.status).toBe(201);
  return created.body.data as { id: string; name: string; records: Record[] };
};
const publishDkim = (records: Record[]) => {
  for (const r of records) if (r.record === 'DKIM') dns.publish(r.name, { type: 'CNAME', value: r.value });
};
const lastChecked = async (id: string) =>
  (await api.get(`/api/v1/domains/${id}`)).body.data.last_checked_at as string | null;
const timed = async <T>(work: () => Promise<T>) => {
  const started = performance.now();
  const result = await work();
  return { result, ms: performance.now() - started };
};

describe('DNS checks with a name server that never answers', () => {
  it('verify answers within a few seconds, naming the records that could not be looked up', async () => {
    const domain = await newDomain('silent');
    publishDkim(domain.records);
    dns.silence(`mail.${domain.name}`);
    const { result: verified, ms } = await timed(() => api.post(`/api/v1/domains/${domain.id}/verify`));
    expect(verified.status).toBe(200);
    expect(ms).toBeLessThan(4000);
    const records: Record[] = verified.body.data.records;
    const failed = records.filter((r) => r.lookup_failed);
    expect(failed.map((r) => r.record).sort()).toEqual(['MAIL_FROM_MX', 'MAIL_FROM_SPF']);
    expect(failed.every((r) => r.status === 'pending' && r.lookup_failed!.includes('no answer'))).toBe(true);
    expect(records.filter((r) => r.record === 'DKIM').map((r) => r.status)).toEqual([
      'verified',
      'verified',
      'verified',
    ]);
    expect(records.find((r) => r.record === 'DMARC')).toMatchObject({ status: 'missing' });
    expect(verified.body.data.status).toBe('verified');

    // Once the name server answers again, the next check says what it found, and no longer that it could not look.
    dns.answer(`mail.${domain.name}`);
    const again = (await api.post(`/api/v1/domains/${domain.id}/verify`)).body.data.records as Record[];
    expect(again.filter((r) => r.lookup_failed)).toEqual([]);
    expect(again.find((r) => r.record === 'MAIL_FROM_MX')).toMatchObject({ status: 'missing' });
  });

  it('a run with slow domains still checks the others; across runs each domain, none past its deadline', async () => {
    const { domainDeps } = await import('../../functions/adapters/wiring');
    const { checkDomains } = await import('../../functions/domain/domains/domains');
    const fast = [await newDomain('fast'), await newDomain('fast')];
    for (const domain of fast) publishDkim(domain.records);
    const slow: Awaited<ReturnType<typeof newDomain>>[] = [];
    for (let i = 0; i < 12; i++) {
      const domain = await newDomain('slow');
      dns.silence(domain.name);
      slow.push(domain);
    }
    const run = () => timed(() => checkDomains(domainDeps(), { runSeconds: 3, concurrency: 4 }));

    const first = await run();
    // Its deadline, plus the checks going then (a look-up's 2 s), plus the writes.
    expect(first.ms).toBeLessThan(7000);
    expect(first.result.left).toBeGreaterThan(0);
    for (const domain of fast)
      expect((await api.get(`/api/v1/domains/${domain.id}`)).body.data.status).toBe('verified');
    const unchecked = async () =>
      (await Promise.all(slow.map(async (d) => ((await lastChecked(d.id)) === null ? d.id : undefined)))).filter(
        Boolean,
      );
    expect((await unchecked()).length).toBeGreaterThan(0);

    // The ones the first run did not reach are the first of the next.
    const second = await run();
    expect(second.ms).toBeLessThan(7000);
    expect(await unchecked()).toEqual([]);
  }, 60_000);

  it("the stop signal ends a run at once: npm start's shutdown does not wait on the name servers", async () => {
    const { startDomainCheckTimer } = await import('../../local/domain-check-timer');
    const slow: Awaited<ReturnType<typeof newDomain>>[] = [];
    for (let i = 0; i < 3; i++) {
      const domain = await newDomain('stopped');
      dns.silence(domain.name);
      slow.push(domain);
    }
    const timer = startDomainCheckTimer(3600);
    void timer.runOnce();
    await new Promise((resolve) => setTimeout(resolve, 500));
    const { ms } = await timed(() => timer.stop());
    expect(ms).toBeLessThan(1000);
    // Their look-ups were cancelled: nothing they did not find is written.
    for (const domain of slow) expect(await lastChecked(domain.id)).toBeNull();
  });
});
