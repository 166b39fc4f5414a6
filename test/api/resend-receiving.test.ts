import { randomBytes } from 'node:crypto';
import { createTransport } from 'nodemailer';
import type { Resend } from 'resend';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInboundSmtp } from '../../local/inbound-smtp';
import { startDnsServer } from '../support/dns-server';
import { uniqueDomain, verifiedDomain } from '../support/receiving-domain';
import { client, keyWith, newAccount, startService, type Client, type TestService } from '../support/service';
import { resendClient } from '../support/resend-account';

/**
 * docs/promises.md "Resend-compatible API", received mail: the official `resend` package drives
 * `emails.receiving.*` (list, get with its raw download, attachments, forward) over the mail the local
 * listener received (as test/api/inbound.test.ts), and `emails.attachments.*` over sent mail.
 */
let service: TestService;
let dns: Awaited<ReturnType<typeof startDnsServer>>;
let listener: Awaited<ReturnType<typeof startInboundSmtp>>;
let api: Client;
let resend: Resend;
let foreign: Resend;
let domain: string;

const smtp = () => createTransport({ host: '127.0.0.1', port: listener.port, secure: false, ignoreTLS: true });
const download = async (url: string) => Buffer.from(await (await fetch(url)).arrayBuffer());

beforeAll(async () => {
  dns = await startDnsServer();
  process.env.DNS_SERVERS = dns.address;
  service = await startService();
  const { accountId, apiKey } = await newAccount('Resend receiving');
  api = client(service, apiKey);
  resend = resendClient(service, await keyWith(accountId, ['mail'], 100_000));
  foreign = resendClient(service, (await newAccount('Resend receiving other')).apiKey);
  domain = uniqueDomain('inbox');
  expect(
    (await api.post('/api/v1/providers', { type: 'ses', name: 'SES', from_email: `orders@${domain}` })).status,
  ).toBe(201);
  await verifiedDomain(api, domain, true);
  listener = await startInboundSmtp({ port: 0, bucket: process.env.INBOUND_BUCKET! });
});
afterAll(async () => {
  await listener?.stop();
  await service?.close();
  dns?.close();
});

const attachment = randomBytes(40 * 1024);
let mailId: string;

describe('received mail through the SDK', () => {
  it('list and get: the native record in Resend’s shape, with its raw mail to download', async () => {
    await smtp().sendMail({
      from: 'Customer <customer@elsewhere.example>',
      to: `support@${domain}`,
      cc: 'friend@elsewhere.example',
      replyTo: 'replies@elsewhere.example',
      subject: 'Where is my order?',
      text: 'Still waiting',
      html: '<p>Still <b>waiting</b></p>',
      attachments: [{ filename: 'receipt.pdf', content: attachment, contentType: 'application/pdf' }],
    });
    const native = (await api.get('/api/v1/inbound')).body.data.inbound;
    expect(native).toHaveLength(1);
    mailId = native[0].id;

    const listed = await resend.emails.receiving.list();
    expect(listed.error).toBeNull();
    const summary = {
      id: mailId,
      to: [`support@${domain}`],
      from: 'Customer <customer@elsewhere.example>',
      created_at: expect.stringMatching(/Z$/),
      subject: 'Where is my order?',
      bcc: null,
      cc: ['friend@elsewhere.example'],
      reply_to: ['replies@elsewhere.example'],
      received_for: [`support@${domain}`],
      message_id: expect.stringMatching(/^<.+>$/),
      attachments: [
        {
          id: expect.any(String),
          filename: 'receipt.pdf',
          size: attachment.length,
          content_type: 'application/pdf',
          content_id: null,
          content_disposition: 'attachment',
        },
      ],
    };
    expect(listed.data).toEqual({ object: 'list', has_more: false, data: [summary] });

    const got = await resend.emails.receiving.get(mailId);
    expect(got.data).toEqual({
      object: 'email',
      ...summary,
      text: expect.stringContaining('Still waiting'),
      html: '<p>Still <b>waiting</b></p>',
      headers: expect.objectContaining({ subject: 'Where is my order?' }),
      raw: { download_url: expect.any(String), expires_at: expect.stringMatching(/Z$/) },
    });
    expect(Date.parse(got.data!.raw!.expires_at) - Date.now()).toBeGreaterThan(3_500_000);
    const raw = (await download(got.data!.raw!.download_url)).toString('latin1');
    expect(raw).toContain('Subject: Where is my order?');
    // Asked for cid links or data URIs, the html is as received.
    expect((await resend.emails.receiving.get(mailId, { html_format: 'cid' })).data?.html).toBe(got.data!.html);
  });

  it('attachments: listed and got with links that download them byte for byte', async () => {
    const listed = await resend.emails.receiving.attachments.list({ emailId: mailId });
    expect(listed.data).toEqual({
      object: 'list',
      has_more: false,
      data: [
        {
          id: expect.any(String),
          filename: 'receipt.pdf',
          size: attachment.length,
          content_type: 'application/pdf',
          content_disposition: 'attachment',
          download_url: expect.any(String),
          expires_at: expect.stringMatching(/Z$/),
        },
      ],
    });
    const id = listed.data!.data[0].id;
    expect((await download(listed.data!.data[0].download_url)).equals(attachment)).toBe(true);
    const got = await resend.emails.receiving.attachments.get({ emailId: mailId, id });
    expect(got.data).toMatchObject({ object: 'attachment', id, filename: 'receipt.pdf' });
    expect((await download(got.data!.download_url)).equals(attachment)).toBe(true);
    expect(
      (await resend.emails.receiving.attachments.get({ emailId: mailId, id: crypto.randomUUID() })).error,
    ).toMatchObject({ statusCode: 404, name: 'not_found' });
  });

  it('forward (the SDK’s default, passthrough) sends the mail on as the account', async () => {
    const forwarded = await resend.emails.receiving.forward({
      emailId: mailId,
      to: 'colleague@elsewhere.example',
      from: `orders@${domain}`,
    });
    expect(forwarded.error).toBeNull();
    const sent = await resend.emails.get(forwarded.data!.id);
    expect(sent.data).toMatchObject({
      to: ['colleague@elsewhere.example'],
      subject: 'Where is my order?',
      html: expect.stringContaining('<p>Still <b>waiting</b></p>'),
    });
    // Wrapped (passthrough: false), the SDK attaches the mail whole as message/rfc822: it leaves as it came.
    const wrapped = await resend.emails.receiving.forward({
      emailId: mailId,
      to: 'wrapped@elsewhere.example',
      from: `orders@${domain}`,
      passthrough: false,
      text: 'See below',
    });
    expect(wrapped.error).toBeNull();
    const raw = await download((await resend.emails.receiving.get(mailId)).data!.raw!.download_url);
    const sentMail = await resend.emails.get(wrapped.data!.id);
    expect(sentMail.data).toMatchObject({ subject: 'Fwd: Where is my order?', text: 'See below' });
    const store = (await (await fetch(`${process.env.SES_ENDPOINT}/store`)).json()) as {
      emails: {
        destination: { to: string[] };
        attachments: { filename: string; content: string; contentType: string }[];
      }[];
    };
    const [delivered] = store.emails.filter((mail) => mail.destination.to.includes('wrapped@elsewhere.example'));
    expect(delivered.attachments).toEqual([
      expect.objectContaining({ filename: 'forwarded_message.eml', contentType: 'message/rfc822' }),
    ]);
    expect(Buffer.from(delivered.attachments[0].content, 'base64').equals(raw)).toBe(true);
  });

  it('a message/rfc822 file is taken in a forward’s shape alone (the SDK’s send)', async () => {
    const eml = Buffer.from('From: a@elsewhere.example\r\nSubject: x\r\n\r\nbody\r\n');
    const send = (attachments: { filename: string; content: Buffer; contentType: string }[]) =>
      resend.emails.send({ from: `orders@${domain}`, to: 'b@elsewhere.example', subject: 's', text: 't', attachments });
    const rfc822 = { filename: 'f.eml', content: eml, contentType: 'message/rfc822' };
    expect((await send([rfc822])).error).toBeNull();
    const beside = await send([rfc822, { filename: 'a.txt', content: Buffer.from('a'), contentType: 'text/plain' }]);
    expect(beside.error).toMatchObject({ statusCode: 422, name: 'validation_error' });
    expect(beside.error?.message).toContain('only attachment');
    const other = await send([{ ...rfc822, contentType: 'message/global' }]);
    expect(other.error?.message).toContain('message/* or multipart/*');
  });

  it('pages newest first with after and before', async () => {
    for (const subject of ['Second', 'Third'])
      await smtp().sendMail({ from: 'a@elsewhere.example', to: `support@${domain}`, subject, text: subject });
    const all = (await resend.emails.receiving.list()).data!.data.map((mail) => mail.subject);
    expect(all).toEqual(['Third', 'Second', 'Where is my order?']);
    const ids = (await resend.emails.receiving.list()).data!.data.map((mail) => mail.id);
    const first = await resend.emails.receiving.list({ limit: 1 });
    expect([first.data?.has_more, first.data?.data.map((mail) => mail.id)]).toEqual([true, [ids[0]]]);
    const after = await resend.emails.receiving.list({ limit: 5, after: ids[0] });
    expect([after.data?.has_more, after.data?.data.map((mail) => mail.id)]).toEqual([false, ids.slice(1)]);
    const before = await resend.emails.receiving.list({ before: ids[2] });
    expect([before.data?.has_more, before.data?.data.map((mail) => mail.id)]).toEqual([false, ids.slice(0, 2)]);
  });

  it('another account’s mail is not found, and a key without mail is refused', async () => {
    expect((await foreign.emails.receiving.get(mailId)).error).toMatchObject({ statusCode: 404, name: 'not_found' });
    expect((await foreign.emails.receiving.attachments.list({ emailId: mailId })).error).toMatchObject({
      statusCode: 404,
      name: 'not_found',
    });
    expect((await foreign.emails.receiving.list()).data?.data).toEqual([]);
    expect((await foreign.emails.receiving.list({ after: mailId })).error).toMatchObject({ statusCode: 422 });
    const subscribersOnly = resendClient(
      service,
      await keyWith((await newAccount('Resend receiving no mail')).accountId, ['subscribers']),
    );
    expect((await subscribersOnly.emails.receiving.list()).error).toMatchObject({
      statusCode: 401,
      name: 'restricted_api_key',
    });
  });
});

describe('sent mail’s attachments through the SDK', () => {
  it('are not kept once the mail has left: Resend’s not_found, saying so', async () => {
    const sent = await resend.emails.send({
      from: `orders@${domain}`,
      to: 'someone@elsewhere.example',
      subject: 'With a file',
      text: 'attached',
      attachments: [{ filename: 'a.txt', content: Buffer.from('hello').toString('base64') }],
    });
    expect(sent.error).toBeNull();
    for (const answer of [
      await resend.emails.attachments.list({ emailId: sent.data!.id }),
      await resend.emails.attachments.get({ emailId: sent.data!.id, id: crypto.randomUUID() }),
    ])
      expect(answer.error).toMatchObject({
        statusCode: 404,
        name: 'not_found',
        message: expect.stringContaining('attachments of sent mail'),
      });
  });
});
