import { createHash, randomBytes } from 'node:crypto';
import { createTransport } from 'nodemailer';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInboundSmtp } from '../../local/inbound-smtp';
import { startDnsServer } from '../support/dns-server';
import { uniqueDomain, verifiedDomain } from '../support/receiving-domain';
import { client, newAccount, startService, type Client, type TestService } from '../support/service';
import { drainWebhooksUntil, startEndpoint } from '../support/webhooks';

/**
 * docs/promises.md, Inbound mail. Mail is spoken over SMTP (nodemailer) to the local listener of
 * `npm start` (local/inbound-smtp.ts), which stores it in fauxqs's S3 and runs the deployment's
 * parsing function; the API answers what it stored. Domains are verified through the local SES
 * identity peer's shortcut, their records looked up in an empty DNS server of the test's own.
 */
let service: TestService;
let dns: Awaited<ReturnType<typeof startDnsServer>>;
let listener: Awaited<ReturnType<typeof startInboundSmtp>>;
let endpoint: Awaited<ReturnType<typeof startEndpoint>>;
let api: Client;
let other: Client;
let domain: string;
let quietDomain: string;
let webhookSecret: string;

const smtp = () => createTransport({ host: '127.0.0.1', port: listener.port, secure: false, ignoreTLS: true });

/** What nodemailer reports when the server refuses: the SMTP reply code. */
const refusedWith = async (send: Promise<unknown>) => {
  try {
    await send;
    return 'accepted';
  } catch (error) {
    return (error as { responseCode?: number }).responseCode;
  }
};

beforeAll(async () => {
  dns = await startDnsServer();
  process.env.DNS_SERVERS = dns.address;
  service = await startService();
  api = client(service, (await newAccount('Inbound')).apiKey);
  other = client(service, (await newAccount('Someone else')).apiKey);
  domain = uniqueDomain('shop');
  quietDomain = uniqueDomain('quiet');
  expect((await api.post('/api/v1/providers', { type: 'ses', name: 'SES', from_email: `orders@${domain}`, from_name: 'Shop' })).status).toBe(201);
  await verifiedDomain(api, domain, true);
  await verifiedDomain(api, quietDomain, false);
  endpoint = await startEndpoint();
  const hook = await api.post('/api/v1/webhook-endpoints', { url: endpoint.url, events: ['email.received'] });
  expect(hook.status).toBe(201);
  webhookSecret = hook.body.data.secret;
  listener = await startInboundSmtp({ port: 0, bucket: process.env.INBOUND_BUCKET! });
});
afterAll(async () => {
  await listener?.stop();
  await endpoint?.close();
  await service?.close();
  dns?.close();
});

describe('a reply to a sent message, over SMTP', () => {
  it('is listed with its parts, its attachment downloads byte for byte, it names the sent message, and its webhook arrives signed', async () => {
    const sent = await api.post('/api/v1/mail/send', { to: 'customer@elsewhere.example', subject: 'Your order', text: 'Thanks for your order' });
    expect(sent.status).toBe(200);
    const messageId: string = sent.body.data.message_id;

    const attachment = randomBytes(300 * 1024);
    await smtp().sendMail({
      from: 'Customer <customer@elsewhere.example>',
      to: `support@${domain}`,
      cc: 'friend@elsewhere.example',
      subject: 'Re: Your order',
      text: 'Where is it?',
      html: '<p>Where <b>is</b> it?</p><script>alert(1)</script>',
      inReplyTo: messageId,
      references: ['<older-thread@elsewhere.example>', messageId],
      attachments: [{ filename: 'receipt.pdf', content: attachment, contentType: 'application/pdf' }],
    });

    const listed = await api.get('/api/v1/inbound');
    expect(listed.status).toBe(200);
    expect(listed.body.data.next_cursor).toBeNull();
    expect(listed.body.data.inbound).toHaveLength(1);
    const mail = listed.body.data.inbound[0];
    expect(mail).toMatchObject({
      from: 'customer@elsewhere.example',
      from_name: 'Customer',
      to: [`support@${domain}`],
      cc: ['friend@elsewhere.example'],
      recipients: [`support@${domain}`],
      subject: 'Re: Your order',
      text: 'Where is it?',
      // Kept as sent: never sanitised, never rendered by the service.
      html: '<p>Where <b>is</b> it?</p><script>alert(1)</script>',
      in_reply_to_message_id: messageId,
      spam_verdict: null,
      virus_verdict: null,
      flagged: false,
    });
    expect(mail.headers).toContainEqual({ name: 'Subject', value: 'Re: Your order' });
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]).toMatchObject({ filename: 'receipt.pdf', content_type: 'application/pdf', size: attachment.length });
    expect(new URL(mail.attachments[0].url).searchParams.get('X-Amz-Expires')).toBe('3600');

    const download = await fetch(mail.attachments[0].url);
    expect(download.status).toBe(200);
    const body = Buffer.from(await download.arrayBuffer());
    expect(createHash('sha256').update(body).digest('hex')).toBe(createHash('sha256').update(attachment).digest('hex'));

    const one = await api.get(`/api/v1/inbound/${mail.id}`);
    expect(one.status).toBe(200);
    expect({ ...one.body.data, attachments: undefined }).toEqual({ ...mail, attachments: undefined });

    await drainWebhooksUntil(() => endpoint.received.length > 0);
    expect(endpoint.received).toHaveLength(1);
    const delivery = new Webhook(webhookSecret).verify(endpoint.received[0].body, endpoint.received[0].headers) as { type: string; data: Record<string, unknown> };
    expect(delivery.type).toBe('email.received');
    expect(delivery.data).toMatchObject({ id: mail.id, from: 'customer@elsewhere.example', subject: 'Re: Your order', in_reply_to_message_id: messageId, attachments: 1 });

    // Another account sees none of it.
    expect((await other.get('/api/v1/inbound')).body.data).toEqual({ inbound: [], next_cursor: null });
    expect((await other.get(`/api/v1/inbound/${mail.id}`)).status).toBe(404);
  });
});

describe('what the listener refuses', () => {
  it('mail to a domain nobody receives for, or to a verified domain without inbound: 550 at RCPT TO, nothing stored', async () => {
    const before = (await api.get('/api/v1/inbound?limit=100')).body.data.inbound.length;
    expect(await refusedWith(smtp().sendMail({ from: 'a@elsewhere.example', to: `someone@${uniqueDomain('nobody')}`, subject: 'Hi', text: 'x' }))).toBe(550);
    expect(await refusedWith(smtp().sendMail({ from: 'a@elsewhere.example', to: `someone@${quietDomain}`, subject: 'Hi', text: 'x' }))).toBe(550);
    // A subdomain is a domain of its own.
    expect(await refusedWith(smtp().sendMail({ from: 'a@elsewhere.example', to: `someone@sub.${domain}`, subject: 'Hi', text: 'x' }))).toBe(550);
    expect((await api.get('/api/v1/inbound?limit=100')).body.data.inbound.length).toBe(before);
  });

  it('a 20 MB mail: refused with 552, nothing stored, and the listener takes the next mail', async () => {
    const before = (await api.get('/api/v1/inbound?limit=100')).body.data.inbound.length;
    const big = randomBytes(20 * 1024 * 1024);
    expect(await refusedWith(smtp().sendMail({ from: 'a@elsewhere.example', to: `support@${domain}`, subject: 'Big', text: 'x', attachments: [{ filename: 'big.bin', content: big }] }))).toBe(552);
    expect((await api.get('/api/v1/inbound?limit=100')).body.data.inbound.length).toBe(before);
    expect(await refusedWith(smtp().sendMail({ from: 'a@elsewhere.example', to: `support@${domain}`, subject: 'Small', text: 'x' }))).toBe('accepted');
    expect((await api.get('/api/v1/inbound?limit=100')).body.data.inbound.length).toBe(before + 1);
  }, 60_000);
});

describe('listing', () => {
  it('pages newest first with a cursor; a cursor it did not issue and a malformed id are 400', async () => {
    for (const subject of ['first', 'second', 'third']) {
      await smtp().sendMail({ from: 'a@elsewhere.example', to: `list@${domain}`, subject, text: subject });
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const first = await api.get('/api/v1/inbound?limit=2');
    expect(first.body.data.inbound.map((m: { subject: string }) => m.subject)).toEqual(['third', 'second']);
    expect(first.body.data.next_cursor).toEqual(expect.any(String));
    const second = await api.get(`/api/v1/inbound?limit=2&cursor=${first.body.data.next_cursor}`);
    expect(second.body.data.inbound[0].subject).toBe('first');
    expect((await api.get('/api/v1/inbound?cursor=bm90LWEtY3Vyc29y')).status).toBe(400);
    expect((await api.get('/api/v1/inbound/not-an-id')).status).toBe(400);
    expect((await api.get('/api/v1/inbound/00000000-0000-8000-8000-000000000000')).status).toBe(404);
  });
});

describe("the domain's records", () => {
  it('show the inbound MX while inbound is on, judged by the next check, and drop it once off', async () => {
    const name = uniqueDomain('mx');
    const { id } = await verifiedDomain(api, name, false);
    const inboundMx = (records: { record: string }[]) => records.filter((record) => record.record === 'INBOUND_MX');
    expect(inboundMx((await api.get(`/api/v1/domains/${id}`)).body.data.records)).toEqual([]);

    const on = await api.put(`/api/v1/domains/${id}`, { inbound: true });
    expect(inboundMx(on.body.data.records)).toEqual([{ record: 'INBOUND_MX', type: 'MX', name, value: 'inbound-smtp.us-east-1.amazonaws.com', priority: 10, status: 'pending' }]);
    dns.publish(name, { type: 'MX', exchange: 'inbound-smtp.us-east-1.amazonaws.com', priority: 10 });
    const checked = await api.post(`/api/v1/domains/${id}/verify`);
    expect(inboundMx(checked.body.data.records)).toEqual([expect.objectContaining({ record: 'INBOUND_MX', status: 'verified' })]);
    expect(inboundMx((await api.get('/api/v1/domains?limit=100')).body.data.domains.find((d: { id: string }) => d.id === id).records)).toHaveLength(1);

    const off = await api.put(`/api/v1/domains/${id}`, { inbound: false });
    expect(inboundMx(off.body.data.records)).toEqual([]);
    expect(inboundMx((await api.get(`/api/v1/domains/${id}`)).body.data.records)).toEqual([]);
  });
});
