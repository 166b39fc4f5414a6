import { AppError, type ErrorCode } from '../domain/errors';

/**
 * SMTP replies for the service's refusals (docs/promises.md, "SMTP relay"): each a reply code and an
 * RFC 3463 enhanced status code, at the moment of the dialogue that can tell. A 4xx tells the client
 * to try again later (its mail is not lost), a 5xx that the same mail will never be taken.
 */
export interface SmtpReply {
  code: number;
  enhanced: string;
  message: string;
}

const BY_CODE: Partial<Record<ErrorCode, Omit<SmtpReply, 'message'>>> = {
  UNAUTHORIZED: { code: 535, enhanced: '5.7.8' },
  FORBIDDEN: { code: 535, enhanced: '5.7.8' },
  FROM_NOT_ALLOWED: { code: 550, enhanced: '5.7.1' },
  NO_SMTP_PROVIDER: { code: 550, enhanced: '5.7.1' },
  RECIPIENT_SUPPRESSED: { code: 550, enhanced: '5.1.1' },
  SENDING_PAUSED: { code: 554, enhanced: '5.7.1' },
  RATE_LIMITED: { code: 451, enhanced: '4.7.1' },
  SEND_LIMIT_EXCEEDED: { code: 451, enhanced: '4.7.1' },
  VALIDATION_ERROR: { code: 554, enhanced: '5.6.0' },
  NOT_FOUND: { code: 554, enhanced: '5.6.0' },
  PAYLOAD_TOO_LARGE: { code: 552, enhanced: '5.3.4' },
  CONFLICT: { code: 451, enhanced: '4.3.0' },
  SEND_FAILED: { code: 451, enhanced: '4.3.0' },
};

/** A refusal only SMTP has (a recipient too many, an address no send takes): its reply as it is. */
export class RelayRefusal extends Error {
  constructor(readonly reply: SmtpReply) {
    super(reply.message);
  }
}

/** An error as smtp-server sends it: the enhanced code leads the text (see relay-server.ts). */
export const smtpError = ({ code, enhanced, message }: SmtpReply) =>
  Object.assign(new Error(`${enhanced} ${message}`), { responseCode: code });

/** A refusal of ours in SMTP's words; anything else is our fault and temporary (the client retries). */
export const replyFor = (error: unknown): SmtpReply => {
  if (error instanceof RelayRefusal) return error.reply;
  if (error instanceof AppError) {
    const reply = BY_CODE[error.code] ?? { code: 451, enhanced: '4.3.0' };
    const details = error.options.details?.map((issue) => `${issue.field}: ${issue.message}`).join('; ');
    return { ...reply, message: details ? `${error.message}: ${details}` : error.message };
  }
  return { code: 451, enhanced: '4.3.0', message: 'Temporary failure: try again later' };
};
