import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../functions/domain/errors';
import { mailShapeProblem } from '../../../functions/smtp/mail-shape';
import { RelayRefusal, replyFor } from '../../../functions/smtp/replies';
import { submissionIdempotencyKey, submissionRequest } from '../../../functions/smtp/submission';

const mail = (headers: string, body = 'Hello') =>
  Buffer.from(`${headers.trim().split('\n').join('\r\n')}\r\n\r\n${body}`);

describe('a submitted mail as the send request', () => {
  it("takes the header From, the first To as to, the other To and Cc as cc, the envelope's others as bcc", async () => {
    const parsed = await simpleParser(
      mail(`
From: "Billing" <billing@example.com>
To: a@example.org, b@example.org
Cc: c@example.org
Reply-To: help@example.com
Subject: Invoice
X-Entity-Ref-ID: 42
X-Tags: kind=invoice, monthly
Idempotency-Key: key-1`),
    );
    const request = submissionRequest(parsed, [
      'a@example.org',
      'B@example.org',
      'c@example.org',
      'hidden@example.org',
    ]);
    expect(request).toMatchObject({
      to: 'a@example.org',
      cc: ['b@example.org', 'c@example.org'],
      bcc: ['hidden@example.org'],
      from_email: 'billing@example.com',
      from_name: 'Billing',
      reply_to: 'help@example.com',
      subject: 'Invoice',
      metadata: { kind: 'invoice' },
      tags: ['monthly'],
      headers: { 'X-Entity-Ref-ID': '42' },
    });
    expect(submissionIdempotencyKey(parsed)).toBe('key-1');
  });

  it('gives nothing to a header address the envelope does not name (refused at RCPT TO, or left out)', async () => {
    const parsed = await simpleParser(
      mail('From: a@example.com\nTo: gone@example.org, kept@example.org\nCc: refused@example.org\nSubject: s'),
    );
    expect(submissionRequest(parsed, ['kept@example.org'])).toMatchObject({ to: 'kept@example.org' });
    expect(submissionRequest(parsed, ['kept@example.org'])).not.toHaveProperty('cc');
  });

  it('sends a mail with no To header to its first envelope recipient, the others in Bcc', async () => {
    const parsed = await simpleParser(mail('From: a@example.com\nSubject: s'));
    expect(submissionRequest(parsed, ['x@example.org', 'y@example.org'])).toMatchObject({
      to: 'x@example.org',
      bcc: ['y@example.org'],
    });
  });
});

describe('the shape of a submitted mail', () => {
  it('takes an ordinary multipart mail, refuses too many header lines, nested multiparts or parts', () => {
    const ordinary = mail(
      'From: a@example.com\nContent-Type: multipart/mixed; boundary="b"',
      '--b\r\nContent-Type: text/plain\r\n\r\nhi\r\n--b--',
    );
    expect(mailShapeProblem(ordinary)).toBeUndefined();
    expect(mailShapeProblem(mail(Array.from({ length: 2_001 }, (_, i) => `X-H${i}: v`).join('\n')))).toMatch(
      /header lines/,
    );
    let nested = 'x';
    for (let i = 0; i < 21; i++) nested = `Content-Type: multipart/mixed; boundary="b${i}"\r\n\r\n--b${i}\r\n${nested}`;
    expect(mailShapeProblem(Buffer.from(`From: a@example.com\r\n${nested}`))).toMatch(/multipart/);
    const parts = Array.from({ length: 501 }, () => '--b\r\nContent-Type: text/plain\r\n\r\nhi\r\n').join('');
    expect(mailShapeProblem(mail('Content-Type: multipart/mixed; boundary="b"', parts))).toMatch(/MIME parts/);
  });
});

describe('SMTP replies', () => {
  it('answers each refusal with its code and enhanced code; anything unexpected is a 451 to retry', () => {
    expect(replyFor(new AppError('FROM_NOT_ALLOWED', 'no'))).toMatchObject({ code: 550, enhanced: '5.7.1' });
    expect(replyFor(new AppError('RECIPIENT_SUPPRESSED', 'no'))).toMatchObject({ code: 550, enhanced: '5.1.1' });
    expect(replyFor(new AppError('SENDING_PAUSED', 'no'))).toMatchObject({ code: 554, enhanced: '5.7.1' });
    expect(replyFor(new AppError('RATE_LIMITED', 'no'))).toMatchObject({ code: 451, enhanced: '4.7.1' });
    expect(replyFor(new AppError('UNAUTHORIZED', 'no'))).toMatchObject({ code: 535, enhanced: '5.7.8' });
    expect(replyFor(new RelayRefusal({ code: 452, enhanced: '4.5.3', message: 'm' }))).toMatchObject({
      code: 452,
      enhanced: '4.5.3',
    });
    expect(replyFor(new Error('socket hang up'))).toMatchObject({
      code: 451,
      enhanced: '4.3.0',
      message: expect.not.stringContaining('socket'),
    });
  });
});
