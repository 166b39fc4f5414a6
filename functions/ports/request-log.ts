/** Ports: the request log (domain/request-log) and what usage reads of the provider. */
import type { IdPage, IdPageRequest } from '../domain/id-paging';
import type { RequestLogEntry, RequestLogSummary } from '../domain/request-log/entry';
import type { Provider } from '../domain/types';

/** GET /logs's filters: all that are given hold (docs/promises.md, "Request log"). */
export interface RequestLogFilter {
  method?: string;
  /** The answer's status from `from` to `to`, both included (a class such as 4xx, or one status). */
  status?: { from: number; to: number };
  /** A part of the path called. */
  endpoint?: string;
}

export interface RequestLog {
  /** Writes one entry (one item, its bodies compressed); a failure throws, the caller decides. */
  append(entry: RequestLogEntry): Promise<void>;
  /** With `tenantId`, only an entry of a request made with a key bound to that tenant (decision 0131). */
  get(accountId: string, id: string, tenantId?: string): Promise<RequestLogEntry | undefined>;
  /** Newest first, cursor-paged; with `tenantId`, that tenant's keys' requests alone (a partition of their own). */
  page(
    accountId: string,
    page: { limit: number; cursor?: string },
    tenantId?: string,
    filter?: RequestLogFilter,
  ): Promise<{ items: RequestLogSummary[]; next_cursor: string | null }>;
  /** Newest first, paged by entry ids (Resend); undefined when the anchor is no entry of the list. */
  pageNextTo(
    accountId: string,
    request: IdPageRequest,
    tenantId?: string,
  ): Promise<IdPage<RequestLogSummary> | undefined>;
}

/** A provider's sending quota as it states it (SES GetAccount's SendQuota). */
export interface ProviderQuota {
  max_24_hour_send: number;
  max_send_rate: number;
  sent_last_24_hours: number;
}

export interface ProviderQuotas {
  /** The provider's quota, or null when it states none (an SMTP relay) or could not be asked. */
  quota(provider: Provider): Promise<ProviderQuota | null>;
}

export type { RequestLogEntry, RequestLogSummary };
