import { connect, type Socket } from 'node:net';
import { readReplies } from '../support/smtp-replies';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { relayDeps } from '../../functions/smtp/relay-deps';
import { startRelay } from '../../functions/smtp/relay-server';
import { mailTo } from '../support/mailbox';
import { client, newAccount, startService, uniqueAddress, type Client, type TestService } from '../support/service';

/*
 * The deployment's listeners (lib/smtp-relay.ts): 465 behind a balancer that ends TLS (mode
 * `terminated`), and a task that ECS stops with SIGTERM (drain). The listeners are plain TCP here,
 * as the balancer's side of the connection is.
 */
let service: TestService;
let api: Client;
let apiKey: string;

beforeAll(async () => {
  service = await startService();
  const account = await newAccount('SMTP relay behind a balancer');
  apiKey = account.apiKey;
  api = client(service, apiKey);
  await api.post('/api/v1/providers', { type: 'ses', name: 'SES', from_email: 'app@relay.example.com' });
});
afterAll(async () => service.close());

/** A raw SMTP line reader: `reply()` resolves each whole reply (its last line), in order. */
const dialogue = (port: number) => {
  const socket: Socket = connect(port, '127.0.0.1');
  const replies: string[] = [];
  const lines: string[] = [];
  let waiting: ((reply: string) => void) | undefined;
  readReplies(
    socket,
    (reply) => {
      replies.push(reply);
      if (waiting) waiting(replies.shift()!);
    },
    (line) => lines.push(line),
  );
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  return {
    lines,
    closed,
    send: (text: string) => socket.write(text),
    reply: () =>
      new Promise<string>((resolve) => {
        if (replies.length) return resolve(replies.shift()!);
        waiting = (reply) => {
          waiting = undefined;
          resolve(reply);
        };
      }),
  };
};

describe('the relay behind a TLS-terminating balancer (mode terminated)', () => {
  it(
    'offers AUTH and no STARTTLS on the plain connection the balancer forwards, and takes a mail; refusals are ' +
      'told by code',
    async () => {
      const refusals: [number, string][] = [];
      const onRefusal = (code: number, enhanced: string) => refusals.push([code, enhanced]);
      const relay = await startRelay(relayDeps(), { mode: 'terminated', port: 0, onRefusal });
      try {
        const smtp = dialogue(relay.port);
        await smtp.reply();
        smtp.send('EHLO client\r\n');
        expect(await smtp.reply()).toMatch(/^250 /);
        expect(smtp.lines.some((line) => /^250[- ]AUTH PLAIN LOGIN/.test(line))).toBe(true);
        expect(smtp.lines.some((line) => /STARTTLS/.test(line))).toBe(false);
        // A wrong key: 535 5.7.8, which the container logs by its codes for the 5xx alarm (lib/smtp-relay.ts).
        smtp.send(`AUTH PLAIN ${Buffer.from('\0apikey\0esk_wrong').toString('base64')}\r\n`);
        expect(await smtp.reply()).toMatch(/^535 5\.7\.8 /);
        expect(refusals).toEqual([[535, '5.7.8']]);
        smtp.send('QUIT\r\n');

        const to = uniqueAddress('terminated');
        const transport = nodemailer.createTransport({
          host: '127.0.0.1',
          port: relay.port,
          secure: false,
          ignoreTLS: true,
          auth: { user: 'apikey', pass: apiKey },
        });
        const info = await transport.sendMail({
          from: 'app@relay.example.com',
          to,
          subject: 'Through the balancer',
          text: 't',
        });
        expect(info.response).toMatch(/^250 2\.0\.0 <[^>]+>$/);
        expect(await mailTo(to)).toHaveLength(1);
      } finally {
        await relay.stop();
      }
    },
  );
});

describe('draining on SIGTERM', () => {
  it('answers the mail in flight, then closes; an idle connection gets 421 4.3.2 at once; new ones fail', async () => {
    const relay = await startRelay(relayDeps(), { mode: 'terminated', port: 0 });
    const credentials = Buffer.from(`\0apikey\0${apiKey}`).toString('base64');
    const to = uniqueAddress('draining');
    const busy = dialogue(relay.port);
    await busy.reply();
    for (const command of [
      'EHLO client',
      `AUTH PLAIN ${credentials}`,
      'MAIL FROM:<app@relay.example.com>',
      `RCPT TO:<${to}>`,
      'DATA',
    ]) {
      busy.send(`${command}\r\n`);
      expect(await busy.reply(), command).toMatch(/^(235|250|354) /);
    }
    busy.send(`From: app@relay.example.com\r\nTo: ${to}\r\nSubject: In flight\r\n\r\nHalf of it`);
    const idle = dialogue(relay.port);
    await idle.reply();
    idle.send('EHLO idle\r\n');
    await idle.reply();

    const drained = relay.drain(10_000);
    expect(await idle.reply()).toMatch(/^421 4\.3\.2 /);
    await idle.closed;
    // The port no longer takes connections.
    await expect(
      new Promise((resolve, reject) => connect(relay.port, '127.0.0.1').on('connect', resolve).on('error', reject)),
    ).rejects.toThrow();

    busy.send('\r\nand the rest.\r\n.\r\n');
    expect(await busy.reply()).toMatch(/^250 2\.0\.0 <[^>]+>$/);
    expect(await busy.reply()).toMatch(/^421 4\.3\.2 /);
    await busy.closed;
    await drained;
    expect(await mailTo(to)).toHaveLength(1);
  });
});
