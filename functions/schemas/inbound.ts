import * as z from 'zod/mini';
import { uuidParam } from './common';
import { pageQuery } from './pagination';

export const inboundIdParams = z.object({ id: uuidParam() });

/** Cursor paging only (the contract of the newer lists): `limit` 1..100, default 20. */
export const inboundQuery = z.object({ limit: pageQuery.limit, cursor: pageQuery.cursor });

const verdict = z.nullable(z.enum(['pass', 'fail', 'gray', 'processing_failed']));

export const inboundView = z.object({
  id: z.string(),
  from: z.nullable(z.string()),
  from_name: z.nullable(z.string()),
  to: z.array(z.string()),
  cc: z.array(z.string()),
  recipients: z.array(z.string()).check(z.meta({ description: "The envelope's recipients at this account's domains (a Bcc shows here only)" })),
  subject: z.nullable(z.string()),
  message_id: z.nullable(z.string()).check(z.meta({ description: "The mail's own Message-ID header" })),
  text: z.nullable(z.string()),
  html: z.nullable(z.string()).check(z.meta({ description: 'As sent, never sanitised: render it only in a sandbox of your own' })),
  headers: z.array(z.object({ name: z.string(), value: z.string() })),
  attachments: z.array(
    z.object({
      filename: z.string(),
      content_type: z.string(),
      size: z.int(),
      url: z.string().check(z.meta({ description: 'A download link valid for one hour' })),
    }),
  ),
  in_reply_to_message_id: z.nullable(z.string()).check(z.meta({ description: 'The message of this account the mail answers (In-Reply-To / References)' })),
  spam_verdict: verdict,
  virus_verdict: verdict,
  flagged: z.boolean().check(z.meta({ description: 'A spam or virus verdict was `fail`; the mail is kept' })),
  received_at: z.string(),
});

export const inboundPage = z.object({ inbound: z.array(inboundView), next_cursor: z.nullable(z.string()) });
