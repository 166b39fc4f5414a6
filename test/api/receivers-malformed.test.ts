import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setClockForTests } from '../../functions/adapters/test-seams';
import { fixtureText, manifest, snsCertDir } from '../support/fixtures';
import { mailgunSignature, signedSendgrid, signedSnsNotification } from '../support/provider-signing';
import {
  bouncesOf,
  pinClock,
  postFixture,
  postToReceiver,
  receiverFixture,
  receiverSetup,
  type ReceiverSetup,
} from '../support/receivers';
import { startService, type TestService } from '../support/service';

/**
 * Payloads of the wrong shape, signed or not: the receivers answer 401 (no valid signature) or 400
 * (signed, but not what the provider sends), never 500, and record nothing.
 */
let service: TestService;
const snsCerts = snsCertDir();
beforeAll(async () => {
  process.env.SNS_CERT_DIR = snsCerts;
  service = await startService();
});
afterAll(() => service.close());
afterEach(() => setClockForTests(undefined));

const errorOf = (answer: { status: number; body: any }) => [answer.status, answer.body.error?.code];

const mailgunFixture = () =>
  JSON.parse(fixtureText('mailgun/failed-permanent.json')) as {
    signature: Record<string, unknown>;
    'event-data': Record<string, unknown>;
  };
const postMailgun = (s: ReceiverSetup, payload: unknown) =>
  postToReceiver(service, 'mailgun', s.providerIds.mailgun, JSON.stringify(payload), {
    'Content-Type': 'application/json',
  });

describe('Mailgun: malformed payloads', () => {
  it.each([
    [
      'the signature as an array',
      (p: ReturnType<typeof mailgunFixture>) => ({
        ...p,
        signature: { ...p.signature, signature: [p.signature.signature] },
      }),
    ],
    [
      'the token as a number',
      (p: ReturnType<typeof mailgunFixture>) => ({ ...p, signature: { ...p.signature, token: 12345 } }),
    ],
    [
      'the timestamp as an object',
      (p: ReturnType<typeof mailgunFixture>) => ({ ...p, signature: { ...p.signature, timestamp: { n: 1 } } }),
    ],
    ['the signature block as a string', (p: ReturnType<typeof mailgunFixture>) => ({ ...p, signature: 'x' })],
    ['a body that is an array', () => [1, 2]],
    ['a body that is null', () => null],
  ])('%s: 401', async (_name, change) => {
    pinClock();
    const s = await receiverSetup(service);
    expect(errorOf(await postMailgun(s, change(mailgunFixture())))).toEqual([401, 'UNAUTHORIZED']);
    expect((await bouncesOf(s)).total).toBe(0);
  });

  it.each([
    ['recipient', { recipient: 42 }],
    ['id', { id: { nested: true } }],
    ['message-id', { message: { headers: { 'message-id': ['<a@b>'] } } }],
    ['event', { event: ['failed'] }],
    ['delivery-status', { 'delivery-status': 'none' }],
  ])(
    'a correctly signed event whose %s has the wrong type: 400, and its token stays unspent',
    async (_field, change) => {
      pinClock();
      const s = await receiverSetup(service);
      const payload = mailgunFixture();
      const malformed = await postMailgun(s, { ...payload, 'event-data': { ...payload['event-data'], ...change } });
      expect(errorOf(malformed)).toEqual([400, 'VALIDATION_ERROR']);
      expect((await bouncesOf(s)).total).toBe(0);
      // The token was not used up by the refused request: the genuine event with it is accepted, once.
      expect((await postMailgun(s, payload)).status).toBe(200);
      expect((await bouncesOf(s)).total).toBe(1);
      expect(errorOf(await postMailgun(s, payload))).toEqual([401, 'UNAUTHORIZED']);
    },
  );

  it('a freshly signed event without event-data: 400', async () => {
    pinClock();
    const s = await receiverSetup(service);
    const answer = await postMailgun(s, { signature: mailgunSignature(String(manifest.ref_time), 'f'.repeat(50)) });
    expect(errorOf(answer)).toEqual([400, 'VALIDATION_ERROR']);
  });
});

describe('SendGrid: malformed payloads with a valid signature', () => {
  it.each([
    ['an object instead of an array', '{"event":"bounce"}'],
    [
      'an event whose email is a number',
      '[{"email":5,"event":"bounce","type":"bounce","sg_event_id":"e1","sg_message_id":"m1.x"}]',
    ],
    ['an event whose sg_event_id is an object', '[{"email":"a@example.com","event":"bounce","sg_event_id":{"x":1}}]'],
    ['an array of strings', '["bounce"]'],
  ])('%s: 400, nothing recorded', async (_name, body) => {
    const s = await receiverSetup(service);
    const signed = signedSendgrid(body, String(Math.floor(Date.now() / 1000)));
    const answer = await postToReceiver(service, 'sendgrid', s.providerIds.sendgrid, signed.body, signed.headers);
    expect(errorOf(answer)).toEqual([400, 'VALIDATION_ERROR']);
    expect((await bouncesOf(s)).total).toBe(0);
  });
});

describe('SES over SNS: malformed notifications with a valid signature', () => {
  const base = 'sns/notification-bounce-permanent-general.v1.json';
  const bounce = (bouncedRecipients: unknown) =>
    JSON.stringify({
      notificationType: 'Bounce',
      mail: { messageId: 'm-1' },
      bounce: { bounceType: 'Permanent', bounceSubType: 'General', bouncedRecipients },
    });
  it.each([
    ['a recipient whose address is a number', bounce([{ emailAddress: 5 }])],
    ['recipients that are not an array', bounce({ emailAddress: 'a@example.com' })],
    ['a Message that is not JSON', 'not json'],
    [
      'a delivery whose recipients are objects',
      JSON.stringify({ eventType: 'Delivery', mail: { messageId: 'm-2' }, delivery: { recipients: [{ a: 1 }] } }),
    ],
    [
      'tags that are not lists of strings',
      JSON.stringify({
        eventType: 'Delivery',
        mail: { messageId: 'm-3', tags: { provider_id: 'x' } },
        delivery: { recipients: ['a@example.com'] },
      }),
    ],
  ])('%s: 400, nothing recorded', async (_name, message) => {
    const s = await receiverSetup(service);
    const body = signedSnsNotification(base, { Message: message, MessageId: crypto.randomUUID() });
    const answer = await postToReceiver(service, 'ses', s.providerIds.ses, body, {
      'Content-Type': 'text/plain; charset=UTF-8',
    });
    expect(errorOf(answer)).toEqual([400, 'VALIDATION_ERROR']);
    expect((await bouncesOf(s)).total).toBe(0);
  });

  it('a signed notification with a well-formed Message still records (the signer is sound)', async () => {
    const s = await receiverSetup(service);
    const body = signedSnsNotification(base, {
      Message: bounce([{ emailAddress: 'Someone@Example.com', status: '5.1.1' }]),
      MessageId: crypto.randomUUID(),
    });
    const answer = await postToReceiver(service, 'ses', s.providerIds.ses, body, {
      'Content-Type': 'text/plain; charset=UTF-8',
    });
    expect(answer.status).toBe(200);
    expect((await bouncesOf(s)).bounces).toEqual([
      expect.objectContaining({ email: 'Someone@Example.com', bounce_type: 'hard' }),
    ]);
  });

  it.each([
    ['Signature as an array', { Signature: ['x'] }],
    ['Message as an object', { Message: { notificationType: 'Bounce' } }],
    ['SigningCertURL as a number', { SigningCertURL: 5 }],
    ['Type as null', { Type: null }],
  ])('an envelope with %s: 401', async (_name, change) => {
    const s = await receiverSetup(service);
    const entry = receiverFixture(base);
    const body = JSON.stringify({ ...JSON.parse(fixtureText(base)), ...change });
    expect(
      errorOf(await postToReceiver(service, 'ses', s.providerIds.ses, body, { 'Content-Type': 'text/plain' })),
    ).toEqual([401, 'UNAUTHORIZED']);
    expect((await postFixture(service, s, entry)).status).toBe(200);
  });
});
