import * as z from 'zod/mini';
import { uuidParam } from './common';
import { pageQuery } from './pagination';

export const inboundIdParams = z.object({ id: uuidParam() });

/** Cursor paging only (the contract of the newer lists): `limit` 1..100, default 20. */
export const inboundQuery = z.object({ limit: pageQuery.limit, cursor: pageQuery.cursor });

const verdict = z.nullable(z.enum(['pass', 'fail', 'gray', 'processing_failed']));

const described = <T extends z.ZodMiniType>(schema: T, description: string) =>
  schema.check(z.meta({ description })) as T;

const summaryFields = {
  id: z.string(),
  from: z.nullable(z.string()),
  from_name: z.nullable(z.string()),
  to: z.array(z.string()),
  cc: z.array(z.string()),
  recipients: described(
    z.array(z.string()),
    "The envelope's recipients at this account's domains (a Bcc shows here only)",
  ),
  envelope_from: described(z.nullable(z.string()), 'The envelope sender (MAIL FROM), the address SPF is checked for'),
  subject: z.nullable(z.string()),
  message_id: described(z.nullable(z.string()), "The mail's own Message-ID header"),
  in_reply_to_message_id: described(
    z.nullable(z.string()),
    'The message of this account the mail names as its parent (In-Reply-To / References): ' +
      'a claim of the sender, proven only when `authenticated`',
  ),
  authenticated: described(
    z.boolean(),
    "DMARC passed for the From domain: only then is the From, and so a reply link, the sender's own",
  ),
  spf_verdict: verdict,
  dkim_verdict: verdict,
  dmarc_verdict: verdict,
  spam_verdict: verdict,
  virus_verdict: verdict,
  flagged: described(z.boolean(), 'A spam or virus verdict was `fail`; the mail is kept'),
  parse_error: described(
    z.nullable(z.string()),
    'Why the mail could not be parsed: it is kept raw (`raw_url`), with what its first header lines say',
  ),
  received_at: z.string(),
};

const attachment = { filename: z.string(), content_type: z.string(), size: z.int() };

/** A list's item: no bodies, headers or links (GET /inbound/{id} has them), so a page stays small. */
export const inboundSummary = z.object({ ...summaryFields, attachments: z.array(z.object(attachment)) });

const link = 'A download link valid for one hour';

export const inboundView = z.object({
  ...summaryFields,
  text: described(z.nullable(z.string()), 'Whole, or null when it would not fit the answer (then `text_url` has it)'),
  html: described(
    z.nullable(z.string()),
    'As sent, never sanitised: render it only in a sandbox of your own. Null when it would not fit (`html_url`)',
  ),
  text_url: described(z.nullable(z.string()), `${link}, for a text body kept beside the raw mail (over 200 KB)`),
  html_url: described(z.nullable(z.string()), `${link}, for an html body kept beside the raw mail (over 200 KB)`),
  headers: z.array(z.object({ name: z.string(), value: z.string() })),
  attachments: z.array(z.object({ ...attachment, url: described(z.string(), link) })),
  raw_url: described(z.string(), `${link}: the raw mail as received (RFC 5322)`),
});

export const inboundPage = z.object({ inbound: z.array(inboundSummary), next_cursor: z.nullable(z.string()) });
