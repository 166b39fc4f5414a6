import * as z from 'zod/mini';
import { pageQuery } from './pagination';

/** The name is checked and normalized by the domain (functions/domain/domains/name.ts); this only bounds its size. */
export const createDomainBody = z.object({
  name: z.string().check(z.maxLength(1000, 'A domain name is at most 253 characters')),
});

export const updateDomainBody = z
  .object({ inbound: z.optional(z.boolean()) })
  .check(
    z.refine((body) => body.inbound !== undefined, { message: 'Give at least one field to change', path: ['inbound'] }),
  );

export const domainIdParams = z.object({ id: z.string().check(z.minLength(1), z.maxLength(100)) });

/** Cursor paging only (the contract of the newer lists): `limit` 1..100, default 20. */
export const domainsQuery = z.object({ limit: pageQuery.limit, cursor: pageQuery.cursor });

const domainRecord = z.object({
  record: z.enum(['DKIM', 'MAIL_FROM_MX', 'MAIL_FROM_SPF', 'DMARC', 'INBOUND_MX']),
  type: z.enum(['CNAME', 'MX', 'TXT']),
  name: z.string(),
  value: z.string(),
  priority: z.optional(z.int()),
  status: z.enum(['verified', 'missing', 'mismatch', 'pending']),
  found: z.optional(z.string()),
  reason: z.optional(z.string()),
  lookup_failed: z.optional(z.string()),
});

export const domainView = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(['pending', 'verified', 'failed', 'temporary_failure']),
  region: z.string(),
  inbound: z.boolean(),
  records: z.array(domainRecord),
  created_at: z.string(),
  updated_at: z.string(),
  last_checked_at: z.nullable(z.string()),
});

export const domainsPage = z.object({ domains: z.array(domainView), next_cursor: z.nullable(z.string()) });
