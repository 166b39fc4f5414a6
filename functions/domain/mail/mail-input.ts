import type { Metadata } from '../types';
import type { Attachment } from './attachments';

/**
 * What a single send asks for: the domain's own type; the request schema (schemas/mail.ts) is checked
 * against it at compile time and enforces the limits (docs/promises.md, "Mail").
 */
export interface SendMailInput {
  to: string;
  subject: string;
  html?: string;
  text?: string;
  reply_to?: string;
  cc?: string[];
  bcc?: string[];
  tags?: string[];
  metadata?: Metadata;
  /** HTML mail is tracked (an open pixel, redirecting links) unless these say false. Text-only mail never is. */
  track_opens?: boolean;
  track_clicks?: boolean;
  from_email?: string;
  from_name?: string;
  /** ISO 8601 with a zone, in the future, at most 30 days ahead: the mail waits as `scheduled` until then. */
  scheduled_at?: string;
  attachments?: Attachment[];
  /**
   * The caller's own header fields (domain/mail/custom-headers.ts): sent as they are, queued and scheduled
   * with the mail.
   */
  headers?: Record<string, string>;
  /** The tenant it goes out as, by id or name (issue 42); a tenant-bound key's own when absent. */
  tenant?: string;
}

/**
 * What a send may ask for: its own mail, or a stored template (`template_id`, with its `variables`) in
 * place of subject, html and text; the template is rendered into a SendMailInput before the send.
 */
export type SendMailRequest = Omit<SendMailInput, 'subject'> & {
  subject?: string;
  template_id?: string;
  variables?: Record<string, unknown>;
};

/** One item of a batch: every field of a single send; from_email/from_name override the batch's. */
export type BatchItem = SendMailInput;

/** A batch: its items are checked one by one (an invalid item fails alone), so here they are only objects. */
export interface SendBatchInput {
  messages: Record<string, unknown>[];
  from_email?: string;
  from_name?: string;
  /** The batch's tenant (an item may name its own). */
  tenant?: string;
}
