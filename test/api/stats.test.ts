import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dynamoMessageStore } from '../../functions/adapters/dynamo/message-store';
import { encodeMail } from '../../functions/adapters/sqs-send-queue';
import { setClockForTests } from '../../functions/adapters/test-seams';
import type { MailMessage } from '../../functions/domain/types';
import { drainOnce, requeue } from '../support/drain';
import { snsCertDir } from '../support/fixtures';
import { mailTo } from '../support/mailbox';
import { pinClock, postFixture, receiverFixture, receiverSetup } from '../support/receivers';
import { providerEvents, sendMany } from '../support/reputation';
import { seedMessage } from '../support/seed-message';
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
 * Issue 14: GET /stats, counted beside the events (sends, provider events, opens and clicks), and the
 * brake that pauses an account's sending at SES's pause thresholds until an admin resumes it.
 */
let service: TestService;

const snsCerts = snsCertDir();
beforeAll(async () => {
  process.env.SNS_CERT_DIR = snsCerts;
  process.env.DRAIN_PAUSED_WAIT_SECONDS = '1';
  service = await startService();
});
afterAll(async () => {
  delete process.env.DRAIN_PAUSED_WAIT_SECONDS;
  await service.close();
});
afterEach(() => setClockForTests(undefined));

const ZERO = {
  sent: 0,
  delivered: 0,
  bounced_hard: 0,
  bounced_soft: 0,
  complained: 0,
  opened: 0,
  clicked: 0,
  failed: 0,
};

const stats = async (api: Client, query = '') => {
  const answer = await api.get(`/api/v1/stats${query}`);
  expect(answer.status).toBe(200);
  return answer.body.data;
};

/** An account set up for the receivers (its default provider is an SES one), whose key may call fast. */
const setup = async () => {
  const s = await receiverSetup(service);
  const fast = client(service, await keyWith(s.accountId, ['mail', 'otp', 'admin', 'subscribers'], 1000));
  return { ...s, api: fast };
};

const { hardBounces, complaints } = providerEvents(() => service);

describe('GET /stats', () => {
  it('answers zeros for a fresh account: seven days by default, rates null, no warnings, not paused', async () => {
    const { apiKey } = await newAccount('Fresh');
    const data = await stats(client(service, apiKey));
    expect(data).toMatchObject({
      days: 7,
      ...ZERO,
      bounce_rate: null,
      complaint_rate: null,
      warnings: [],
      sending: { paused: false, paused_at: null, reason: null, resumed_at: null },
    });
    expect(data.last_24_hours).toEqual({
      sent: 0,
      bounced_hard: 0,
      complained: 0,
      bounce_rate: null,
      complaint_rate: null,
    });
    expect(data.daily).toHaveLength(7);
    expect(data.daily.at(-1)).toEqual({ date: new Date().toISOString().slice(0, 10), ...ZERO });
    expect(data.from).toBe(data.daily[0].date);
    expect(data.to).toBe(data.daily.at(-1).date);
    expect((await stats(client(service, apiKey), '?days=90')).daily).toHaveLength(90);
    expect((await stats(client(service, apiKey), '?days=1')).daily).toHaveLength(1);
  });

  it.each(['0', '91', '-1', '7.5', 'abc', '', '1e9', '%00'])('days=%s is a 400 VALIDATION_ERROR', async (days) => {
    const { apiKey } = await newAccount('Bad days');
    const answer = await client(service, apiKey).get(`/api/v1/stats?days=${days}`);
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('VALIDATION_ERROR');
    expect(answer.body.error.details).toEqual([expect.objectContaining({ field: 'days' })]);
  });

  it('needs the mail permission', async () => {
    const { accountId } = await newAccount('Perm');
    const answer = await client(service, await keyWith(accountId, ['otp'])).get('/api/v1/stats');
    expect(answer.status).toBe(403);
  });

  it("counts sends and providers' bounces, complaints, deliveries from receivers' fixtures, once each", async () => {
    pinClock();
    const s = await setup();
    expect(
      (await s.api.post('/api/v1/mail/send', { to: uniqueAddress(), subject: 'One', text: 'x', cc: [uniqueAddress()] }))
        .status,
    ).toBe(200);
    const deliveredId = '010001a1e3a7d6ec-fffd131d-36b5-4709-b090-b6a96e19aedb-000000';
    await seedMessage(s.accountId, deliveredId);

    const fixtures = [
      'sns/notification-bounce-permanent-general.v1.json', // 1 hard
      'sns/notification-bounce-permanent-2-recipients.v2.json', // 2 hard
      'sns/notification-bounce-transient-mailboxfull.v1.json', // 1 soft
      'sns/notification-complaint-abuse.v2.json', // 1 complaint
      'sns/notification-delivery.v1.json', // the seeded message delivered
      'mailgun/failed-temporary.json', // 1 soft
      'mailgun/complained.json', // 1 complaint
    ];
    for (const file of fixtures) expect((await postFixture(service, s, receiverFixture(file))).status).toBe(200);
    // Redelivered events count nothing twice (the delivery is not deduplicated, but the message moves once).
    for (const file of fixtures.filter((f) => f.startsWith('sns/')))
      await postFixture(service, s, receiverFixture(file));
    // A manual report is the account's own bookkeeping, not a provider's figure.
    expect((await s.api.post('/api/v1/bounces', { email: uniqueAddress(), bounce_type: 'hard' })).status).toBe(201);

    const data = await stats(s.api);
    // The send had a cc: two recipients, as SES counts them.
    expect(data).toMatchObject({
      sent: 2,
      delivered: 1,
      bounced_hard: 3,
      bounced_soft: 2,
      complained: 2,
      bounce_rate: null,
      complaint_rate: null,
    });
    const today = data.daily.at(-1);
    expect(today).toMatchObject({ date: data.to, sent: 2, bounced_hard: 3, complained: 2 });
    expect(data.daily.slice(0, -1).every((day: Record<string, number>) => day.sent === 0)).toBe(true);
  });

  it('counts the first open and the first click of a message by a reader, once each', async () => {
    const s = await setup();
    process.env.PUBLIC_BASE_URL = service.baseUrl;
    process.env.TRACKING_MACHINE_SECONDS = '0';
    try {
      const to = uniqueAddress('reader');
      const sent = await s.api.post('/api/v1/mail/send', {
        to,
        subject: 'Tracked',
        html: '<p><a href="https://example.com/x">x</a></p>',
      });
      expect(sent.status).toBe(200);
      const html = (await mailTo(to))[0].body.html!;
      const pixel = /src="([^"]+\/t\/o\/[^"]+)"/.exec(html)![1];
      const link = /href="([^"]+\/t\/c\/[^"]+)"/.exec(html)![1];
      const reader = { 'User-Agent': 'Mozilla/5.0 (Macintosh) AppleWebKit Mail' };
      for (let i = 0; i < 3; i++) {
        await fetch(pixel, { headers: reader });
        await fetch(link, { headers: reader, redirect: 'manual' });
      }
      // A link scanner's hit on another message is not a reader's.
      const scanned = uniqueAddress('scanned');
      await s.api.post('/api/v1/mail/send', {
        to: scanned,
        subject: 'Scanned',
        html: '<p><a href="https://example.com/y">y</a></p>',
      });
      const scannedHtml = (await mailTo(scanned))[0].body.html!;
      await fetch(/src="([^"]+\/t\/o\/[^"]+)"/.exec(scannedHtml)![1], {
        headers: { 'User-Agent': 'Mimecast URL scanner' },
      });

      expect(await stats(s.api)).toMatchObject({ sent: 2, opened: 1, clicked: 1 });
    } finally {
      delete process.env.PUBLIC_BASE_URL;
      delete process.env.TRACKING_MACHINE_SECONDS;
    }
  });

  it('keeps rates null under 100 sends and exact from 100 on, with warnings naming the threshold', async () => {
    const s = await setup();
    await sendMany(s.api, 99);
    await hardBounces(s, 5);
    const under = await stats(s.api);
    expect(under).toMatchObject({ sent: 99, bounced_hard: 5, bounce_rate: null, complaint_rate: null, warnings: [] });

    expect(
      (await s.api.post('/api/v1/mail/send', { to: uniqueAddress(), subject: 'Hundredth', text: 'x' })).status,
    ).toBe(200);
    const at = await stats(s.api);
    expect(at).toMatchObject({ sent: 100, bounced_hard: 5, bounce_rate: 0.05, complaint_rate: 0 });
    expect(at.last_24_hours).toEqual({
      sent: 100,
      bounced_hard: 5,
      complained: 0,
      bounce_rate: 0.05,
      complaint_rate: 0,
    });
    // 5% is SES's review threshold: crossed, over the window and the last 24 hours; sending goes on.
    expect(
      at.warnings.map((w: { code: string; level: string; window: string }) => [w.code, w.level, w.window]),
    ).toEqual([
      ['bounce_rate_review', 'crossed', 'days'],
      ['bounce_rate_review', 'crossed', 'last_24_hours'],
    ]);
    expect(at.warnings[0]).toMatchObject({ rate: 0.05, threshold: 0.05 });
    expect(at.sending.paused).toBe(false);

    await hardBounces(s, 3);
    const near = await stats(s.api);
    expect(near.bounce_rate).toBe(0.08);
    expect(near.warnings.map((w: { code: string; level: string }) => `${w.code}:${w.level}`)).toContain(
      'bounce_rate_pause:near',
    );
    expect((await s.api.post('/api/v1/mail/send', { to: uniqueAddress(), subject: 'Still', text: 'x' })).status).toBe(
      200,
    );
  });
});

describe('the brake', () => {
  it("pauses the account's sends at the threshold, that account only; queued mail waits; resume lifts it", async () => {
    const s = await setup();
    const other = await setup();
    await sendMany(s.api, 100);
    // Queued before the brake trips: it must wait, neither sent nor failed.
    const waiting = await s.api.post('/api/v1/mail/send-batch', {
      messages: [{ to: uniqueAddress('waiting'), subject: 'Queued', text: 'x' }],
    });
    const waitingId = waiting.body.data.messages[0].message_id;

    await hardBounces(s, 9);
    expect((await stats(s.api)).sending.paused).toBe(false);
    await hardBounces(s, 1); // 10 of 100: SES's pause threshold

    const paused = await stats(s.api);
    expect(paused.sending).toMatchObject({
      paused: true,
      paused_at: expect.any(String),
      reason: expect.stringContaining('10 hard bounces (10%)'),
    });
    expect(paused.warnings[0]).toMatchObject({ code: 'sending_paused', level: 'crossed' });

    const single = await s.api.post('/api/v1/mail/send', { to: uniqueAddress(), subject: 'x', text: 'x' });
    expect(single.status).toBe(422);
    expect(single.body.error.code).toBe('SENDING_PAUSED');
    expect(single.body.error.message).toContain('/stats/resume');
    const batch = await s.api.post('/api/v1/mail/send-batch', {
      messages: [{ to: uniqueAddress(), subject: 'x', text: 'x' }],
    });
    expect([batch.status, batch.body.error?.code]).toEqual([422, 'SENDING_PAUSED']);
    const otp = await s.api.post('/api/v1/otp/send', { email: uniqueAddress() });
    expect([otp.status, otp.body.error?.code]).toEqual([422, 'SENDING_PAUSED']);

    // Another account of the deployment sends on.
    expect((await other.api.post('/api/v1/mail/send', { to: uniqueAddress(), subject: 'x', text: 'x' })).status).toBe(
      200,
    );

    // The drainer leaves the paused account's queued mail in the queue, and the reconciler does not
    // take it for lost, however long it waits (twenty minutes later here).
    expect(await drainOnce()).toMatchObject({ paused: 1, sent: 0, failed: 0 });
    const status = async () =>
      (await s.api.get(`/api/v1/mail/status/${encodeURIComponent(waitingId)}`)).body.data.message.status;
    expect(await status()).toBe('queued');
    await new Promise((resolve) => setTimeout(resolve, 1200));
    setClockForTests(() => new Date(Date.now() + 20 * 60_000));
    expect(await drainOnce()).toMatchObject({ paused: 1, sent: 0, failed: 0 });
    setClockForTests(undefined);
    expect(await status()).toBe('queued');

    // Only an admin key resumes.
    const mailOnly = client(service, await keyWith(s.accountId, ['mail']));
    expect((await mailOnly.post('/api/v1/stats/resume')).status).toBe(403);
    const resumed = await s.api.post('/api/v1/stats/resume');
    expect(resumed.status).toBe(200);
    expect(resumed.body.data).toMatchObject({ paused: false, resumed_at: expect.any(String), reason: null });

    expect((await s.api.post('/api/v1/mail/send', { to: uniqueAddress(), subject: 'Again', text: 'x' })).status).toBe(
      200,
    );
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(await drainOnce()).toMatchObject({ sent: 1, paused: 0 });
    expect(await status()).toBe('sent');

    // The old figures do not trip it again: only what follows the resume is weighed (and 100 new sends first).
    await hardBounces(s, 1);
    const after = await stats(s.api);
    expect(after.sending.paused).toBe(false);
    expect(after.last_24_hours).toMatchObject({ sent: 2, bounced_hard: 1, bounce_rate: null });
    // The window's own figures still show what happened.
    expect(after).toMatchObject({ sent: 102, bounced_hard: 11 });
  });

  it('pauses on complaints too: one complaint in 200 sends is 0.5%', async () => {
    const s = await setup();
    await sendMany(s.api, 200);
    await complaints(s, 1);
    const data = await stats(s.api);
    expect(data).toMatchObject({ complained: 1, complaint_rate: 0.005, bounce_rate: 0 });
    expect(data.sending).toMatchObject({ paused: true, reason: expect.stringContaining('1 complaints (0.5%)') });
    expect((await s.api.post('/api/v1/mail/send', { to: uniqueAddress(), subject: 'x', text: 'x' })).status).toBe(422);
  });

  it("does not take a paused account's long-queued mail for lost", async () => {
    const s = await setup();
    await sendMany(s.api, 100);
    await hardBounces(s, 10);
    // A message queued twenty minutes ago whose entry is still in the queue: paused, it waits.
    const providerId = s.providerIds.ses;
    const message: MailMessage = {
      message_id: `<${crypto.randomUUID()}@example.com>`,
      account_id: s.accountId,
      provider_id: providerId,
      provider_message_id: null,
      from_email: 'a@example.com',
      from_name: null,
      to_email: uniqueAddress('old'),
      cc: [],
      bcc: [],
      reply_to: null,
      subject: 'old',
      tags: [],
      metadata: {},
      status: 'queued',
      error_message: null,
      sent_at: null,
      created_at: new Date(Date.now() - 20 * 60_000).toISOString().slice(0, -1),
    };
    await dynamoMessageStore().create(message);
    await requeue(
      encodeMail({
        account_id: s.accountId,
        message_id: message.message_id,
        provider_id: providerId,
        queue_id: 1,
        from: { email: 'a@example.com', name: null },
        to: message.to_email,
        cc: [],
        bcc: [],
        reply_to: null,
        subject: 'old',
        text: 'x',
      }),
    );
    expect(await drainOnce()).toMatchObject({ paused: 1, failed: 0 });
    const status = (await s.api.get(`/api/v1/mail/status/${encodeURIComponent(message.message_id)}`)).body.data.message;
    expect(status).toMatchObject({ status: 'queued', error_message: null });
  });
});

describe('POST /stats/resume on an account that is not paused', () => {
  it('changes nothing: the last 24 hours the brake weighs are not reset by a call made to check', async () => {
    const s = await setup();
    await sendMany(s.api, 5);
    expect((await stats(s.api)).last_24_hours.sent).toBe(5);
    const resumed = await s.api.post('/api/v1/stats/resume');
    expect(resumed.status).toBe(200);
    expect(resumed.body.data).toEqual({ paused: false, paused_at: null, reason: null, resumed_at: null });
    const after = await stats(s.api);
    expect(after.last_24_hours.sent).toBe(5);
    expect(after.sending.resumed_at).toBeNull();
  });
});
