import { describe, expect, it } from 'vitest';
import { acceptMail, messageRecord, queuedMail } from '../../../functions/domain/mail/accepted-mail';
import { sequentialIds } from '../memory/system';
import { ACCOUNT, smtpProvider } from '../memory/world';

/**
 * One accepted mail, two projections (functions/domain/mail/accepted-mail.ts): the record keeps the
 * API's and the table's names, the queue payload keeps the wire's, and both say the same mail.
 */

const NOW = new Date('2026-11-26T09:00:00.000Z');
const accept = (input: Record<string, unknown> = {}, when: { scheduledAt?: string; source?: 'smtp' } = {}) =>
  acceptMail(
    sequentialIds(),
    ACCOUNT,
    smtpProvider(),
    { to: 'r@example.org', subject: 'Hi', text: 'Hello', cc: [], bcc: [], ...input },
    { now: NOW, source: 'api', ...when },
  );

describe('an accepted mail', () => {
  it('falls back to the provider for its sender, and both projections name the same mail', () => {
    const mail = accept({ cc: ['c@example.org'], reply_to: 'back@example.org', tags: ['t'] }, { source: 'smtp' });
    const record = messageRecord(mail, 'queued');
    const payload = queuedMail(mail, 7);
    expect(record).toEqual({
      message_id: mail.message_id,
      account_id: ACCOUNT,
      provider_id: 'prov-1',
      provider_message_id: null,
      from_email: 'noreply@example.com',
      from_name: 'Example',
      to_email: 'r@example.org',
      cc: ['c@example.org'],
      bcc: [],
      reply_to: 'back@example.org',
      subject: 'Hi',
      tags: ['t'],
      metadata: {},
      status: 'queued',
      error_message: null,
      sent_at: null,
      created_at: '2026-11-26T09:00:00.000',
      source: 'smtp',
    });
    expect(JSON.parse(JSON.stringify(payload))).toEqual({
      account_id: ACCOUNT,
      provider_id: 'prov-1',
      queue_id: 7,
      message_id: record.message_id,
      from: { email: record.from_email, name: record.from_name },
      to: record.to_email,
      cc: record.cc,
      bcc: record.bcc,
      reply_to: record.reply_to,
      subject: record.subject,
      text: 'Hello',
    });
  });

  it('leaves empty headers and attachments out of the payload, as the wire has always had it', () => {
    const payload = queuedMail(accept({ headers: {}, attachments: [] }), 1);
    expect(payload).not.toHaveProperty('headers');
    expect(payload).not.toHaveProperty('attachments');
    const full = queuedMail(
      accept({ headers: { 'X-Ref': '1' }, attachments: [{ filename: 'a.txt', content: 'aGk=' }] }),
      1,
    );
    expect(full).toMatchObject({ headers: { 'X-Ref': '1' }, attachments: [{ filename: 'a.txt', content: 'aGk=' }] });
  });

  it('keeps a scheduled time on the record only; the payload waits in it', () => {
    const mail = accept({}, { scheduledAt: '2026-11-27T09:00:00.000' });
    expect(messageRecord(mail, 'scheduled')).toMatchObject({
      status: 'scheduled',
      scheduled_at: '2026-11-27T09:00:00.000',
    });
    expect(queuedMail(mail, 1)).not.toHaveProperty('scheduled_at');
  });
});
