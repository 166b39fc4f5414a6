import * as z from 'zod/mini';
import { SUPPRESSION_BATCH_MAX } from '../domain/audience/suppressions';
import { email } from './common';
import { listOf } from './resend';

/** Resend's `suppressions` shapes (the `resend` SDK's types). */
const origin = z.enum(['bounce', 'complaint', 'manual']);
const idOrEmail = () => z.string().check(z.minLength(1), z.maxLength(600));
const batch = <T extends z.ZodMiniType>(item: T) =>
  z.array(item).check(z.minLength(1), z.maxLength(SUPPRESSION_BATCH_MAX));

export const resendSuppressionBody = z.object({ email: email() });
export const resendSuppressionParams = z.object({ id_or_email: idOrEmail() });
export const resendSuppressionsQuery = z.object({
  limit: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(100))),
  after: z.optional(idOrEmail()),
  before: z.optional(idOrEmail()),
  origin: z.optional(origin),
});
export const resendSuppressionBatchAddBody = z.object({ emails: batch(email()) });
/** Either `emails` or `ids`, as the SDK's `BatchRemoveSuppressionsOptions`. */
export const resendSuppressionBatchRemoveBody = z
  .object({ emails: z.optional(batch(email())), ids: z.optional(batch(idOrEmail())) })
  .check(
    z.refine((body) => (body.emails === undefined) !== (body.ids === undefined), {
      message: 'Give either emails or ids',
      path: ['emails'],
    }),
  );

const entry = {
  id: z.string(),
  email: z.string(),
  origin,
  source_id: z.nullable(z.string()),
  created_at: z.string(),
};
export const resendSuppressionRef = z.object({ object: z.literal('suppression'), id: z.string() });
export const resendSuppression = z.object({ object: z.literal('suppression'), ...entry });
export const resendSuppressionList = listOf(z.object(entry));
export const resendSuppressionDeleted = z.object({
  object: z.literal('suppression'),
  id: z.string(),
  deleted: z.boolean(),
});
export const resendSuppressionBatchAdded = z.object({ data: z.array(resendSuppressionRef) });
export const resendSuppressionBatchRemoved = z.object({ data: z.array(resendSuppressionDeleted) });
