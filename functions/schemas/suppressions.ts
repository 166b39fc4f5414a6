import * as z from 'zod/mini';
import { SUPPRESSION_REASONS } from '../domain/types';
import { email } from './common';
import { pageQuery } from './pagination';
import { tenantReference } from './tenants';

/** A tenant's own list (its id or name): issue 42. Without it, the account's list, which holds for every tenant. */
const tenant = z.optional(tenantReference);

export const suppressionsQuery = z.object({
  tenant,
  reason: z.optional(z.enum(SUPPRESSION_REASONS)),
  limit: pageQuery.limit,
  // Longer than other listings' cursors: this one carries the address the page ended at.
  cursor: z.optional(
    z.string().check(z.minLength(1), z.maxLength(400), z.regex(/^[A-Za-z0-9_-]+$/, 'Not a cursor this service issued')),
  ),
});

export const suppressionView = z.object({
  email: z.string(),
  reason: z.enum(SUPPRESSION_REASONS),
  source: z.string(),
  created_at: z.string(),
});
export const suppressionsPage = z.object({
  suppressions: z.array(suppressionView),
  next_cursor: z.nullable(z.string()),
});
export const createSuppressionBody = z.object({ email: email(), tenant });
export const suppressionTenantQuery = z.object({ tenant });
export const suppressionParams = z.object({ email: email() });
