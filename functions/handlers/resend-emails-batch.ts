import { batchDeps } from '../adapters/wiring';
import { AppError, validationError } from '../domain/errors';
import { messageUuid } from '../domain/mail/message-id';
import type { SendMailRequest } from '../domain/mail/mail-input';
import { sendBatch, type BatchItemCheck } from '../domain/mail/send-batch';
import { validated } from '../domain/validate';
import { apiHandler } from '../http/api-handler';
import { readResendEmail } from '../http/resend-mail';
import { batchItemCheck } from '../http/template-mail';
import { resendEmailsBatch } from '../routes/resend';
import { resendBatchHeaders } from '../schemas/resend';

const deps = batchDeps();

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
export const handler = apiHandler(resendEmailsBatch, async ({ auth, body, event }) => {
  const mode =
    validated(resendBatchHeaders, { 'x-batch-validation': event.headers?.['x-batch-validation'] })[
      'x-batch-validation'
    ] ?? 'strict';
  const reads = body.map(read);
  const requests = reads.flatMap((r) => (r.ok ? [r.request as Record<string, unknown>] : []));
  const native = await batchItemCheck(deps, auth.account_id, requests);
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
  const result = await sendBatch(deps, auth.account_id, { messages: body }, check);
  const data = result.messages.flatMap((entry) =>
    entry.status === 'queued' ? [{ id: messageUuid(entry.message_id) }] : [],
  );
  const errors = result.messages.flatMap((entry, index) =>
    entry.status === 'failed' ? [{ index, message: entry.error.message }] : [],
  );
  return { data: { data, ...(errors.length ? { errors } : {}) } };
});
