import { createHash, randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamoReputationStore } from '../../functions/adapters/dynamo/reputation-store';
import { relayDeps } from '../../functions/smtp/relay-deps';
import { relayConnectionCounts, startRelay } from '../../functions/smtp/relay-server';
import { selfSignedCertificate } from '../../local/tls-certificate';
import { mailboxNow, mailTo } from '../support/mailbox';
import { readReplies } from '../support/smtp-replies';
import { client, newAccount, startService, uniqueAddress, type Client, type TestService } from '../support/service';

let service: TestService;
let api: Client;
let apiKey: string;
let relays: Awaited<ReturnType<typeof startRelay>>[];
const certificate = selfSignedCertificate();

beforeAll(async () => {
  service = await startService();
  const account = await newAccount('SMTP relay');
  apiKey = account.apiKey;
  api = client(service, apiKey);
  await api.post('/api/v1/providers', {
    type: 'ses',
    name: 'SES',
    from_email: 'app@relay.example.com',
    from_name: 'The App',
  });
  const deps = relayDeps();
  // One relay on two ports, as npm start runs it: the connection counts are shared.
  const connections = relayConnectionCounts();
  relays = [
    await startRelay(deps, { tls: certificate, mode: 'starttls', port: 0, connections }),
    await startRelay(deps, { tls: certificate, mode: 'implicit', port: 0, connections }),
  ];
});
afterAll(async () => {
  await Promise.all(relays.map((relay) => relay.stop()));
  await service.close();
});

/** nodemailer as an app would set it up, trusting the relay's certificate (a real deployment's is a CA's). */
const transport = (mode: 'starttls' | 'implicit', password = apiKey, user = 'apikey') =>
  nodemailer.createTransport({
    host: '127.0.0.1',
    port: relays[mode === 'starttls' ? 0 : 1].port,
    secure: mode === 'implicit',
    requireTLS: mode === 'starttls',
    auth: { user, pass: password },
    tls: { ca: certificate.cert, servername: 'localhost' },
  });

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const messageIdOf = (response: string) => /^250 2\.0\.0 (<[^>]+>)$/.exec(response)?.[1];

describe('the SMTP relay', () => {
  for (const mode of ['starttls', 'implicit'] as const) {
    it(
      `takes a multipart mail over ${mode === 'starttls' ? 'STARTTLS' : 'implicit TLS'}: parts, Cc, Bcc and a ` +
        `custom header arrive; it is in GET /mail as smtp`,
      async () => {
        const [to, cc, bcc] = [uniqueAddress('to'), uniqueAddress('cc'), uniqueAddress('bcc')];
        const file = randomBytes(64 * 1024);
        const logo = randomBytes(2048);
        const info = await transport(mode).sendMail({
          from: '"Billing" <billing@relay.example.com>',
          to,
          cc,
          bcc,
          replyTo: 'support@relay.example.com',
          subject: 'Your invoice ✓',
          text: 'Plain body',
          html: '<p>HTML body <img src="cid:logo@app"></p>',
          headers: { 'X-Entity-Ref-ID': 'ref-42', 'X-Tags': 'kind=invoice, monthly' },
          attachments: [
            { filename: 'invoice.pdf', content: file, contentType: 'application/pdf' },
            { filename: 'logo.png', content: logo, contentType: 'image/png', cid: 'logo@app' },
          ],
        });
        const messageId = messageIdOf(info.response);
        expect(messageId, info.response).toBeDefined();
        expect(info.accepted.sort()).toEqual([to, cc, bcc].sort());

        const [sent] = await mailTo(to);
        expect(sent.destination).toEqual({ to: [to], cc: [cc], bcc: [bcc] });
        expect(sent.from).toMatch(/^"?Billing"? <billing@relay\.example\.com>$/);
        expect(sent.replyTo).toEqual(['support@relay.example.com']);
        expect(sent.subject).toBe('Your invoice ✓');
        expect(sent.body.text).toBe('Plain body');
        expect(sent.body.html).toContain('cid:logo@app');
        expect(sent.headers).toEqual(expect.arrayContaining([{ name: 'X-Entity-Ref-ID', value: 'ref-42' }]));
        const files = (sent as unknown as { attachments: { filename: string; content: string; contentId?: string }[] })
          .attachments;
        expect(files.map((f) => [f.filename, sha256(Buffer.from(f.content, 'base64'))]).sort()).toEqual(
          [
            ['invoice.pdf', sha256(file)],
            ['logo.png', sha256(logo)],
          ].sort(),
        );

        const log = await api.get(`/api/v1/mail?recipient=${encodeURIComponent(to)}`);
        expect(log.body.data.messages).toEqual([
          expect.objectContaining({ message_id: messageId, status: 'sent', source: 'smtp' }),
        ]);
        const status = await api.get(`/api/v1/mail/status/${encodeURIComponent(messageId!)}`);
        expect(status.body.data.message.source).toBe('smtp');
        // The relayed mail's body is kept as it was parsed, before tracking (docs/promises.md "Message bodies").
        expect(status.body.data.message).toMatchObject({
          text: 'Plain body',
          html: '<p>HTML body <img src="cid:logo@app"></p>',
        });
      },
    );
  }

  it('refuses AUTH before TLS (530 5.7.0), a wrong key (535 5.7.8) and mail without AUTH (530)', async () => {
    const dialogue = await talk(relays[0].port, [
      'EHLO client',
      'AUTH PLAIN AGFwaWtleQBub3BlCg==',
      'MAIL FROM:<a@relay.example.com>',
      'QUIT',
    ]);
    expect(dialogue[2]).toMatch(/^530 5\.7\.0 /);
    expect(dialogue[3]).toMatch(/^530 /);
    await expect(
      transport('implicit', 'esk_not_a_key').sendMail({
        from: 'a@relay.example.com',
        to: uniqueAddress(),
        subject: 's',
        text: 't',
      }),
    ).rejects.toMatchObject({ responseCode: 535, response: expect.stringMatching(/^535 5\.7\.8 /) });
    await expect(
      transport('implicit', apiKey, 'someone').sendMail({
        from: 'a@relay.example.com',
        to: uniqueAddress(),
        subject: 's',
        text: 't',
      }),
    ).rejects.toMatchObject({ responseCode: 535 });
  });

  it('closes a connection at its third wrong key (421 4.7.0): keys cannot be guessed at line speed', async () => {
    const wrong = Buffer.from('\0apikey\0esk_wrong').toString('base64');
    const dialogue = await talk(relays[1].port, ['EHLO client', ...Array(4).fill(`AUTH PLAIN ${wrong}`)], true);
    expect(dialogue.slice(2).map((reply) => reply.slice(0, 9))).toEqual(['535 5.7.8', '535 5.7.8', '421 4.7.0']);
  });

  it(
    "refuses a sender outside the provider's domains at MAIL FROM (550 5.7.1 naming them), a suppressed recipient " +
      'at RCPT TO (550 5.1.1) while the others go on',
    async () => {
      const refused = transport('implicit').sendMail({
        from: 'ceo@elsewhere.example',
        to: uniqueAddress(),
        subject: 's',
        text: 't',
      });
      await expect(refused).rejects.toMatchObject({
        responseCode: 550,
        response: expect.stringMatching(/^550 5\.7\.1 .*relay\.example\.com/),
      });

      const [kept, gone] = [uniqueAddress('kept'), uniqueAddress('gone')];
      expect((await api.post('/api/v1/suppressions', { email: gone, reason: 'manual' })).status).toBe(201);
      const info = await transport('implicit').sendMail({
        from: 'app@relay.example.com',
        to: kept,
        cc: gone,
        subject: 's',
        text: 't',
      });
      expect([info.accepted, info.rejected]).toEqual([[kept], [gone]]);
      expect(info.rejectedErrors?.[0]).toMatchObject({
        responseCode: 550,
        response: expect.stringMatching(/^550 5\.1\.1 /),
      });
      expect(await mailTo(kept)).toHaveLength(1);
      expect(await mailTo(gone)).toHaveLength(0);
    },
  );

  it(
    'refuses at MAIL FROM (550 5.7.1) a domain another account registered, whatever the provider allows, and ' +
      'sends nothing',
    async () => {
      const victim = `victim-${Math.random().toString(36).slice(2, 10)}.example`;
      const own = await newAccount('SMTP sender rule');
      const ownApi = client(service, own.apiKey);
      // The provider named the domain before anyone registered it; the claim made afterwards still wins.
      const provider = {
        type: 'ses',
        name: 'SES',
        from_email: 'app@own-relay.example',
        allowed_from_domains: [victim],
      };
      expect((await ownApi.post('/api/v1/providers', provider)).status).toBe(201);
      expect(
        (await client(service, (await newAccount('SMTP victim')).apiKey).post('/api/v1/domains', { name: victim }))
          .status,
      ).toBe(201);
      const to = uniqueAddress('victim');
      const refused = transport('implicit', own.apiKey).sendMail({
        from: `ceo@${victim}`,
        to,
        subject: 's',
        text: 't',
      });
      await expect(refused).rejects.toMatchObject({
        responseCode: 550,
        response: expect.stringMatching(/^550 5\.7\.1 /),
      });
      // The envelope sender may be the provider's own while the header From is the victim's: refused at DATA.
      const hidden = transport('implicit', own.apiKey).sendMail({
        envelope: { from: 'app@own-relay.example', to: [to] },
        from: `ceo@${victim}`,
        to,
        subject: 's',
        text: 't',
      });
      await expect(hidden).rejects.toMatchObject({ response: expect.stringMatching(/^5\d\d 5\.7\.1 /) });
      expect(await mailTo(to)).toHaveLength(0);
    },
  );

  it('refuses every mail of a paused account (the brake) with 554 5.7.1, before any content is sent', async () => {
    const paused = await newAccount('SMTP paused');
    await client(service, paused.apiKey).post('/api/v1/providers', {
      type: 'ses',
      name: 'SES',
      from_email: 'app@paused.example.com',
    });
    await dynamoReputationStore().pause(
      paused.accountId,
      new Date().toISOString(),
      '100 sent, 10 hard bounces (10%) in the last 24 hours',
    );
    const to = uniqueAddress('paused');
    const refused = transport('implicit', paused.apiKey).sendMail({
      from: 'app@paused.example.com',
      to,
      subject: 's',
      text: 't',
    });
    await expect(refused).rejects.toMatchObject({
      responseCode: 554,
      response: expect.stringMatching(/^554 5\.7\.1 Sending is paused/),
    });
    expect(await mailTo(to)).toHaveLength(0);
  });

  it(
    'answers 452 4.5.3 to the 51st recipient (the 50 before it get the mail, it does not) and 552 5.3.4 past the ' +
      'size',
    async () => {
      const many = Array.from({ length: 51 }, () => uniqueAddress('many'));
      const info = await transport('implicit').sendMail({
        from: 'app@relay.example.com',
        to: many,
        subject: 's',
        text: 't',
      });
      expect(info.rejected).toEqual([many[50]]);
      expect(info.rejectedErrors?.[0]).toMatchObject({
        responseCode: 452,
        response: expect.stringMatching(/^452 4\.5\.3 /),
      });
      expect([
        (await mailTo(many[0])).length,
        (await mailTo(many[49])).length,
        (await mailTo(many[50])).length,
      ]).toEqual([1, 1, 0]);
      const big = transport('implicit').sendMail({
        from: 'app@relay.example.com',
        to: uniqueAddress('big'),
        subject: 's',
        text: 'x'.repeat(11 * 1024 * 1024),
      });
      await expect(big).rejects.toMatchObject({ responseCode: 552 });
    },
  );

  it("counts each mail against the key's rate limit: a 70-mail burst from a 60/min key answers 451 4.7.1 to the " +
    'last ten, loses and doubles nothing', async () => {
    const created = await api.post('/api/v1/api-keys', {
      name: 'smtp burst',
      permissions: ['mail'],
      rate_limit_per_minute: 60,
    });
    const burstKey = created.body.data.key as string;
    // The limit counts fixed minutes: start early in one, so the whole burst falls in it.
    while (new Date().getUTCSeconds() > 30) await new Promise((resolve) => setTimeout(resolve, 1000));
    const pool = nodemailer.createTransport({
      host: '127.0.0.1',
      port: relays[1].port,
      secure: true,
      pool: true,
      maxConnections: 5,
      maxMessages: 100,
      auth: { user: 'apikey', pass: burstKey },
      tls: { ca: certificate.cert, servername: 'localhost' },
    });
    const recipients = Array.from({ length: 70 }, () => uniqueAddress('burst'));
    const outcomes = await Promise.allSettled(
      recipients.map((to) => pool.sendMail({ from: 'app@relay.example.com', to, subject: 'Burst', text: 't' })),
    );
    pool.close();
    const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(refused.map((o) => o.reason.response.slice(0, 9))).toEqual(Array(10).fill('451 4.7.1'));
    const sentTo = await mailboxNow();
    const counts = recipients.map((to) => sentTo(to).length);
    expect(counts.map((count, i) => [count, outcomes[i].status])).toEqual(
      outcomes.map((o) => [o.status === 'fulfilled' ? 1 : 0, o.status]),
    );
  }, 120_000);

  it('deduplicates by Idempotency-Key: the same mail twice is sent once and answers the same id', async () => {
    const to = uniqueAddress('once');
    const mail = {
      from: 'app@relay.example.com',
      to,
      subject: 'Once',
      text: 't',
      headers: { 'Idempotency-Key': `smtp-${to}` },
      messageId: `<${to}>`,
      date: new Date('2026-01-01T00:00:00Z'),
    };
    const first = await transport('implicit').sendMail(mail);
    const second = await transport('implicit').sendMail(mail);
    expect(messageIdOf(second.response)).toBe(messageIdOf(first.response));
    const received = await mailTo(to);
    expect(received).toHaveLength(1);
    // A bare From header leaves bare (not the provider's 'The App').
    expect(received[0].from).toBe('app@relay.example.com');
  });
});

describe('the SMTP relay under bad input', () => {
  const raw = (header: string, body: string) =>
    `From: app@relay.example.com\r\nTo: x@example.com\r\nSubject: bomb\r\n${header}\r\n${body}`;

  it(
    'refuses a mail bomb at DATA with 554 5.6.0 in well under a second each, and sends nothing: header lines, ' +
      'nested multiparts, too many parts',
    async () => {
      let nested = 'text';
      for (let depth = 0; depth < 3000; depth++)
        nested = `Content-Type: multipart/mixed; boundary="b${depth}"\r\n\r\n--b${depth}\r\n${nested}\r\n--b${depth}--`;
      const parts = '--x\r\nContent-Type: text/plain\r\n\r\nhi\r\n'.repeat(600);
      const manyParts = `Content-Type: multipart/mixed; boundary="x"\r\n\r\n${parts}--x--`;
      const bombs = [
        raw(`${Array.from({ length: 30_000 }, (_, i) => `X-Filler-${i}: v`).join('\r\n')}\r\n`, 'body'),
        raw('MIME-Version: 1.0\r\n', '').replace('\r\n\r\n', '\r\n') + nested,
        raw('MIME-Version: 1.0\r\n', '').replace('\r\n\r\n', '\r\n') + manyParts,
      ];
      for (const bomb of bombs) {
        const to = uniqueAddress('bomb');
        const started = performance.now();
        const sent = transport('implicit').sendMail({
          envelope: { from: 'app@relay.example.com', to: [to] },
          raw: bomb,
        });
        await expect(sent).rejects.toMatchObject({
          responseCode: 554,
          response: expect.stringMatching(/^554 5\.6\.0 /),
        });
        expect(performance.now() - started).toBeLessThan(2_000);
        expect(await mailTo(to)).toHaveLength(0);
      }
    },
  );

  it('refuses at RCPT TO an address no send takes (553 5.1.3), e.g. an SMTPUTF8 local part', async () => {
    const info = await transport('implicit')
      .sendMail({
        envelope: { from: 'app@relay.example.com', to: ['ok@example.com', 'ünïcode@example.com'] },
        raw: raw('', 'hi'),
      })
      .catch((error) => error);
    const rejected = info.rejectedErrors ?? [info];
    expect(rejected.some((error: { response?: string }) => /^553 5\.1\.3 /.test(error.response ?? ''))).toBe(true);
  });

  it(
    'closes a connection past the cap from one address with 421 4.7.0, and takes connections again once others ' +
      'close',
    async () => {
      const open = await Promise.all(Array.from({ length: 50 }, () => greeting(relays[0].port)));
      expect(open.every((g) => g.reply.startsWith('220 '))).toBe(true);
      // The other port of the same relay counts the same connections.
      for (const port of [relays[0].port, relays[1].port]) {
        const refused = await greeting(port, port === relays[1].port);
        expect(refused.reply).toMatch(/^421 4\.7\.0 /);
        refused.socket.destroy();
      }
      for (const { socket } of open) socket.end('QUIT\r\n');
      await new Promise((resolve) => setTimeout(resolve, 300));
      const again = await greeting(relays[0].port);
      expect(again.reply).toMatch(/^220 /);
      again.socket.end('QUIT\r\n');
    },
  );
});

/** A connection and its first reply line (the greeting, or the refusal); `secure`: TLS from the start. */
const greeting = (port: number, secure = false) =>
  new Promise<{ socket: ReturnType<typeof connect>; reply: string }>((resolve, reject) => {
    const socket = secure
      ? tlsConnect({ port, host: '127.0.0.1', ca: certificate.cert, servername: 'localhost' })
      : connect(port, '127.0.0.1');
    socket.once('data', (chunk) => resolve({ socket, reply: chunk.toString().split('\r\n')[0] }));
    socket.once('error', reject);
  });

/** A raw SMTP dialogue: each command's reply (the first entry is the greeting); `secure`: TLS from the start. */
const talk = (port: number, commands: string[], secure = false) =>
  new Promise<string[]>((resolve, reject) => {
    const socket = secure
      ? tlsConnect({ port, host: '127.0.0.1', ca: certificate.cert, servername: 'localhost' })
      : connect(port, '127.0.0.1');
    const replies: string[] = [];
    readReplies(socket, (reply) => {
      replies.push(reply);
      const next = commands[replies.length - 1];
      if (next === undefined) socket.end();
      else socket.write(`${next}\r\n`);
    });
    socket.on('close', () => resolve(replies));
    socket.on('error', reject);
  });
