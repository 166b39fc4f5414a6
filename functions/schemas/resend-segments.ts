import * as z from 'zod/mini';
import { createListBody } from './audience';

/** Resend's segment (and audience) shapes (`index.d.mts` of the `resend` package): a list seen so. */
export const resendSegmentBody = z.object({ name: createListBody.shape.name });
const segmentFields = { id: z.string(), name: z.string(), created_at: z.string() };
export const resendSegmentObject = <O extends string>(object: O) =>
  z.object({ object: z.literal(object), ...segmentFields });
export const resendSegmentCreated = <O extends string>(object: O) =>
  z.object({ object: z.literal(object), id: z.string(), name: z.string() });
export const resendSegmentList = z.object({
  object: z.literal('list'),
  has_more: z.boolean(),
  data: z.array(z.object(segmentFields)),
});
export const resendSegmentRef = <O extends string>(object: O) =>
  z.object({ object: z.literal(object), id: z.string() });
