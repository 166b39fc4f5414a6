import { describe, expect, it } from 'vitest';
import { forwardedMailProblem, isForwardedMail } from '../../../functions/domain/mail/attachments';

/** docs/promises.md "Messages", attachments: a forwarded mail (decision 0126), the one composite type taken. */
const b64 = (text: string | Buffer) => Buffer.from(text).toString('base64');
const MAIL = 'From: a@example.org\r\nSubject: hi\r\n\r\nbody\r\n';
const rfc822 = (content: string | Buffer, extra = {}) => ({
  content: b64(content),
  content_type: 'message/rfc822',
  ...extra,
});

describe('a forwarded mail (message/rfc822)', () => {
  it('is message/rfc822 in any case, with parameters; no other message/* type', () => {
    expect(['message/rfc822', 'Message/RFC822; charset=us-ascii', ' message / rfc822'].map(isForwardedMail)).toEqual([
      true,
      true,
      true,
    ]);
    expect(['message/global', 'message/rfc8220', 'multipart/mixed', undefined].map(isForwardedMail)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it('is taken alone, not inline, 7bit, beginning with a header; mail without one is no concern of the rule', () => {
    expect(forwardedMailProblem([rfc822(MAIL)])).toBeUndefined();
    expect(forwardedMailProblem([{ content: b64('x') }, { content: b64('y'), content_type: 'text/plain' }])).toBe(
      undefined,
    );
    expect(forwardedMailProblem([rfc822(MAIL), { content: b64('x') }])).toContain('only attachment');
    expect(forwardedMailProblem([rfc822(MAIL, { content_id: 'c' })])).toContain('inline');
    expect(forwardedMailProblem([rfc822(Buffer.from([...Buffer.from(MAIL), 0xe9]))])).toContain('7bit');
    expect(forwardedMailProblem([rfc822(`${MAIL}${'x'.repeat(999)}\r\n`)])).toContain('7bit');
    expect(forwardedMailProblem([rfc822(`${MAIL}${'x'.repeat(998)}\r\n`)])).toBeUndefined();
    expect(forwardedMailProblem([rfc822(`${MAIL}\0`)])).toContain('7bit');
    expect(forwardedMailProblem([rfc822('no header here')])).toContain('header');
  });
});
