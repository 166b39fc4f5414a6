/**
 * Raw mails that the inbound parser could not keep before issue 35 (each answered 451 for ever, so
 * the sender's server gave up and the mail was lost), made here rather than committed as fixtures.
 */
const lines = (...parts: string[]) => parts.map((part) => `${part}\r\n`).join('');

const head = (to: string, subject: string) =>
  lines(
    'From: Sender <sender@elsewhere.example>',
    `To: ${to}`,
    `Subject: ${subject}`,
    `Message-ID: <${subject.replace(/\W/g, '')}@elsewhere.example>`,
    'MIME-Version: 1.0',
  );

/** 30,000 header lines in the top block: past the parser's header limit. */
export const manyHeaderLines = (to: string, subject: string, count = 30_000) =>
  Buffer.from(`${head(to, subject)}${'X-Filler: a\r\n'.repeat(count)}${lines('Content-Type: text/plain', '', 'body')}`);

/** One header folded over `count` continuation lines: mailauth reads such a header in quadratic time. */
export const foldedHeader = (to: string, subject: string, count = 30_000) =>
  Buffer.from(
    `${head(to, subject)}X-Fold: a\r\n${' b\r\n'.repeat(count)}${lines('Content-Type: text/plain', '', 'body')}`,
  );

/** multipart/mixed nested `depth` deep around one text part: past the parser's limit of parts. */
export const deeplyNested = (to: string, subject: string, depth = 3_000) => {
  const levels = Array.from({ length: depth }, (_, i) => i);
  const open = levels.map((i) => lines(`Content-Type: multipart/mixed; boundary="b${i}"`, '', `--b${i}`)).join('');
  const close = levels
    .reverse()
    .map((i) => lines(`--b${i}--`))
    .join('');
  return Buffer.from(`${head(to, subject)}${open}${lines('Content-Type: text/plain', '', 'innermost')}${close}`);
};

/** The text body of oversizedRecord: just under the 200 KB a record kept inline before. */
export const OVERSIZED_TEXT = 'plain text '.repeat(17_000);

/**
 * A mail the parser reads whole but whose record, as kept before, passed DynamoDB's 400 KB: 100
 * addresses of 300 non-ASCII characters in To and in Cc (about 90 KB each), 100 attachments named
 * with 250 of them (about 75 KB), and a text body just under 200 KB (SMTPUTF8 headers).
 */
export const oversizedRecord = (to: string, subject: string) => {
  const addresses = (field: string) =>
    Array.from({ length: 100 }, (_, i) => `${'受'.repeat(297)}${field}${i}@elsewhere.example`).join(',\r\n ');
  const attachment = (i: number) =>
    lines(
      '--mix',
      'Content-Type: application/octet-stream',
      `Content-Disposition: attachment; filename="${'文'.repeat(250)}${i}.bin"`,
      '',
      `file ${i}`,
    );
  return Buffer.from(
    lines(
      'From: Sender <sender@elsewhere.example>',
      `To: ${to},\r\n ${addresses('t')}`,
      `Cc: ${addresses('c')}`,
      `Subject: ${subject}`,
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="mix"',
      '',
      '--mix',
      'Content-Type: text/plain; charset=utf-8',
      '',
      OVERSIZED_TEXT,
    ) +
      Array.from({ length: 100 }, (_, i) => attachment(i)).join('') +
      lines('--mix--'),
  );
};
