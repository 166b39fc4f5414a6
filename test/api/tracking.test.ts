import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { signToken } from '../../functions/domain/tracking/token';
import { unsubscribeUrl } from '../../functions/domain/campaigns/unsubscribe';
import { drainOnce } from '../support/drain';
import { mailTo, type SentMail } from '../support/mailbox';
import { uniqueAddress, type Client, type TestService } from '../support/service';
import { startTrackedService } from '../support/tracked-service';

let service: TestService;
let api: Client;
let accountId: string;

const BROWSER =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15';

// The author's links: one with `&amp;` in its query, as HTML requires, one single-quoted; and what is never tracked.
const HEAD =
  '<head><title>News</title><link href="https://cdn.example.com/style.css" rel="stylesheet">' +
  '<a href="https://head.example.com/x">in head</a></head>';
const HTML = `<!doctype html><html>${HEAD}
<body><p>Hello</p>
<a class="cta" href="https://shop.example.com/offer?item=42&amp;ref=mail#top">Offer</a>
<a href='http://example.org/plain'>Plain</a>
<a href="mailto:help@example.com">Mail us</a> <a href="tel:+15551234">Call</a> <a href="#section">Jump</a>
</body></html>`;

const pixelOf = (html: string) => /<img src="([^"]+)" width="1" height="1"/.exec(html)?.[1];
const hrefsOf = (html: string) =>
  [...html.matchAll(/<a\b[^>]*?\shref=(?:"([^"]*)"|'([^']*)')/g)].map((m) => (m[1] ?? m[2])!.replace(/&amp;/g, '&'));
const mailFor = async (to: string): Promise<SentMail> => {
  const [mail] = await mailTo(to);
  expect(mail, `no mail to ${to}`).toBeDefined();
  return mail!;
};
const hit = (url: string, userAgent = BROWSER) =>
  fetch(url, { redirect: 'manual', headers: { 'User-Agent': userAgent } });
const eventsOf = async (messageId: string) =>
  (await api.get(`/api/v1/mail/status/${encodeURIComponent(messageId)}`)).body.data.events;

let tracked: Awaited<ReturnType<typeof startTrackedService>>;
beforeAll(async () => {
  tracked = await startTrackedService('News');
  ({ service, api, accountId } = tracked);
});
afterAll(() => tracked.close());

describe('open and click tracking', () => {
  it('adds a pixel before </body>, rewrites only the http(s) links of the body; the text is untouched', async () => {
    const to = uniqueAddress('tracked');
    const sent = await api.post('/api/v1/mail/send', {
      to,
      subject: 'News',
      html: HTML,
      text: 'Hello https://shop.example.com/offer',
    });
    expect(sent.status).toBe(200);
    const mail = await mailFor(to);
    const html = mail.body.html!;

    expect(pixelOf(html)).toMatch(new RegExp(`^${service.baseUrl}/t/o/[\\w-]+\\.[\\w-]+$`));
    expect(html.indexOf('<img src=')).toBeLessThan(html.indexOf('</body>'));
    const [headLink, offer, plain, mailto, tel, anchor] = hrefsOf(html);
    expect(headLink).toBe('https://head.example.com/x');
    expect(html).toContain('<link href="https://cdn.example.com/style.css"');
    expect(offer).toMatch(new RegExp(`^${service.baseUrl}/t/c/[\\w-]+\\.[\\w-]+$`));
    expect(plain).toMatch(new RegExp(`^${service.baseUrl}/t/c/`));
    expect([mailto, tel, anchor]).toEqual(['mailto:help@example.com', 'tel:+15551234', '#section']);
    expect(html).toContain('class="cta"');
    expect(mail.body.text).toBe('Hello https://shop.example.com/offer');
  });

  it(
    'records an open with the IP and user agent, answers the GIF, and redirects a click to the exact URL the ' +
      'author wrote',
    async () => {
      const to = uniqueAddress('hits');
      const { message_id: messageId } = (await api.post('/api/v1/mail/send', { to, subject: 'News', html: HTML })).body
        .data;
      const html = (await mailFor(to)).body.html!;

      const open = await hit(pixelOf(html)!);
      expect(open.status).toBe(200);
      expect(open.headers.get('content-type')).toBe('image/gif');
      const gif = Buffer.from(await open.arrayBuffer());
      expect(gif.subarray(0, 6).toString('latin1')).toBe('GIF89a');

      const [, offer, plain] = hrefsOf(html);
      const click = await hit(offer!);
      expect(click.status).toBe(302);
      expect(click.headers.get('location')).toBe('https://shop.example.com/offer?item=42&ref=mail#top');
      expect((await hit(plain!)).headers.get('location')).toBe('http://example.org/plain');

      const events = await eventsOf(messageId);
      expect(events).toEqual([
        {
          event_type: 'open',
          ip_address: expect.stringMatching(/127\.0\.0\.1|::1/),
          user_agent: BROWSER,
          machine: false,
          created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}$/),
        },
        {
          event_type: 'click',
          ip_address: expect.any(String),
          user_agent: BROWSER,
          url: 'https://shop.example.com/offer?item=42&ref=mail#top',
          machine: false,
          created_at: expect.any(String),
        },
        {
          event_type: 'click',
          ip_address: expect.any(String),
          user_agent: BROWSER,
          url: 'http://example.org/plain',
          machine: false,
          created_at: expect.any(String),
        },
      ]);
    },
  );

  it(
    'redirects links with non-ASCII characters, controls or encoded CR/LF to their percent-encoded form, and ' +
      'leaves links that are no URL untracked',
    async () => {
      // As the author wrote them (entities decoded), and where the click must lead: the WHATWG href.
      const links: [string, string][] = [
        ['https://example.com/café?q=crème#brûlée', 'https://example.com/caf%C3%A9?q=cr%C3%A8me#br%C3%BBl%C3%A9e'],
        ['https://bücher.example/straße', 'https://xn--bcher-kva.example/stra%C3%9Fe'],
        ['https://example.com/a%0D%0ASet-Cookie:%20x=1', 'https://example.com/a%0D%0ASet-Cookie:%20x=1'],
        ['https://example.com/a&#13;&#10;Set-Cookie: x=1', 'https://example.com/aSet-Cookie:%20x=1'],
        [
          'https://example.com/😀?e=👩‍👩‍👧',
          'https://example.com/%F0%9F%98%80?e=%F0%9F%91%A9%E2%80%8D%F0%9F%91%A9%E2%80%8D%F0%9F%91%A7',
        ],
        ['https://example.com/&#x7f;&#x1;x\u2028y', 'https://example.com/%7F%01x%E2%80%A8y'],
      ];
      const broken = ['http://exa mple.com/', 'https://[::1/x', 'http://:80/'];
      const to = uniqueAddress('non-ascii');
      const anchors = [...links.map(([written]) => written), ...broken].map((url) => `<a href="${url}">x</a>`);
      const html = `<body>${anchors.join('\n')}</body>`;
      const { message_id: messageId } = (await api.post('/api/v1/mail/send', { to, subject: 'Links', html })).body.data;
      const sent = (await mailFor(to)).body.html!;
      const hrefs = hrefsOf(sent);
      expect(hrefs.slice(links.length)).toEqual(broken);
      for (const [i, [written, location]] of links.entries()) {
        expect(hrefs[i], written).toMatch(/\/t\/c\//);
        const click = await hit(hrefs[i]!);
        expect(click.status, written).toBe(302);
        expect(click.headers.get('location'), written).toBe(location);
      }
      expect((await eventsOf(messageId)).map((event: { url: string }) => event.url)).toEqual(
        links.map(([, location]) => location),
      );

      // Mail already sent carries tokens signed over the URL as written: they redirect to its normalised
      // form too, and one over no URL at all is a link the service never makes (404, never 500).
      const key = process.env.TRACKING_SECRET!;
      const old = (url: string) =>
        `${service.baseUrl}/t/c/` +
        signToken(key, { kind: 'click', account_id: accountId, message_id: messageId, sent_at: 0, url });
      for (const [written, location] of [
        ['https://example.com/café', 'https://example.com/caf%C3%A9'],
        ['https://example.com/a\r\nSet-Cookie: x=1', 'https://example.com/aSet-Cookie:%20x=1'],
        ['https://example.com/\u0000\u00ff', 'https://example.com/%00%C3%BF'],
      ]) {
        const click = await hit(old(written!));
        expect(click.status, written).toBe(302);
        expect(click.headers.get('location'), written).toBe(location);
      }
      for (const written of ['http://exa mple.com/', 'https://', 'javascript:alert(1)'])
        expect((await hit(old(written))).status, written).toBe(404);
    },
  );

  it(
    'keeps the first 50 opens and 50 clicks of a message as events and counts every hit; each queued webhook ' +
      'event carries its recipient',
    async () => {
      const to = uniqueAddress('hammered');
      const { message_id: messageId } = (await api.post('/api/v1/mail/send', { to, subject: 'News', html: HTML })).body
        .data;
      const html = (await mailFor(to)).body.html!;
      const [, offer, plain] = hrefsOf(html);
      const hits = [
        ...Array(70).fill(pixelOf(html)!),
        ...Array(100).fill(offer!),
        ...Array(30).fill(plain!),
      ] as string[];
      for (let i = 0; i < hits.length; i += 20) await Promise.all(hits.slice(i, i + 20).map((url) => hit(url)));

      const status = await api.get(`/api/v1/mail/status/${encodeURIComponent(messageId)}`);
      const events = status.body.data.events as { event_type: string }[];
      expect(events.filter((event) => event.event_type === 'open')).toHaveLength(50);
      expect(events.filter((event) => event.event_type === 'click')).toHaveLength(50);
      expect(status.body.data.hits).toEqual({ open: 70, click: 130 });
      expect(JSON.stringify(status.body).length).toBeLessThan(30_000);

      // Every hit still makes its webhook event, with the recipient in it: the deliverer reads nothing.
      const sqs = new SQSClient({ useQueueUrlAsEndpoint: false });
      const queued: { type: string; message_id: string; to?: string }[] = [];
      for (let empty = 0; empty < 5 && queued.length < hits.length + 1; ) {
        const { Messages = [] } = await sqs.send(
          new ReceiveMessageCommand({
            QueueUrl: process.env.WEBHOOK_QUEUE_URL,
            MaxNumberOfMessages: 10,
            VisibilityTimeout: 600,
            WaitTimeSeconds: 1,
          }),
        );
        if (!Messages.length) empty++;
        queued.push(
          ...Messages.map((message) => JSON.parse(message.Body!).event).filter(
            (event: { message_id: string }) => event.message_id === messageId,
          ),
        );
      }
      sqs.destroy();
      expect(queued.filter((event) => event.type !== 'email.sent')).toHaveLength(hits.length);
      expect(queued.every((event) => event.to === to)).toBe(true);
    },
  );

  it(
    'answers 404 without Location to a token that does not verify: tampered, signed with another key, or of the ' +
      'other kind',
    async () => {
      const to = uniqueAddress('tamper');
      const { message_id: messageId } = (await api.post('/api/v1/mail/send', { to, subject: 'News', html: HTML })).body
        .data;
      const html = (await mailFor(to)).body.html!;
      const [, offer] = hrefsOf(html);
      const token = offer!.split('/t/c/')[1]!;
      const [payload, signature] = token.split('.') as [string, string];

      const claim = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      claim[4] = 'https://evil.example.net/';
      const swapped = `${Buffer.from(JSON.stringify(claim)).toString('base64url')}.${signature}`;
      const flipped = `${payload}.${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
      const foreign = signToken('some-other-key', {
        kind: 'click',
        account_id: accountId,
        message_id: messageId,
        sent_at: 0,
        url: 'https://evil.example.net/',
      });
      const openToken = pixelOf(html)!.split('/t/o/')[1]!;

      for (const path of [
        `/t/c/${swapped}`,
        `/t/c/${flipped}`,
        `/t/c/${foreign}`,
        `/t/c/${openToken}`,
        '/t/c/garbage',
        `/t/o/${token}`,
        `/t/o/${flipped}`,
      ]) {
        const answer = await hit(`${service.baseUrl}${path}`);
        expect(answer.status, path).toBe(404);
        expect(answer.headers.get('location'), path).toBeNull();
        expect(((await answer.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
      }
      expect(await eventsOf(messageId)).toEqual([]);
    },
  );

  it("accepts only a token's exact encoding: appended bytes, padding, spare signature bits answer 404", async () => {
    const to = uniqueAddress('exact');
    const { message_id: messageId } = (await api.post('/api/v1/mail/send', { to, subject: 'News', html: HTML })).body
      .data;
    const html = (await mailFor(to)).body.html!;
    const click = hrefsOf(html)[1]!;
    const unsubscribe = unsubscribeUrl(process.env.TRACKING_SECRET!, service.baseUrl, {
      account_id: accountId,
      subscriber_id: 'sub_x',
      campaign_id: 'cmp_x',
    });
    const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    // The signature's last character carries 2 bits of the MAC and 4 spare ones: flipping a spare bit decodes
    // to the same bytes.
    const spareBit = (url: string) => `${url.slice(0, -1)}${ALPHABET[ALPHABET.indexOf(url.at(-1)!) ^ 1]}`;
    const variants = (url: string) => [
      `${url}=`,
      `${url}==`,
      `${url}%3D`,
      `${url}%00`,
      `${url}%E2%80%AE`,
      `${url}.`,
      `${url}%20`,
      `${url}%0A`,
      `${url}!`,
      spareBit(url),
    ];

    for (const url of [click, pixelOf(html)!]) {
      for (const variant of variants(url)) {
        const answer = await hit(variant);
        expect(answer.status, variant).toBe(404);
        expect(answer.headers.get('location'), variant).toBeNull();
      }
    }
    for (const variant of variants(unsubscribe)) {
      expect((await fetch(variant)).status, variant).toBe(404);
      expect((await fetch(variant, { method: 'POST' })).status, variant).toBe(404);
    }
    expect(await eventsOf(messageId)).toEqual([]);
    // The exact ones still work.
    expect((await hit(click)).status).toBe(302);
    expect((await fetch(unsubscribe)).status).toBe(200);
  });

  it('honours track_opens and track_clicks set to false, and leaves text-only mail alone', async () => {
    const noOpens = uniqueAddress('no-opens');
    const noClicks = uniqueAddress('no-clicks');
    const textOnly = uniqueAddress('text-only');
    await api.post('/api/v1/mail/send', { to: noOpens, subject: 'News', html: HTML, track_opens: false });
    await api.post('/api/v1/mail/send', { to: noClicks, subject: 'News', html: HTML, track_clicks: false });
    await api.post('/api/v1/mail/send', {
      to: textOnly,
      subject: 'News',
      text: 'Visit https://shop.example.com/offer',
    });

    const a = (await mailFor(noOpens)).body.html!;
    expect(pixelOf(a)).toBeUndefined();
    expect(hrefsOf(a)[1]).toMatch(/\/t\/c\//);
    const b = (await mailFor(noClicks)).body.html!;
    expect(pixelOf(b)).toMatch(/\/t\/o\//);
    expect(b.replace(/<img src="[^"]+" width="1" height="1" alt="" style="[^"]*" \/>/, '')).toBe(HTML);
    const c = await mailFor(textOnly);
    expect(c.body.html).toBeUndefined();
    expect(c.body.text).toBe('Visit https://shop.example.com/offer');
  });

  it('tracks batch items through the queue, each with its own opt-outs', async () => {
    const tracked = uniqueAddress('batch-tracked');
    const untracked = uniqueAddress('batch-untracked');
    const answer = await api.post('/api/v1/mail/send-batch', {
      messages: [
        { to: tracked, subject: 'News', html: HTML },
        { to: untracked, subject: 'News', html: HTML, track_opens: false, track_clicks: false },
      ],
    });
    expect(answer.body.data).toMatchObject({ queued: 2, failed: 0 });
    await drainOnce();

    const html = (await mailFor(tracked)).body.html!;
    expect(pixelOf(html)).toMatch(/\/t\/o\//);
    const [, offer] = hrefsOf(html);
    expect((await hit(offer!)).headers.get('location')).toBe('https://shop.example.com/offer?item=42&ref=mail#top');
    const events = await eventsOf(answer.body.data.messages[0].message_id);
    expect(events).toMatchObject([{ event_type: 'click', url: 'https://shop.example.com/offer?item=42&ref=mail#top' }]);

    expect((await mailFor(untracked)).body.html).toBe(HTML);
  });

  it('marks hits right after the send, or from a link scanner, as machine', async () => {
    process.env.TRACKING_MACHINE_SECONDS = '10';
    try {
      const to = uniqueAddress('scanned');
      const { message_id: messageId } = (await api.post('/api/v1/mail/send', { to, subject: 'News', html: HTML })).body
        .data;
      const html = (await mailFor(to)).body.html!;
      await hit(hrefsOf(html)[1]!);
      process.env.TRACKING_MACHINE_SECONDS = '0';
      await hit(pixelOf(html)!, 'Mozilla/5.0 (compatible; Proofpoint URL Defense)');
      await hit(pixelOf(html)!);
      expect(
        (await eventsOf(messageId)).map((event: { event_type: string; machine: boolean }) => [
          event.event_type,
          event.machine,
        ]),
      ).toEqual([
        ['click', true],
        ['open', true],
        ['open', false],
      ]);
    } finally {
      process.env.TRACKING_MACHINE_SECONDS = '0';
    }
  });
});
