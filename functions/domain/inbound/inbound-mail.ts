import type { ObjectRef } from './object-ref';

/**
 * SES's verdicts on a received mail (receipt.spamVerdict, virusVerdict, spfVerdict, dkimVerdict,
 * dmarcVerdict); null where nothing checked (the local listener has no spam or virus scan).
 */
export type Verdict = 'pass' | 'fail' | 'gray' | 'processing_failed';

/** Who the mail proves it is from: SPF for the envelope sender, DKIM for a signature, DMARC for the From domain. */
export interface AuthVerdicts {
  spf: Verdict | null;
  dkim: Verdict | null;
  dmarc: Verdict | null;
}

export interface InboundAttachment {
  filename: string;
  content_type: string;
  size: number;
  /** Where its bytes are; never shown (the answer carries a link instead). */
  object: ObjectRef;
}

/**
 * A part too large to keep in the record: its text lives in object storage beside the raw mail, with
 * its size in UTF-8 bytes (absent on records written before), so an answer knows it cannot carry it
 * without reading it.
 */
export type StoredText = { inline: string | null } | { object: ObjectRef; bytes?: number };

/** One received mail as one account keeps it (docs/data-model.md). */
export interface InboundMail {
  /** Time-ordered (the newest sorts last), and the same for the same raw mail: inbound-id.ts. */
  id: string;
  account_id: string;
  from: string | null;
  from_name: string | null;
  to: string[];
  cc: string[];
  /** The envelope recipients at this account's domains (a Bcc shows here, not in `to`). */
  recipients: string[];
  subject: string | null;
  /** The mail's own Message-ID header. */
  message_id: string | null;
  text: StoredText;
  html: StoredText;
  headers: { name: string; value: string }[];
  attachments: InboundAttachment[];
  /** Our message (`<uuid@domain>`) of this account that the mail answers, by In-Reply-To or References. */
  in_reply_to_message_id: string | null;
  spam_verdict: Verdict | null;
  virus_verdict: Verdict | null;
  /** A spam or virus verdict said `fail`: the mail is kept, and marked. */
  flagged: boolean;
  // The fields below are absent on records written before they existed: read them with a default.
  /** SPF, DKIM and DMARC as SES judged them (or the local listener: local/inbound-auth.ts). */
  spf_verdict?: Verdict | null;
  dkim_verdict?: Verdict | null;
  dmarc_verdict?: Verdict | null;
  /** The envelope sender (MAIL FROM; SES's mail.source); null for the empty one of a bounce. */
  envelope_from?: string | null;
  /** DMARC passed for the From domain: only then is the From (and so a reply link) the sender's own word. */
  authenticated?: boolean;
  /** Why the parser refused the mail: then the record holds what its first header lines say, and the raw mail. */
  parse_error?: string | null;
  raw: ObjectRef;
  received_at: string;
  /** Epoch seconds: the record goes with the raw mail (the bucket's lifecycle, INBOUND_RETENTION_DAYS). */
  expires_at: number;
}

/** Raw mail and its parts are kept this long (the bucket's lifecycle rule says the same: lib/inbound-mail.ts). */
export const INBOUND_RETENTION_DAYS = 30;

/**
 * SES stores each received mail at this prefix + its SES message id (lib/inbound-mail.ts); the listener does
 * the same.
 */
export const RAW_MAIL_PREFIX = 'raw/';
/** What the parsing function keeps beside the raw mail: `parts/<account>/<inbound id>/...` (receive.ts). */
export const PARTS_PREFIX = 'parts/';
