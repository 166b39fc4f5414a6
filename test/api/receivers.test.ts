import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setClockForTests, setSubscriptionVisitorForTests } from '../../functions/adapters/test-seams';
import { CONFIGURED_TOPIC, fixtureText, manifest, snsCertDir, type ManifestEntry } from '../support/fixtures';
import { bouncesOf, pinClock, postFixture, receiverSetup, type ReceiverSetup } from '../support/receivers';
import { seedMessage } from '../support/seed-message';
import { startService, type TestService } from '../support/service';

let service: TestService;
const visited: string[] = [];

const snsCerts = snsCertDir();
beforeAll(async () => {
  process.env.SNS_CERT_DIR = snsCerts;
  service = await startService();
  // No local peer serves SNS's SubscribeURL over HTTPS: only that final GET is replaced, and recorded.
  setSubscriptionVisitorForTests(async (url) => void visited.push(url));
});
afterAll(async () => {
  setSubscriptionVisitorForTests(undefined);
  await service.close();
});
afterEach(() => setClockForTests(undefined));

const setup = () => receiverSetup(service);
const post = (s: ReceiverSetup, entry: ManifestEntry, file = entry.file) => postFixture(service, s, entry, file);
const messageStatus = async (s: ReceiverSetup, messageId: string) =>
  (await s.api.get(`/api/v1/mail/status/${encodeURIComponent(messageId)}`)).body.data;
const subscriberStatus = async (s: ReceiverSetup, id: string) =>
  (await s.api.get(`/api/v1/subscribers/${id}`)).body.data.status;

const http = manifest.fixtures.filter((f) => ['sns-http', 'sendgrid-http', 'mailgun-http'].includes(f.kind));
const withRecordsOrStatus = http.filter(
  (f) =>
    f.expect.http_status === 200 &&
    (f.expect.records?.length || f.expect.message_status) &&
    f.expect.outcome !== 'duplicate',
);
const rejected = http.filter((f) => f.expect.http_status === 401);
const ignored = http.filter((f) => f.expect.outcome === 'ignore');

describe('provider receivers: every fixture that records something', () => {
  it.each(withRecordsOrStatus.map((f) => [f.file, f] as const))('%s', async (_file, entry) => {
    pinClock();
    const s = await setup();
    const records = entry.expect.records ?? [];
    const subscribers = Object.fromEntries(
      await Promise.all(
        [...records.map((r) => r.email), ...(entry.expect.not_recorded ?? [])].map(async (email) => [
          email.toLowerCase(),
          (await s.api.post('/api/v1/subscribers', { email, list_id: s.listId, name: `Name of ${email}` })).body.data
            .id as string,
        ]),
      ),
    );
    const providerMessageId = entry.expect.provider_message_id ?? records[0]?.provider_message_id;
    const messageId = providerMessageId ? await seedMessage(s.accountId, providerMessageId) : undefined;

    const answer = await post(s, entry);
    expect(answer.status).toBe(200);

    const recorded = (await bouncesOf(s)).bounces;
    expect(recorded).toHaveLength(records.length);
    for (const record of records) {
      expect(recorded).toContainEqual(
        expect.objectContaining({
          email: record.email,
          bounce_type: record.bounce_type,
          source: entry.provider,
          subscriber_name: `Name of ${record.email}`,
          campaign_name: '',
        }),
      );
      const expected =
        record.bounce_type === 'hard' ? 'bounced' : record.bounce_type === 'complaint' ? 'unsubscribed' : 'subscribed';
      expect(await subscriberStatus(s, subscribers[record.email.toLowerCase()])).toBe(expected);
    }
    for (const email of entry.expect.not_recorded ?? [])
      expect(await subscriberStatus(s, subscribers[email.toLowerCase()])).toBe('subscribed');
    if (messageId && entry.expect.message_status) {
      const { message, events } = await messageStatus(s, messageId);
      expect(message.status).toBe(entry.expect.message_status);
      expect(events.map((e: { event_type: string }) => e.event_type)).toContain(
        entry.expect.message_status === 'delivered'
          ? 'delivery'
          : entry.expect.message_status === 'complained'
            ? 'complaint'
            : 'bounce',
      );
    }

    // The same delivery again records nothing twice (Mailgun refuses the reused token outright).
    const again = await post(s, entry);
    expect(again.status).toBe(entry.provider === 'mailgun' ? 401 : 200);
    expect((await bouncesOf(s)).total).toBe(records.length);
  });
});

describe('provider receivers: suppression', () => {
  it('suppresses hard-bounced and complaining addresses for sending, and not soft-bounced ones', async () => {
    pinClock();
    const s = await setup();
    await s.api.put(`/api/v1/providers/${s.providerIds.ses}`, { is_default: true });
    const entry = (file: string) => http.find((f) => f.file === file)!;
    await post(s, entry('sns/notification-bounce-permanent-general.v1.json'));
    await post(s, entry('sns/notification-complaint-abuse.v2.json'));
    await post(s, entry('sns/notification-bounce-transient-mailboxfull.v1.json'));
    const send = (to: string) => s.api.post('/api/v1/mail/send', { to, subject: 's', text: 't' });
    expect((await send('amelia.hart@example.com')).body.error.code).toBe('RECIPIENT_SUPPRESSED');
    expect((await send('hiro.tanaka@example.com')).body.error.code).toBe('RECIPIENT_SUPPRESSED');
    expect((await send('elena.rossi@example.com')).status).toBe(200);
    const batch = await s.api.post('/api/v1/mail/send-batch', {
      messages: [
        { to: 'AMELIA.HART@example.com', subject: 's', text: 't' },
        { to: 'x@example.com', subject: 's', text: 't' },
      ],
    });
    expect(batch.body.data).toMatchObject({ queued: 1, failed: 1 });
    expect(batch.body.data.messages[0].error.code).toBe('RECIPIENT_SUPPRESSED');
  });
});

describe('provider receivers: forged, tampered, stale and replayed requests', () => {
  it.each(rejected.map((f) => [`${f.file} with ${f.headers}`, f] as const))(
    '%s: 401, nothing recorded',
    async (_name, entry) => {
      pinClock();
      const s = await setup();
      const answer = await post(s, entry);
      expect([answer.status, answer.body.error.code]).toEqual([401, 'UNAUTHORIZED']);
      expect((await bouncesOf(s)).total).toBe(0);
    },
  );

  it('refuses requests naming no known provider, or a provider of another kind', async () => {
    pinClock();
    const s = await setup();
    const entry = http.find((f) => f.file === 'sns/notification-bounce-permanent-general.v1.json')!;
    expect(
      (await post({ ...s, providerIds: { ...s.providerIds, ses: '00000000-0000-4000-8000-000000000000' } }, entry))
        .status,
    ).toBe(401);
    expect((await post({ ...s, providerIds: { ...s.providerIds, ses: s.providerIds.mailgun } }, entry)).status).toBe(
      401,
    );
    const other = await setup();
    const mailgun = http.find((f) => f.file === 'mailgun/failed-permanent.json')!;
    // Another account's Mailgun key does not sign for this one's provider.
    await other.api.put(`/api/v1/providers/${other.providerIds.mailgun}`, {
      events: { source: 'mailgun', signing_key: 'another-key' },
    });
    expect((await post(other, mailgun)).status).toBe(401);
    expect((await bouncesOf(s)).total + (await bouncesOf(other)).total).toBe(0);
  });

  it('Mailgun: a reused token is refused; the same event with a new token is accepted but recorded once', async () => {
    pinClock();
    const s = await setup();
    const first = http.find((f) => f.file === 'mailgun/failed-permanent.json')!;
    const redelivery = http.find((f) => f.file === 'mailgun/failed-permanent.redelivery.json')!;
    expect((await post(s, first)).status).toBe(200);
    expect((await post(s, first)).status).toBe(401);
    expect((await post(s, redelivery)).status).toBe(200);
    expect((await bouncesOf(s)).total).toBe(1);
  });
});

describe('provider receivers: events that change nothing', () => {
  it.each(ignored.map((f) => [f.file, f] as const))('%s: 200, nothing recorded', async (_file, entry) => {
    pinClock();
    const s = await setup();
    const before = visited.length;
    const answer = await post(s, entry);
    expect(answer.status).toBe(200);
    expect((await bouncesOf(s)).total).toBe(0);
    expect(visited.length).toBe(before);
  });
});

describe('SNS subscription confirmation', () => {
  it('visits the SubscribeURL for the configured topic only, and shows the provider confirmed', async () => {
    const s = await setup();
    expect((await s.api.get(`/api/v1/providers/${s.providerIds.ses}`)).body.data.events).toMatchObject({
      source: 'ses',
      sns_topic_arn: CONFIGURED_TOPIC,
      subscription_state: 'pending_confirmation',
      receiver_url: expect.stringContaining(`/api/v1/webhooks/ses?provider_id=${s.providerIds.ses}`),
    });
    const other = http.find((f) => f.file === 'sns/subscription-confirmation-other-topic.v2.json')!;
    const before = visited.length;
    expect((await post(s, other)).status).toBe(200);
    expect(visited.length).toBe(before);
    expect((await s.api.get(`/api/v1/providers/${s.providerIds.ses}`)).body.data.events.subscription_state).toBe(
      'pending_confirmation',
    );

    const confirm = http.find((f) => f.file === 'sns/subscription-confirmation.v1.json')!;
    expect((await post(s, confirm)).status).toBe(200);
    expect(visited.slice(before)).toEqual([JSON.parse(fixtureText(confirm.file)).SubscribeURL]);
    expect((await s.api.get(`/api/v1/providers/${s.providerIds.ses}`)).body.data.events.subscription_state).toBe(
      'confirmed',
    );
  });
});

describe('SendGrid: one signed POST with every event type', () => {
  it('records the bounces and the complaint, fails the dropped message, delivers the delivered one', async () => {
    const s = await setup();
    const entry = http.find((f) => f.file === 'sendgrid/events.json' && f.expect.http_status === 200)!;
    const seeded = new Map<string, string>();
    for (const event of entry.expect.events!) {
      if (event.provider_message_id)
        seeded.set(event.provider_message_id, await seedMessage(s.accountId, event.provider_message_id));
    }
    const answer = await post(s, entry);
    expect(answer.status).toBe(200);
    const recorded = (await bouncesOf(s)).bounces;
    const expectedRecords = entry.expect.events!.flatMap((e) => e.records);
    expect(recorded).toHaveLength(expectedRecords.length);
    for (const record of expectedRecords)
      expect(recorded).toContainEqual(
        expect.objectContaining({ email: record.email, bounce_type: record.bounce_type, source: 'sendgrid' }),
      );
    const statusFor = {
      message_failed: 'failed',
      delivered: 'delivered',
      hard_bounce: 'bounced',
      soft_bounce: 'bounced',
      complaint: 'complained',
      ignore: 'sent',
    } as Record<string, string>;
    for (const event of entry.expect.events!) {
      const messageId = seeded.get(event.provider_message_id!)!;
      expect((await messageStatus(s, messageId)).message.status, `${event.outcome} ${event.email}`).toBe(
        statusFor[event.outcome] ?? 'sent',
      );
    }
  });
});
