import { MailerError } from '../../ports';

/** What a client may read when the relay could not be talked to at all: nothing about sockets, addresses or ports. */
export const UNREACHABLE = 'The SMTP server could not be reached';
export const NO_TLS = 'A secure connection to the SMTP server could not be established';

/**
 * An SMTP failure as a MailerError whose reason (a message's error_message) is generic: the relay's
 * reply code, or one of the sentences above. Socket errors, timings, addresses and the relay's own
 * text stay in the logs: echoed back, they would make the service a port scanner for whoever can
 * create a provider.
 */
export const smtpFailure = (error: { responseCode?: number; code?: string }) => {
  // A relay without TLS, or one whose certificate does not verify, does not fix itself in minutes.
  if (error.code === 'ETLS') return new MailerError('SMTP send failed: TLS', NO_TLS, false);
  if (error.code === 'EREFUSEDADDRESS') return new MailerError('SMTP send failed: refused address', UNREACHABLE, false);
  // 4xx SMTP replies may pass later; 5xx replies are final.
  if (error.responseCode) {
    const reason = `SMTP server answered ${error.responseCode}`;
    return new MailerError(
      `SMTP send failed: ${reason}`,
      reason,
      error.responseCode >= 400 && error.responseCode < 500,
    );
  }
  // No reply at all (refused, reset, timed out, name not found): another attempt may get through.
  return new MailerError('SMTP send failed: connection', UNREACHABLE, true);
};
