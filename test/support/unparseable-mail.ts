/**
 * Raw mails that the inbound parser could not keep before issue 35 (each answered 451 for ever, so
 * the sender's server gave up and the mail was lost), made here rather than committed as fixtures.
 */
const head = (to: string, subject: string) => `From: Sender <sender@elsewhere.example>\r\nTo: ${to}\r\nSubject: ${subject}\r\nMessage-ID: <${subject.replace(/\W/g, '')}@elsewhere.example>\r\nMIME-Version: 1.0\r\n`;

/** 30,000 header lines in the top block: past the parser's header limit. */
export const manyHeaderLines = (to: string, subject: string, lines = 30_000) =>
  Buffer.from(`${head(to, subject)}${'X-Filler: a\r\n'.repeat(lines)}Content-Type: text/plain\r\n\r\nbody\r\n`);

/** multipart/mixed nested `depth` deep around one text part: past the parser's limit of parts. */
export const deeplyNested = (to: string, subject: string, depth = 3_000) => {
  const open = Array.from({ length: depth }, (_, i) => `Content-Type: multipart/mixed; boundary="b${i}"\r\n\r\n--b${i}\r\n`).join('');
  const close = Array.from({ length: depth }, (_, i) => `--b${depth - 1 - i}--\r\n`).join('');
  return Buffer.from(`${head(to, subject)}${open}Content-Type: text/plain\r\n\r\ninnermost\r\n${close}`);
};

/**
 * A mail the parser reads whole but whose record, as kept before, passed DynamoDB's 400 KB: 100
 * addresses of 300 non-ASCII characters in To and in Cc (about 90 KB each), 100 attachments named with
 * 250 of them (about 75 KB), and bodies just under the 200 KB kept in the record (SMTPUTF8 headers).
 */
export const oversizedRecord = (to: string, subject: string) => {
  const long = (i: number, field: string) => `${'受'.repeat(297)}${field}${i}@elsewhere.example`;
  const addresses = (field: string) => Array.from({ length: 100 }, (_, i) => long(i, field)).join(',\r\n ');
  const attachments = Array.from(
    { length: 100 },
    (_, i) => `--mix\r\nContent-Type: application/octet-stream\r\nContent-Disposition: attachment; filename="${'文'.repeat(250)}${i}.bin"\r\n\r\nfile ${i}\r\n`,
  ).join('');
  return Buffer.from(
    `From: Sender <sender@elsewhere.example>\r\nTo: ${to},\r\n ${addresses('t')}\r\nCc: ${addresses('c')}\r\nSubject: ${subject}\r\nMIME-Version: 1.0\r\n` +
      `Content-Type: multipart/mixed; boundary="mix"\r\n\r\n--mix\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${'plain text '.repeat(17_000)}\r\n${attachments}--mix--\r\n`,
  );
};
