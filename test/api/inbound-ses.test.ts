import { S3Client } from '@aws-sdk/client-s3';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as inboundMail } from '../../functions/handlers/inbound-mail';
import { startDnsServer } from '../support/dns-server';
import { uniqueDomain, verifiedDomain } from '../support/receiving-domain';
import { client, newAccount, startService, type Client, type TestService } from '../support/service';
import { composed, sesReceipt, type ReceiptVerdicts } from '../support/ses-receipt';
import { deeplyNested, manyHeaderLines, OVERSIZED_TEXT, oversizedRecord } from '../support/unparseable-mail';

/**
 * The deployment's path of inbound mail: SES's receipt rule stores the raw mail in the bucket at
 * `raw/<SES message id>`, then invokes the parsing function with its receipt event (the verdicts, the
 * envelope). Here the raw mail is put in fauxqs's S3 as SES would, and the function is called with the
 * event SES sends (shape from the SES developer guide, "Lambda action"); the API answers what it stored.
 */
let service: TestService;
let dns: Awaited<ReturnType<typeof startDnsServer>>;
let api: Client;
let other: Client;
let domain: string;
const s3 = new S3Client({ forcePathStyle: true });

/** Stores the raw mail where SES's S3 action puts it and invokes the function as SES's Lambda action does. */
const arrive = async (raw: Buffer, recipients: string[], verdicts: ReceiptVerdicts = {}, id = randomUUID()) => {
  await inboundMail(await sesReceipt(s3, raw, recipients, verdicts, id));
  return id;
};

const inbound = async (account: Client) =>
  (await account.get('/api/v1/inbound?limit=100')).body.data.inbound as Record<string, any>[];

beforeAll(async () => {
  dns = await startDnsServer();
  process.env.DNS_SERVERS = dns.address;
  service = await startService();
  api = client(service, (await newAccount('Inbound SES')).apiKey);
  other = client(service, (await newAccount('Someone else')).apiKey);
  domain = uniqueDomain('desk');
  await verifiedDomain(api, domain, true);
});
afterAll(async () => {
  await service?.close();
  dns?.close();
  s3.destroy();
});

describe('the SES receipt path', () => {
  it("records SES's verdicts and keeps mail that fails them, flagged", async () => {
    const raw = await composed({
      from: 'spammer@elsewhere.example',
      to: `help@${domain}`,
      subject: 'Cheap pills',
      text: 'buy',
    });
    await arrive(raw, [`help@${domain}`], { spam: 'FAIL', virus: 'PASS' });
    const [mail] = (await inbound(api)).filter((m) => m.subject === 'Cheap pills');
    expect(mail).toMatchObject({
      spam_verdict: 'fail',
      virus_verdict: 'pass',
      flagged: true,
      recipients: [`help@${domain}`],
    });
  });

  it('the same SES mail invoked twice (Lambda retries) is one record', async () => {
    const raw = await composed({ from: 'a@elsewhere.example', to: `help@${domain}`, subject: 'Twice', text: 'x' });
    const id = await arrive(raw, [`help@${domain}`]);
    await arrive(raw, [`help@${domain}`], {}, id);
    expect((await inbound(api)).filter((m) => m.subject === 'Twice')).toHaveLength(1);
  });

  it('keeps a body too large for the table beside the raw mail and answers it whole', async () => {
    const html = `<p>${'long line of html '.repeat(20_000)}</p>`;
    const raw = await composed({
      from: 'a@elsewhere.example',
      to: `help@${domain}`,
      subject: 'Long',
      html,
      text: 'short',
    });
    await arrive(raw, [`help@${domain}`]);
    const [listed] = (await inbound(api)).filter((m) => m.subject === 'Long');
    const one = (await api.get(`/api/v1/inbound/${listed.id}`)).body.data;
    expect(one).toMatchObject({ html, text: 'short', text_url: expect.any(String) });
    // Kept beside the raw mail (the two together pass 200 KB), so also by link.
    expect(await (await fetch(one.html_url)).text()).toBe(html);
  });

  it("a Bcc recipient counts (the envelope, not headers); a reply to another account's mail names none", async () => {
    expect(
      (await other.post('/api/v1/providers', { type: 'ses', name: 'SES', from_email: 'noreply@other.example' })).status,
    ).toBe(201);
    const theirs = (await other.post('/api/v1/mail/send', { to: 'x@elsewhere.example', subject: 's', text: 't' })).body
      .data.message_id;
    const raw = await composed({
      from: 'a@elsewhere.example',
      to: 'list@elsewhere.example',
      subject: 'Not yours',
      text: 'x',
      inReplyTo: theirs,
      references: [theirs],
    });
    await arrive(raw, [`hidden@${domain}`]);
    const [mail] = (await inbound(api)).filter((m) => m.subject === 'Not yours');
    expect(mail).toMatchObject({
      to: ['list@elsewhere.example'],
      recipients: [`hidden@${domain}`],
      in_reply_to_message_id: null,
    });
    expect(await inbound(other)).toEqual([]);
  });

  it("keeps SES's SPF, DKIM, DMARC verdicts and envelope sender; a reply failing DMARC is unproven", async () => {
    const provider = { type: 'ses', name: 'SES', from_email: `noreply@${domain}` };
    expect((await api.post('/api/v1/providers', provider)).status).toBe(201);
    const sent = await api.post('/api/v1/mail/send', { to: 'cfo@bank.example', subject: 'Invoice', text: 't' });
    const ours: string = sent.body.data.message_id;
    const thread = { inReplyTo: ours, references: [ours] };
    const from = 'CFO <cfo@bank.example>';
    const reply = (subject: string) => composed({ from, to: `help@${domain}`, subject, text: 'x', ...thread });

    const forgedVerdicts = { spf: 'FAIL', dkim: 'GRAY', dmarc: 'FAIL', source: 'bounce@forger.example' };
    await arrive(await reply('Re: Invoice (forged)'), [`help@${domain}`], forgedVerdicts);
    const passed = { spf: 'PASS', dkim: 'PASS', dmarc: 'PASS', source: 'bounce@bank.example' };
    await arrive(await reply('Re: Invoice'), [`help@${domain}`], passed);
    const mails = await inbound(api);
    const forged = mails.find((m) => m.subject === 'Re: Invoice (forged)')!;
    const genuine = mails.find((m) => m.subject === 'Re: Invoice')!;
    // The link says what the mail claims; `authenticated` whether DMARC proved its From.
    expect(forged).toMatchObject({ in_reply_to_message_id: ours, authenticated: false });
    expect(forged.envelope_from).toBe('bounce@forger.example');
    expect(forged).toMatchObject({ spf_verdict: 'fail', dkim_verdict: 'gray', dmarc_verdict: 'fail' });
    expect(genuine).toMatchObject({ in_reply_to_message_id: ours, authenticated: true });
    expect(genuine.envelope_from).toBe('bounce@bank.example');
    expect(genuine).toMatchObject({ spf_verdict: 'pass', dkim_verdict: 'pass', dmarc_verdict: 'pass' });
    const one = (await api.get(`/api/v1/inbound/${forged.id}`)).body.data;
    expect(one).toMatchObject({ authenticated: false, dmarc_verdict: 'fail', in_reply_to_message_id: ours });
  });

  it('mail the parser cannot read is kept raw with parse_error (no throw); a record past 400 KB is kept', async () => {
    const to = `help@${domain}`;
    const shapes = [manyHeaderLines(to, 'Header flood'), deeplyNested(to, 'Nested deep')];
    for (const [subject, raw] of [
      ['Header flood', shapes[0]],
      ['Nested deep', shapes[1]],
    ] as const) {
      await arrive(raw, [to]);
      const [mail] = (await inbound(api)).filter((m) => m.subject === subject);
      expect(mail).toMatchObject({ from: 'sender@elsewhere.example', to: [to], attachments: [] });
      expect(mail.parse_error).toMatch(/^The mail could not be parsed: /);
      const one = (await api.get(`/api/v1/inbound/${mail.id}`)).body.data;
      expect(one).toMatchObject({ text: null, html: null, parse_error: mail.parse_error });
      expect(Buffer.from(await (await fetch(one.raw_url)).arrayBuffer()).equals(raw)).toBe(true);
    }
    await arrive(oversizedRecord(to, 'Wide'), [to]);
    const [wide] = (await inbound(api)).filter((m) => m.subject === 'Wide');
    expect(wide).toMatchObject({ parse_error: null });
    expect(wide.attachments).toHaveLength(100);
    expect((await api.get(`/api/v1/inbound/${wide.id}`)).body.data.text).toBe(OVERSIZED_TEXT);
  }, 60_000);

  it('mail for nobody we receive for is dropped', async () => {
    const before = (await inbound(api)).length;
    await arrive(await composed({ from: 'a@elsewhere.example', to: 'x@nobody.example', subject: 'Lost', text: 'x' }), [
      'x@nobody.example',
    ]);
    expect((await inbound(api)).length).toBe(before);
  });
});
