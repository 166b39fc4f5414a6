import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { SNSEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentClient, tableName } from '../../functions/adapters/dynamo/client';
import { keys } from '../../functions/adapters/dynamo/keys';
import { messageUuid } from '../../functions/domain/mail/message-id';
import { handler } from '../../functions/handlers/ses-events';
import { client, newAccount, startService, type Client, type TestService } from '../support/service';

/**
 * Decision 0135: a mail sent through the deployment's own configuration set is not indexed by its SES id
 * (its events carry our tags and find it by key); one sent through a provider's own set still is, for the
 * identity notifications (no tags) that set may feed the receiver.
 */
let service: TestService;
let api: Client;
let accountId: string;
const DEPLOYMENT_SET = 'deployment-events';

beforeAll(async () => {
  process.env.SES_CONFIGURATION_SET = DEPLOYMENT_SET;
  service = await startService();
  const account = await newAccount();
  accountId = account.accountId;
  api = client(service, account.apiKey);
});
afterAll(async () => {
  delete process.env.SES_CONFIGURATION_SET;
  await service.close();
});

const record = async (messageId: string) =>
  (
    await documentClient().send(
      new GetCommand({ TableName: tableName(), Key: keys.message(accountId, messageUuid(messageId)) }),
    )
  ).Item!;

const snsEvent = (message: unknown): SNSEvent =>
  ({
    Records: [{ EventSource: 'aws:sns', Sns: { Message: JSON.stringify(message), MessageId: crypto.randomUUID() } }],
  }) as unknown as SNSEvent;

const statusOf = async (messageId: string) =>
  (await api.get(`/api/v1/mail/status/${encodeURIComponent(messageId)}`)).body.data.message.status;

const send = async (to: string) => {
  const sent = await api.post('/api/v1/mail/send', { to, subject: 'hi', text: 'x' });
  expect(sent.status).toBe(200);
  return sent.body.data.message_id as string;
};

/** The account's default SES provider, through the deployment's set unless it names its own. */
const defaultSes = async (configurationSet?: string) => {
  const provider = await api.post('/api/v1/providers', {
    type: 'ses',
    name: configurationSet ? 'SES, own set' : 'SES',
    from_email: 'events@example.com',
    ...(configurationSet ? { configuration_set: configurationSet } : {}),
    is_default: true,
  });
  expect(provider.status).toBe(201);
  return provider.body.data.id as string;
};

describe("the index of a sent mail's SES id", () => {
  it("is not written for the deployment's set: the event's tags find the mail", async () => {
    const providerId = await defaultSes();
    const messageId = await send('tagged@example.com');
    const item = await record(messageId);
    expect(item.status).toBe('sent');
    expect(item.provider_message_id).toEqual(expect.any(String));
    expect(item.gsi6pk).toBeUndefined();

    // Event publishing, as the deployment's set sends it to its topic: our tags beside SES's id.
    await handler(
      snsEvent({
        eventType: 'Delivery',
        mail: {
          messageId: item.provider_message_id,
          tags: {
            message_uuid: [messageUuid(messageId)],
            account_id: [accountId],
            provider_id: [providerId],
          },
        },
        delivery: { recipients: ['tagged@example.com'] },
      }),
    );
    expect(await statusOf(messageId)).toBe('delivered');
  });

  it("is written for a provider's own set, whose identity notifications name the mail by SES's id", async () => {
    await defaultSes('customer-own-set');
    const messageId = await send('untagged@example.com');
    const item = await record(messageId);
    expect(item.gsi6pk).toBe(keys.messageByProviderId(item.provider_message_id).gsi6pk);

    await handler(
      snsEvent({
        notificationType: 'Delivery',
        mail: { messageId: item.provider_message_id },
        delivery: { recipients: ['untagged@example.com'] },
      }),
    );
    expect(await statusOf(messageId)).toBe('delivered');
  });
});
