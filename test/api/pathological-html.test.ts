import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drainOnce } from '../support/drain';
import { runJobsAndDrain } from '../support/jobs';
import { mailTo } from '../support/mailbox';
import { client, keyWith, uniqueAddress, type Client } from '../support/service';
import { startTrackedService } from '../support/tracked-service';

/**
 * docs/threat-model.md, "Content": every pass over a caller's body is linear, so a body at the
 * 512 KiB cap built to make a backtracking scan rescan the rest of the text from every position is
 * accepted and sent as fast as any other. The bound is wall-clock and generous (the suite shares the
 * machine); the scans this replaces took minutes on these bodies.
 */
const CAP = 512 * 1024;
const SLOW_MS = 3000;
const fill = (unit: string, room = CAP - 64) => unit.repeat(Math.floor(room / unit.length));

const PATHOLOGICAL_BODIES: Record<string, string> = {
  'anchors never closed': fill('<a '),
  'hrefs never closed': fill('<a href='),
  'one unclosed quote': `<a href="${'x'.repeat(CAP - 64)}`,
  'an attribute of 512 KiB': `<a title="${'y'.repeat(CAP - 128)}" href="https://example.com/">x</a>`,
  'hrefs in one tag': `<a${fill(' href="')}>`,
  'comments never closed': fill('<!--<a href="https://example.com/"'),
  'body ends': fill('</body>'),
  'body ends never closed': fill('</body '),
  'head ends never closed': fill('</head '),
  'placeholders never closed': `{{${' '.repeat(CAP - 64)}`,
};

let tracked: Awaited<ReturnType<typeof startTrackedService>>;
let api: Client;

beforeAll(async () => {
  tracked = await startTrackedService();
  api = client(tracked.service, await keyWith(tracked.accountId, ['subscribers', 'campaigns', 'mail'], 100_000));
});
afterAll(() => tracked.close());

const timed = async <T>(work: () => Promise<T>) => {
  const start = performance.now();
  const result = await work();
  return { result, ms: performance.now() - start };
};

describe('pathological HTML at the body cap', () => {
  for (const [name, html] of Object.entries(PATHOLOGICAL_BODIES)) {
    it(`sends ${name} at once, tracked`, async () => {
      const to = uniqueAddress('slow');
      const { result, ms } = await timed(() => api.post('/api/v1/mail/send', { to, subject: name, html }));
      expect(result.status, JSON.stringify(result.body)).toBe(200);
      expect(ms).toBeLessThan(SLOW_MS);
      const [mail] = await mailTo(to);
      expect(mail?.body.html).toContain('/t/o/');
    });
  }

  it('queues and drains every one of them at once', async () => {
    const recipients = Object.keys(PATHOLOGICAL_BODIES).map(() => uniqueAddress('queued'));
    for (const [i, html] of Object.values(PATHOLOGICAL_BODIES).entries()) {
      const { result, ms } = await timed(() =>
        api.post('/api/v1/mail/send-batch', { messages: [{ to: recipients[i], subject: 'Batch', html }] }),
      );
      expect(result.body.data).toMatchObject({ queued: 1 });
      expect(ms).toBeLessThan(SLOW_MS);
    }
    const { ms } = await timed(() => drainOnce());
    expect(ms).toBeLessThan(SLOW_MS * 3);
    for (const to of recipients) expect((await mailTo(to)).length, to).toBe(1);
  });

  it('creates, renders (placeholders, unsubscribe footer) and sends a campaign of each at once', async () => {
    const list = (await api.post('/api/v1/lists', { name: 'Slow list' })).body.data;
    const to = uniqueAddress('campaign');
    expect((await api.post('/api/v1/subscribers', { email: to, list_id: list.id, name: 'Reader' })).status).toBe(201);
    // A campaign's body cap is 256 KiB.
    const room = CAP / 2 - 64;
    // Campaign parts are Mustache: an unclosed tag is a syntax error, answered at once, however long.
    for (const html of [`{{${' '.repeat(room)}`, fill('{{ ', room)]) {
      const refused = await timed(() =>
        api.post('/api/v1/campaigns', { name: 'Slow', subject: 'Hello', html, list_id: list.id }),
      );
      expect(refused.result.status, JSON.stringify(refused.result.body)).toBe(400);
      expect(refused.result.body.error.details[0].field).toBe('html');
      expect(refused.ms).toBeLessThan(SLOW_MS);
    }
    // Valid ones: a footer search over thousands of </body> at the cap, and 7,000 placeholders (each parsed by
    // Mustache a few times at create: linear, but about 1 s of CPU at the full cap on a loaded machine).
    for (const html of [fill('</body>', room), fill('{{name}} ', room / 4)]) {
      const created = await timed(() =>
        api.post('/api/v1/campaigns', { name: 'Slow', subject: `{{name}}${' '.repeat(900)}`, html, list_id: list.id }),
      );
      expect(created.result.status, JSON.stringify(created.result.body)).toBe(201);
      expect(created.ms).toBeLessThan(SLOW_MS);
      expect((await api.post(`/api/v1/campaigns/${created.result.body.data.id}/send`, {})).status).toBe(202);
      const { ms } = await timed(() => runJobsAndDrain());
      expect(ms).toBeLessThan(SLOW_MS * 3);
    }
    const mails = await mailTo(to);
    expect(mails).toHaveLength(2);
    for (const mail of mails) expect(mail.body.html).toContain('/u/');
  });
});
