import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SNSEvent } from 'aws-lambda';
import { handler } from '../../functions/handlers/ses-events';
import { fixtureText } from '../support/fixtures';
import { seedMessage as seedFor } from '../support/seed-message';
import { client, newAccount, startService, type Client, type TestService } from '../support/service';

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

const statusOf = async (messageId: string) => (await api.get(`/api/v1/mail/status/${encodeURIComponent(messageId)}`)).body.data.message.status;

/** Wraps an SES notification body the way SNS hands it to a subscribed Lambda. */
const snsEvent = (message: string, messageId = crypto.randomUUID()): SNSEvent =>
  ({ Records: [{ EventSource: 'aws:sns', EventVersion: '1.0', EventSubscriptionArn: 'arn', Sns: { Message: message, MessageId: messageId } }] }) as unknown as SNSEvent;

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
    expect((await api.post('/api/v1/mail/send', { to: 'grace.liu@example.org', subject: 's', text: 't' })).status).toBe(200);
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

  it.each(['ses/event-open.json', 'ses/event-click.json', 'ses/event-send.json', 'ses/event-reject.json', 'ses/event-deliverydelay.json'])(
    'ignores %s quietly',
    async (file) => {
      const body = fixture(file);
      const messageId = await seedMessage(JSON.parse(body).mail.messageId, 'nobody@example.com');
      await expect(handler(snsEvent(body))).resolves.toBeUndefined();
      expect(await statusOf(messageId)).toBe('sent');
    },
  );
});
