import { resendBatchBody, resendBatchCreated } from '../../schemas/resend';
// The module, not the area's index: that would bundle every mail route into this function.
import mailSendBatch from '../mail/mail-send-batch';
import { AppError, validationError } from '../../domain/errors';
import { messageUuid } from '../../domain/mail/message-id';
import type { SendMailRequest } from '../../domain/mail/mail-input';
import { sendBatch, type BatchItemCheck } from '../../domain/mail/send-batch';
import { validated } from '../../http/validate';
import { readResendEmail } from '../../http/resend-mail';
import { batchItemCheck } from '../../http/template-mail';
import { resendMailRequest } from '../../schemas/mail';
import { resendBatchHeaders } from '../../schemas/resend';
import { emails } from './area';
import { SEND_BATCH } from '../../capabilities';
import { defineRoute } from '../define-route';

type Read = { ok: true; request: SendMailRequest } | { ok: false; message: string };

/** One Resend item read into our send request, or its problems in one line (as a native batch item's). */
const read = (raw: unknown): Read => {
  try {
    return { ok: true, request: readResendEmail(raw) };
  } catch (error) {
    if (error instanceof AppError && error.options.details)
      return { ok: false, message: error.options.details.map((d) => `${d.field}: ${d.message}`).join('; ') };
    throw error;
  }
};

/**
 * Resend's batch is our batch (queued, drained at the provider's rate): each item read from Resend's
 * shape into ours, then checked by the native item check (templates rendered). `strict` (Resend's
 * default) refuses the whole batch when any item is invalid, naming each; `permissive` queues the
 * valid ones and lists the others in `errors`, as does any item the send itself refuses (a sender
 * outside the account's domains, a suppressed recipient).
 */

export const resendEmailsBatch = defineRoute(
  {
    ...emails,
    id: 'resend-emails-batch',
    tenantAware: true,
    method: 'POST',
    path: '/resend/emails/batch',
    summary: 'Queue up to 100 emails',
    description:
      '`POST /api/v1/mail/send-batch` underneath; `x-batch-validation: strict` (the default) refuses all for one ' +
      'bad email.',
    request: { body: resendBatchBody },
    response: resendBatchCreated,
    maxBodyBytes: mailSendBatch.maxBodyBytes,
    lambda: mailSendBatch.lambda,
    idempotent: true,
    errors: [...mailSendBatch.errors, 'NOT_FOUND'],
    example: [
      { from: 'orders@shop.example', to: 'ada@example.com', subject: 'Your order', text: 'Thank you' },
      { from: 'orders@shop.example', to: 'grace@example.com', subject: 'Your order', text: 'Thank you' },
    ],
    uses: SEND_BATCH,
  },
  async ({ auth, body, event }, deps) => {
    const mode =
      validated(resendBatchHeaders, { 'x-batch-validation': event.headers?.['x-batch-validation'] })[
        'x-batch-validation'
      ] ?? 'strict';
    const reads = body.map(read);
    const requests = reads.flatMap((r) => (r.ok ? [r.request as Record<string, unknown>] : []));
    const native = await batchItemCheck(deps, auth.account_id, requests, {}, resendMailRequest);
    const byItem = new Map(body.map((raw, index) => [raw, reads[index]]));
    const check: BatchItemCheck = (raw) => {
      const r = byItem.get(raw)!;
      return r.ok ? native(r.request as Record<string, unknown>) : r;
    };
    if (mode === 'strict') {
      const issues = body.flatMap((raw, index) => {
        const checked = check(raw);
        return checked.ok ? [] : [{ field: `[${index}]`, message: checked.message }];
      });
      if (issues.length) throw validationError(issues);
    }
    const result = await sendBatch(deps, auth.account_id, { messages: body }, check, 'resend', auth.tenant_id);
    const data = result.messages.flatMap((entry) =>
      entry.status === 'queued' ? [{ id: messageUuid(entry.message_id) }] : [],
    );
    const errors = result.messages.flatMap((entry, index) =>
      entry.status === 'failed' ? [{ index, message: entry.error.message }] : [],
    );
    return { data: { data, ...(errors.length ? { errors } : {}) } };
  },
);

export default resendEmailsBatch;
