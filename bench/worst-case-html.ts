import { outgoingMail, type MailContent } from '../functions/domain/mail/outgoing-mail';
import { sendMailBody } from '../functions/schemas/mail';

/**
 * CPU time of the content work of one mail whose 512 KiB HTML body is built against a backtracking
 * scan (issue 23): accept is the request's JSON and its schema (the body cap, the header checks),
 * send is the tracked HTML the mailer gets (pixel, up to 1,000 links signed). In process, no stack:
 * the provider's round trip is not content work. Goal: under 100 ms of CPU each.
 */
export interface WorstCaseHtml {
  body: string;
  bytes: number;
  acceptCpuMs: number;
  sendCpuMs: number;
}

const CAP = 512 * 1024 - 64;
const fill = (unit: string) => unit.repeat(Math.floor(CAP / unit.length));
const BODIES: Record<string, string> = {
  '`<a ` repeated': fill('<a '),
  '`<a href=` repeated': fill('<a href='),
  'one `<a` with `href="` repeated': `<a${fill(' href="')}>`,
  '`</body>` repeated': fill('</body>'),
  'links to track, repeated': fill('<a href=https://example.com/x>x</a>'),
};

const cpuMs = (work: () => unknown) => {
  const start = process.cpuUsage();
  work();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
};

const tracking = { key: 'bench-key', baseUrl: 'https://mail.example.com', accountId: 'acct_bench', sentAt: new Date() };

/** For each body, the worst of `runs` runs after a first one that pays for the JIT. */
export const measureWorstCaseHtml = (runs = 3): WorstCaseHtml[] =>
  Object.entries(BODIES).map(([body, html]) => {
    const request = JSON.stringify({ to: 'reader@example.com', subject: 'Worst case', html });
    const content: MailContent = {
      message_id: '<bench@example.com>',
      from: { email: 'news@example.com', name: null },
      to: 'reader@example.com',
      cc: [],
      bcc: [],
      reply_to: null,
      subject: 'Worst case',
      html,
    };
    const accept: number[] = [];
    const send: number[] = [];
    for (let i = 0; i <= runs; i++) {
      accept.push(cpuMs(() => sendMailBody.parse(JSON.parse(request))));
      send.push(cpuMs(() => outgoingMail(content, tracking)));
    }
    return {
      body,
      bytes: Buffer.byteLength(html),
      acceptCpuMs: Math.max(...accept.slice(1)),
      sendCpuMs: Math.max(...send.slice(1)),
    };
  });
