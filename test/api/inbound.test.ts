import { createHash, randomBytes } from 'node:crypto';
import { createTransport } from 'nodemailer';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInboundSmtp } from '../../local/inbound-smtp';
import { startDnsServer } from '../support/dns-server';
import { uniqueDomain, verifiedDomain } from '../support/receiving-domain';
import { client, newAccount, startService, type Client, type TestService } from '../support/service';
import {
  deeplyNested,
  foldedHeader,
  manyHeaderLines,
  OVERSIZED_TEXT,
  oversizedRecord,
} from '../support/unparseable-mail';
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
  expect(
    (
      await api.post('/api/v1/providers', {
        type: 'ses',
        name: 'SES',
        from_email: `orders@${domain}`,
        from_name: 'Shop',
      })
    ).status,
  ).toBe(201);
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
  it(
    'is listed with its parts, its attachment downloads byte for byte, it names the sent message, and its webhook ' +
      'arrives signed',
    async () => {
      const sent = await api.post('/api/v1/mail/send', {
        to: 'customer@elsewhere.example',
        subject: 'Your order',
        text: 'Thanks for your order',
      });
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
      // A list answers summaries: no bodies, headers or links (GET /inbound/{id} has them).
      expect(mail.text).toBeUndefined();
      expect(mail.html).toBeUndefined();
      expect(mail.headers).toBeUndefined();
      const described = { filename: 'receipt.pdf', content_type: 'application/pdf', size: attachment.length };
      expect(mail.attachments).toEqual([described]);
      const one = await api.get(`/api/v1/inbound/${mail.id}`);
      expect(one.status).toBe(200);
      expect(one.body.data).toMatchObject({ ...mail, attachments: [expect.objectContaining(mail.attachments[0])] });
      expect(one.body.data).toMatchObject({
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
      const full = one.body.data;
      expect(full.headers).toContainEqual({ name: 'Subject', value: 'Re: Your order' });
      expect(full.attachments).toHaveLength(1);
      expect(full.attachments[0]).toMatchObject(described);
      expect(new URL(full.attachments[0].url).searchParams.get('X-Amz-Expires')).toBe('3600');

      const download = await fetch(full.attachments[0].url);
      expect(download.status).toBe(200);
      const body = Buffer.from(await download.arrayBuffer());
      expect(createHash('sha256').update(body).digest('hex')).toBe(
        createHash('sha256').update(attachment).digest('hex'),
      );

      await drainWebhooksUntil(() => endpoint.received.length > 0);
      expect(endpoint.received).toHaveLength(1);
      const delivery = new Webhook(webhookSecret).verify(endpoint.received[0].body, endpoint.received[0].headers) as {
        type: string;
        data: Record<string, unknown>;
      };
      expect(delivery.type).toBe('email.received');
      expect(delivery.data).toMatchObject({
        id: mail.id,
        from: 'customer@elsewhere.example',
        subject: 'Re: Your order',
        in_reply_to_message_id: messageId,
        attachments: 1,
      });

      // Another account sees none of it.
      expect((await other.get('/api/v1/inbound')).body.data).toEqual({ inbound: [], next_cursor: null });
      expect((await other.get(`/api/v1/inbound/${mail.id}`)).status).toBe(404);
    },
  );
});

describe('what the listener refuses', () => {
  it('mail to a domain nobody receives for, or a verified one without inbound: 550 at RCPT, none stored', async () => {
    const before = (await api.get('/api/v1/inbound?limit=100')).body.data.inbound.length;
    expect(
      await refusedWith(
        smtp().sendMail({
          from: 'a@elsewhere.example',
          to: `someone@${uniqueDomain('nobody')}`,
          subject: 'Hi',
          text: 'x',
        }),
      ),
    ).toBe(550);
    expect(
      await refusedWith(
        smtp().sendMail({ from: 'a@elsewhere.example', to: `someone@${quietDomain}`, subject: 'Hi', text: 'x' }),
      ),
    ).toBe(550);
    // A subdomain is a domain of its own.
    expect(
      await refusedWith(
        smtp().sendMail({ from: 'a@elsewhere.example', to: `someone@sub.${domain}`, subject: 'Hi', text: 'x' }),
      ),
    ).toBe(550);
    expect((await api.get('/api/v1/inbound?limit=100')).body.data.inbound.length).toBe(before);
  });

  it('a 20 MB mail: refused with 552, nothing stored, and the listener takes the next mail', async () => {
    const before = (await api.get('/api/v1/inbound?limit=100')).body.data.inbound.length;
    const big = randomBytes(20 * 1024 * 1024);
    expect(
      await refusedWith(
        smtp().sendMail({
          from: 'a@elsewhere.example',
          to: `support@${domain}`,
          subject: 'Big',
          text: 'x',
          attachments: [{ filename: 'big.bin', content: big }],
        }),
      ),
    ).toBe(552);
    expect((await api.get('/api/v1/inbound?limit=100')).body.data.inbound.length).toBe(before);
    expect(
      await refusedWith(
        smtp().sendMail({ from: 'a@elsewhere.example', to: `support@${domain}`, subject: 'Small', text: 'x' }),
      ),
    ).toBe('accepted');
    expect((await api.get('/api/v1/inbound?limit=100')).body.data.inbound.length).toBe(before + 1);
  }, 60_000);
});

describe('mail the parser cannot keep whole, over SMTP', () => {
  const sendRaw = (raw: Buffer, to: string) =>
    smtp().sendMail({ envelope: { from: 'sender@elsewhere.example', to: [to] }, raw });
  const listedAs = async (subject: string) => {
    const page = (await api.get('/api/v1/inbound?limit=100')).body.data.inbound as Record<string, any>[];
    return page.filter((m) => m.subject === subject);
  };

  it('30,000 header lines, multipart 3,000 deep: 250 (not 451 for ever), kept raw with parse_error', async () => {
    const to = `raw@${domain}`;
    const shapes = [manyHeaderLines(to, 'Header flood'), deeplyNested(to, 'Nested deep')];
    for (const [subject, raw] of [
      ['Header flood', shapes[0]],
      ['Nested deep', shapes[1]],
    ] as const) {
      expect(await refusedWith(sendRaw(raw, to))).toBe('accepted');
      const [mail] = await listedAs(subject);
      expect(mail).toMatchObject({ from: 'sender@elsewhere.example', from_name: 'Sender', to: [to], recipients: [to] });
      expect(mail.attachments).toEqual([]);
      expect(mail.parse_error).toMatch(/^The mail could not be parsed: /);
      const one = (await api.get(`/api/v1/inbound/${mail.id}`)).body.data;
      expect(one).toMatchObject({ text: null, html: null, text_url: null, html_url: null });
      expect(one.parse_error).toBe(mail.parse_error);
      // The raw mail, as the listener received it, is the account's to download.
      const download = await fetch(one.raw_url);
      expect(download.status).toBe(200);
      expect(Buffer.from(await download.arrayBuffer()).toString()).toBe(raw.toString());
    }
    await drainWebhooksUntil(() => endpoint.received.some((r) => r.body.includes('Nested deep')));
    const event = endpoint.received.find((r) => r.body.includes('Nested deep'))!;
    expect(JSON.parse(event.body).data.parse_error).toMatch(/could not be parsed/);
  }, 60_000);

  it('a header folded over 30,000 lines is answered within seconds: the local SPF/DKIM/DMARC check skips what it ' +
    'cannot bound', async () => {
    const to = `folded@${domain}`;
    const started = performance.now();
    expect(await refusedWith(sendRaw(foldedHeader(to, 'Folded'), to))).toBe('accepted');
    expect(performance.now() - started).toBeLessThan(5_000);
    const [mail] = await listedAs('Folded');
    expect(mail).toMatchObject({ spf_verdict: 'processing_failed', authenticated: false });
  }, 60_000);

  it('a mail whose record would pass 400 KB: accepted and kept, its bodies beside it, its fields bounded', async () => {
    const to = `wide@${domain}`;
    expect(await refusedWith(sendRaw(oversizedRecord(to, 'Wide'), to))).toBe('accepted');
    const [mail] = await listedAs('Wide');
    expect(mail.parse_error).toBeNull();
    expect(mail.attachments).toHaveLength(100);
    expect(mail.to[0]).toBe(to);
    expect((await api.get(`/api/v1/inbound/${mail.id}`)).body.data.text).toBe(OVERSIZED_TEXT);
  }, 60_000);
});

describe('who a mail proves it is from, over SMTP (the listener checks SPF, DKIM and DMARC itself)', () => {
  it('a forged reply to a sent message is linked as the claim it is: not authenticated, verdicts beside', async () => {
    const sent = await api.post('/api/v1/mail/send', { to: 'cfo@elsewhere.example', subject: 'Invoice', text: 'Pay' });
    const messageId: string = sent.body.data.message_id;
    // Both publish DMARC (reject) and SPF naming their own server: 127.0.0.1 (this test's client) for
    // the bank, another address for the domain the forger writes from.
    const [bank, elsewhere] = [uniqueDomain('bank'), uniqueDomain('forged')];
    for (const [name, ip] of [
      [bank, '127.0.0.1'],
      [elsewhere, '192.0.2.1'],
    ]) {
      dns.publish(name, { type: 'TXT', value: `v=spf1 ip4:${ip} -all` });
      dns.publish(`_dmarc.${name}`, { type: 'TXT', value: 'v=DMARC1; p=reject' });
    }
    const reply = (from: string, subject: string) =>
      smtp().sendMail({
        from,
        to: `billing@${domain}`,
        subject,
        text: 'Paid',
        // Its own Authentication-Results is the sender's word, never read.
        headers: { 'Authentication-Results': `mx.example; spf=pass; dkim=pass; dmarc=pass header.from=${elsewhere}` },
        inReplyTo: messageId,
        references: [messageId],
      });
    await reply(`CFO <cfo@${elsewhere}>`, 'Re: Invoice (forged)');
    await reply(`CFO <cfo@${bank}>`, 'Re: Invoice (genuine)');
    const listed = (await api.get('/api/v1/inbound?limit=100')).body.data.inbound as Record<string, unknown>[];
    const forged = listed.find((m) => m.subject === 'Re: Invoice (forged)')!;
    const genuine = listed.find((m) => m.subject === 'Re: Invoice (genuine)')!;
    expect(forged).toMatchObject({ in_reply_to_message_id: messageId, authenticated: false });
    expect(forged.envelope_from).toBe(`cfo@${elsewhere}`);
    expect(forged).toMatchObject({ spf_verdict: 'fail', dkim_verdict: 'gray', dmarc_verdict: 'fail' });
    expect(genuine).toMatchObject({ in_reply_to_message_id: messageId, authenticated: true });
    expect(genuine.envelope_from).toBe(`cfo@${bank}`);
    expect(genuine).toMatchObject({ spf_verdict: 'pass', dkim_verdict: 'gray', dmarc_verdict: 'pass' });
    await drainWebhooksUntil(() => endpoint.received.some((r) => r.body.includes('Re: Invoice (forged)')));
    const event = JSON.parse(endpoint.received.find((r) => r.body.includes('Re: Invoice (forged)'))!.body);
    expect(event.data).toMatchObject({ in_reply_to_message_id: messageId, authenticated: false });
    expect(event.data.dmarc_verdict).toBe('fail');
  });
});

describe('a list of large mails', () => {
  it('answers summaries: three 5 MB mails page in a few KB, the cursor works, a too large body by link', async () => {
    const big = client(service, (await newAccount('Inbound large')).apiKey);
    const bigDomain = uniqueDomain('large');
    await verifiedDomain(big, bigDomain, true);
    const html = `<p>${'x'.repeat(5 * 1024 * 1024)}</p>`;
    for (const subject of ['large 1', 'large 2', 'large 3']) {
      await smtp().sendMail({ from: 'a@elsewhere.example', to: `in@${bigDomain}`, subject, text: 'see html', html });
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const first = await big.get('/api/v1/inbound?limit=2');
    expect(first.status).toBe(200);
    expect(Buffer.byteLength(JSON.stringify(first.body))).toBeLessThan(16 * 1024);
    expect(first.body.data.inbound.map((m: { subject: string }) => m.subject)).toEqual(['large 3', 'large 2']);
    const second = await big.get(`/api/v1/inbound?limit=2&cursor=${first.body.data.next_cursor}`);
    expect(second.body.data.inbound.map((m: { subject: string }) => m.subject)).toEqual(['large 1']);
    expect(second.body.data.next_cursor).toBeNull();

    const one = await big.get(`/api/v1/inbound/${second.body.data.inbound[0].id}`);
    expect(one.status).toBe(200);
    expect(Buffer.byteLength(JSON.stringify(one.body))).toBeLessThan(6 * 1000 * 1000);
    // The two bodies together pass 200 KB, so both are kept beside the raw mail and both have links.
    expect(one.body.data).toMatchObject({ text: 'see html', html: null, text_url: expect.any(String) });
    expect(await (await fetch(one.body.data.html_url)).text()).toBe(html);
  }, 120_000);
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
    expect(inboundMx(on.body.data.records)).toEqual([
      {
        record: 'INBOUND_MX',
        type: 'MX',
        name,
        value: 'inbound-smtp.us-east-1.amazonaws.com',
        priority: 10,
        status: 'pending',
      },
    ]);
    dns.publish(name, { type: 'MX', exchange: 'inbound-smtp.us-east-1.amazonaws.com', priority: 10 });
    const checked = await api.post(`/api/v1/domains/${id}/verify`);
    expect(inboundMx(checked.body.data.records)).toEqual([
      expect.objectContaining({ record: 'INBOUND_MX', status: 'verified' }),
    ]);
    expect(
      inboundMx(
        (await api.get('/api/v1/domains?limit=100')).body.data.domains.find((d: { id: string }) => d.id === id).records,
      ),
    ).toHaveLength(1);

    const off = await api.put(`/api/v1/domains/${id}`, { inbound: false });
    expect(inboundMx(off.body.data.records)).toEqual([]);
    expect(inboundMx((await api.get(`/api/v1/domains/${id}`)).body.data.records)).toEqual([]);
  });
});
