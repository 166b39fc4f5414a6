import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SNSEvent } from 'aws-lambda';
import { keys } from '../../functions/adapters/dynamo/keys';
import { messageUuid } from '../../functions/domain/mail/message-id';
import { handler } from '../../functions/handlers/ses-events';
import { fixtureText } from '../support/fixtures';
import { fillToSizeLimit } from '../support/full-item';
import { seedMessage as seedFor } from '../support/seed-message';
import { client, newAccount, startService, uniqueAddress, type Client, type TestService } from '../support/service';

const fixture = fixtureText;

let service: TestService;
let api: Client;
let accountId: string;

beforeAll(async () => {
  service = await startService();
  ({ accountId } = await newAccount());
  const account = await newAccount();
  accountId = account.accountId;
  api = client(service, account.apiKey);
  await api.post('/api/v1/providers', { type: 'ses', name: 'SES', from_email: 'events@example.com' });
});
afterAll(() => service.close());

const seedMessage = (providerMessageId: string, to: string) => seedFor(accountId, providerMessageId, to);

const statusOf = async (messageId: string) =>
  (await api.get(`/api/v1/mail/status/${encodeURIComponent(messageId)}`)).body.data.message.status;

/** Wraps an SES notification body the way SNS hands it to a subscribed Lambda. */
const snsEvent = (message: string, messageId: string = crypto.randomUUID()): SNSEvent =>
  ({
    Records: [
      {
        EventSource: 'aws:sns',
        EventVersion: '1.0',
        EventSubscriptionArn: 'arn',
        Sns: { Message: message, MessageId: messageId },
      },
    ],
  }) as unknown as SNSEvent;

describe('the SNS-subscribed SES events function', () => {
  it('marks a message delivered from the Lambda fixture (eventType Delivery)', async () => {
    const event = JSON.parse(fixture('sns/lambda-event-delivery.json')) as SNSEvent;
    const ses = JSON.parse(event.Records[0].Sns.Message);
    const messageId = await seedMessage(ses.mail.messageId, 'lucia.fernandez@example.org');
    await handler(event);
    expect(await statusOf(messageId)).toBe('delivered');
  });

  it('marks an undetermined bounce as bounced without suppressing the address (soft)', async () => {
    const event = JSON.parse(fixture('sns/lambda-notification-bounce-undetermined.json')) as SNSEvent;
    const ses = JSON.parse(event.Records[0].Sns.Message);
    const messageId = await seedMessage(ses.mail.messageId, 'grace.liu@example.org');
    await handler(event);
    expect(await statusOf(messageId)).toBe('bounced');
    expect((await api.post('/api/v1/mail/send', { to: 'grace.liu@example.org', subject: 's', text: 't' })).status).toBe(
      200,
    );
  });

  it.each([
    ['ses/notification-bounce-permanent-general.json', 'amelia.hart@example.com', 'bounced'],
    ['ses/notification-bounce-transient-general-5.4.4.json', 'farid.haddad@unroutable.example.net', 'bounced'],
    ['ses/notification-complaint-abuse.json', 'hiro.tanaka@example.com', 'complained'],
    ['ses/event-bounce.json', 'jonas.berg@example.net', 'bounced'],
  ])('applies %s: status forward and the address suppressed', async (file, address, status) => {
    const body = fixture(file);
    const messageId = await seedMessage(JSON.parse(body).mail.messageId, address);
    await handler(snsEvent(body));
    expect(await statusOf(messageId)).toBe(status);
    const refused = await api.post('/api/v1/mail/send', { to: address, subject: 's', text: 't' });
    expect(refused.body.error.code).toBe('RECIPIENT_SUPPRESSED');
  });

  it('never moves a status back: a late delivery after a complaint changes nothing', async () => {
    const complaint = fixture('ses/notification-complaint-abuse.json');
    const providerId = `late-${crypto.randomUUID()}`;
    const messageId = await seedMessage(providerId, 'hiro.tanaka@example.com');
    const delivery = JSON.parse(fixture('ses/notification-delivery.json'));
    delivery.mail.messageId = providerId;
    const complaintBody = JSON.parse(complaint);
    complaintBody.mail.messageId = providerId;
    await handler(snsEvent(JSON.stringify(complaintBody)));
    await handler(snsEvent(JSON.stringify(delivery)));
    expect(await statusOf(messageId)).toBe('complained');
  });

  it.each([
    'ses/event-open.json',
    'ses/event-click.json',
    'ses/event-send.json',
    'ses/event-reject.json',
    'ses/event-deliverydelay.json',
  ])('ignores %s quietly', async (file) => {
    const body = fixture(file);
    const messageId = await seedMessage(JSON.parse(body).mail.messageId, 'nobody@example.com');
    await expect(handler(snsEvent(body))).resolves.toBeUndefined();
    expect(await statusOf(messageId)).toBe('sent');
  });
});

/**
 * SNS delivers at least once and invokes the function again when it fails: a notification may come
 * twice, and after a failure part way through its processing. Each test has an account of its own.
 */
describe('a redelivered notification', () => {
  const setup = async () => {
    const { accountId: account, apiKey } = await newAccount('Redeliveries');
    const own = client(service, apiKey);
    await own.post('/api/v1/providers', { type: 'ses', name: 'SES', from_email: 'events@example.com' });
    const email = uniqueAddress('soft');
    const providerMessageId = `redelivered-${crypto.randomUUID()}`;
    const messageId = await seedFor(account, providerMessageId, email);
    /** A soft bounce of the seeded message, delivered as the SNS message `snsId`. */
    const softBounce = (snsId: string) =>
      handler(
        snsEvent(
          JSON.stringify({
            notificationType: 'Bounce',
            mail: { messageId: providerMessageId },
            bounce: {
              bounceType: 'Transient',
              bounceSubType: 'MailboxFull',
              bouncedRecipients: [{ emailAddress: email, status: '4.2.2' }],
            },
          }),
          snsId,
        ),
      );
    const bounceTotal = async () => (await own.get('/api/v1/bounces')).body.data.total;
    const suppressed = async () =>
      (await own.post('/api/v1/mail/send', { to: email, subject: 's', text: 't' })).status === 422;
    const message = async () => (await own.get(`/api/v1/mail/status/${encodeURIComponent(messageId)}`)).body.data;
    return { account, email, messageId, softBounce, bounceTotal, suppressed, message };
  };

  it('records one bounce and counts one soft bounce however often it comes', async () => {
    const t = await setup();
    await t.softBounce('first');
    await t.softBounce('first');
    await t.softBounce('second');
    await t.softBounce('first');
    expect(await t.bounceTotal()).toBe(2);
    expect(await t.suppressed()).toBe(false);
    await t.softBounce('third');
    expect(await t.suppressed()).toBe(true);
  });

  it('still counts, and so still suppresses, after its first processing failed at the soft-bounce count', async () => {
    const t = await setup();
    // The address's item is full, so DynamoDB refuses to count the first soft bounce (a real
    // ValidationException): the invocation fails, as it would on a throttle or a timeout.
    const unfill = await fillToSizeLimit(keys.address(t.account, t.email));
    await expect(t.softBounce('first')).rejects.toMatchObject({
      name: 'ValidationException',
      message: expect.stringMatching(/size/i),
    });
    await unfill();
    await t.softBounce('first');
    await t.softBounce('second');
    await t.softBounce('third');
    expect(await t.bounceTotal()).toBe(3);
    expect(await t.suppressed()).toBe(true);
  });

  it('after a failure at the message update, applies what the failed processing did not, repeats nothing', async () => {
    const t = await setup();
    // The message's item is full, so DynamoDB refuses its move to `bounced` (a real ValidationException),
    // after the soft bounce was counted.
    const unfill = await fillToSizeLimit(keys.message(t.account, messageUuid(t.messageId)));
    await expect(t.softBounce('first')).rejects.toMatchObject({
      name: 'ValidationException',
      message: expect.stringMatching(/size/i),
    });
    await unfill();
    await t.softBounce('first');
    const { message, events } = await t.message();
    expect(message.status).toBe('bounced');
    expect(events.map((e: { event_type: string }) => e.event_type)).toEqual(['bounce']);
    expect(await t.bounceTotal()).toBe(1);
    // Counted once: the second soft bounce is the second of the run, not the third.
    await t.softBounce('second');
    expect(await t.suppressed()).toBe(false);
    await t.softBounce('third');
    expect(await t.suppressed()).toBe(true);
  });
});
