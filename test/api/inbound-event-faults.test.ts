import { S3Client } from '@aws-sdk/client-s3';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as inboundMail } from '../../functions/handlers/inbound-mail';
import { startAwsFaultProxy } from '../support/aws-fault-proxy';
import { startDnsServer } from '../support/dns-server';
import { uniqueDomain, verifiedDomain } from '../support/receiving-domain';
import { client, newAccount, startService, type Client, type TestService } from '../support/service';
import { composed, sesReceipt } from '../support/ses-receipt';
import { drainWebhooksUntil, startEndpoint } from '../support/webhooks';

/**
 * docs/promises.md, Inbound mail: `email.received` reaches the account's webhooks at least once, even
 * when queueing it fails after the record was written. The webhook queue's SendMessageBatch fails at
 * the network (a proxy in front of the SQS emulator); the parsing function is invoked again with the
 * same SES event, as Lambda retries a failed asynchronous invocation.
 */
let service: TestService;
let dns: Awaited<ReturnType<typeof startDnsServer>>;
let sqs: Awaited<ReturnType<typeof startAwsFaultProxy>>;
let endpoint: Awaited<ReturnType<typeof startEndpoint>>;
let api: Client;
let domain: string;
let webhookSecret: string;
const s3 = new S3Client({ forcePathStyle: true });

beforeAll(async () => {
  sqs = await startAwsFaultProxy(process.env.AWS_ENDPOINT_URL_SQS!);
  process.env.AWS_ENDPOINT_URL_SQS = sqs.endpoint;
  dns = await startDnsServer();
  process.env.DNS_SERVERS = dns.address;
  service = await startService();
  api = client(service, (await newAccount('Inbound faults')).apiKey);
  domain = uniqueDomain('helpdesk');
  await verifiedDomain(api, domain, true);
  endpoint = await startEndpoint();
  const hook = await api.post('/api/v1/webhook-endpoints', { url: endpoint.url, events: ['email.received'] });
  expect(hook.status).toBe(201);
  webhookSecret = hook.body.data.secret;
});
afterAll(async () => {
  await endpoint?.close();
  await service?.close();
  await sqs?.close();
  dns?.close();
  s3.destroy();
});

describe('email.received when queueing it fails', () => {
  it(
    'the failed run throws; its retry queues the event of the record the failed run wrote, and a repeat carries ' +
      'the same webhook-id',
    async () => {
      const raw = await composed({
        from: 'customer@elsewhere.example',
        to: `help@${domain}`,
        subject: 'Lost event?',
        text: 'Hello',
      });
      const event = await sesReceipt(s3, raw, [`help@${domain}`]);

      // Every try of the SDK fails: the event cannot be queued, and the run says so (Lambda retries it).
      sqs.fail('SendMessageBatch');
      await expect(inboundMail(event)).rejects.toThrow();
      sqs.clear();
      const [mail, ...more] = (await api.get('/api/v1/inbound')).body.data.inbound;
      expect(more).toEqual([]);
      expect(mail.subject).toBe('Lost event?');
      await drainWebhooksUntil(() => endpoint.received.length > 0, 1_000);
      expect(endpoint.received).toEqual([]);

      // Lambda's retry: the same record, and now its event.
      await inboundMail(event);
      await drainWebhooksUntil(() => endpoint.received.length > 0);
      expect(endpoint.received).toHaveLength(1);
      const delivery = new Webhook(webhookSecret).verify(endpoint.received[0].body, endpoint.received[0].headers) as {
        type: string;
        data: Record<string, unknown>;
      };
      expect(delivery).toMatchObject({ type: 'email.received', data: { id: mail.id, subject: 'Lost event?' } });
      expect((await api.get('/api/v1/inbound')).body.data.inbound.map((m: { id: string }) => m.id)).toEqual([mail.id]);

      // A run once more (SES's rare duplicate invocation): at least once, so the event again, with the same id
      // a receiver can drop.
      await inboundMail(event);
      await drainWebhooksUntil(() => endpoint.received.length > 1);
      expect(endpoint.received.map((r) => r.headers['webhook-id'])).toEqual([
        `evt_${mail.id.replace(/-/g, '')}`,
        `evt_${mail.id.replace(/-/g, '')}`,
      ]);
      expect((await api.get('/api/v1/inbound')).body.data.inbound).toHaveLength(1);
    },
  );
});
