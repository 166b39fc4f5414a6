/*
 * Bounds on what a submitted mail makes the parser do, checked by one linear scan of the raw bytes
 * before it is parsed (docs/promises.md, "SMTP relay"): the size alone does not bound a parser's work
 * (10 MiB of header lines, or multiparts nested thousands deep, cost far more than 10 MiB of body).
 */
export const MAIL_SHAPE_LIMITS = {
  /** Header lines of the whole mail, every part's included: a real mail has a few dozen a part. */
  headerLines: 2_000,
  /** The top-level header block (SES takes at most about 1 MB of headers). */
  headerBytes: 256 * 1024,
  /** Multipart containers (mixed > related > alternative is three). */
  multiparts: 20,
  /** MIME parts in all (bodies and attachments). */
  parts: 500,
} as const;

const MULTIPART = /^content-type:\s*multipart\//i;
const CONTENT_TYPE = /^content-type:/i;

/** What is wrong with the mail's shape, or undefined. */
export const mailShapeProblem = (raw: Buffer): string | undefined => {
  const text = raw.toString('latin1');
  const topHeaderEnd = text.search(/\r?\n\r?\n/);
  if ((topHeaderEnd === -1 ? text.length : topHeaderEnd) > MAIL_SHAPE_LIMITS.headerBytes) {
    return `The mail's header is over ${MAIL_SHAPE_LIMITS.headerBytes} bytes`;
  }
  let headerLines = 0;
  let multiparts = 0;
  let parts = 0;
  // Header lines are those of the top block and of each part's block (after a boundary line until a blank line).
  let inHeader = true;
  let start = 0;
  while (start <= text.length) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    const line = text.slice(start, end).replace(/\r$/, '');
    if (inHeader) {
      if (line === '') inHeader = false;
      else {
        headerLines++;
        if (CONTENT_TYPE.test(line)) {
          parts++;
          if (MULTIPART.test(line)) multiparts++;
        }
      }
    } else if (line.startsWith('--')) inHeader = true;
    if (headerLines > MAIL_SHAPE_LIMITS.headerLines)
      return `The mail has over ${MAIL_SHAPE_LIMITS.headerLines} header lines`;
    if (multiparts > MAIL_SHAPE_LIMITS.multiparts)
      return `The mail nests over ${MAIL_SHAPE_LIMITS.multiparts} multipart parts`;
    if (parts > MAIL_SHAPE_LIMITS.parts) return `The mail has over ${MAIL_SHAPE_LIMITS.parts} MIME parts`;
    start = end + 1;
  }
  return undefined;
};
