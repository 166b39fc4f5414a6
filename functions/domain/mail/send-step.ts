import type { Clock, MailerFactory, OutgoingMail, SendQuotaStore, MessageRecords, ProviderReceipt } from '../../ports';
import { AppError } from '../errors';
import { mailTimestamp } from '../time';
import type { Provider } from '../types';
import { sendQuotaFor } from './send-quota';

export interface SendStepDeps {
  quotas: SendQuotaStore;
  mailers: MailerFactory;
  clock: Clock;
}

/** What the caller does around the provider call; each runs only when the one before it went on. */
export interface SendSteps<Claim, Hold> {
  /**
   * The writes that must come before the call (the record, the claim): `go` sends, `hold` does not
   * (the sends go back). Without it the mail goes at once (OTP codes keep no record).
   */
  claim?: () => Promise<{ go: true; claim: Claim } | { go: false; hold: Hold }>;
  /** The mail as the provider gets it (tracking added here: its failure is the send's). */
  mail: (claim: Claim) => Promise<OutgoingMail>;
  /**
   * Waits right before the provider call: the drainer's pace is kept here, where the provider sees it,
   * and not before the claim, whose time varies by tens of milliseconds and bunched the calls.
   */
  beforeCall?: () => Promise<unknown>;
  /** After the provider took it; a failure here is handled as the send's (as it always was). */
  sent?: (receipt: ProviderReceipt, claim: Claim) => Promise<unknown>;
  /** The send failed: runs while the reserved sends are given back. */
  failed?: (error: unknown, claim: Claim) => Promise<unknown>;
}

export type SendStepResult<Claim, Hold> =
  | { outcome: 'limited' }
  | { outcome: 'held'; hold: Hold }
  | { outcome: 'sent'; claim: Claim; providerMessageId: string }
  | { outcome: 'failed'; claim: Claim; error: unknown };

/**
 * The one send step of single sends, the drainer and OTP codes: reserve `recipients` sends inside the
 * provider's hourly/daily limits (a full window: `limited`, nothing taken) -> the caller's claim ->
 * the provider call -> `sent`. Whenever the mail did not leave, the reserved sends are given back, or
 * failed writes and refused sends would use up the hour's limit (docs/promises.md, "Mail").
 */
export const sendWithinLimits = async <Claim = undefined, Hold = never>(
  deps: SendStepDeps,
  provider: Provider,
  recipients: number,
  now: Date,
  steps: SendSteps<Claim, Hold>,
): Promise<SendStepResult<Claim, Hold>> => {
  const quota = sendQuotaFor(provider, now);
  if (!(await deps.quotas.reserve(provider.id, quota, recipients))) return { outcome: 'limited' };
  const giveBack = () => deps.quotas.release(provider.id, quota, recipients);

  let claim: Claim;
  try {
    const claimed = steps.claim ? await steps.claim() : { go: true as const, claim: undefined as Claim };
    if (!claimed.go) {
      await giveBack();
      return { outcome: 'held', hold: claimed.hold };
    }
    claim = claimed.claim;
  } catch (error) {
    await giveBack();
    throw error;
  }

  try {
    const mail = await steps.mail(claim);
    await steps.beforeCall?.();
    const receipt = await deps.mailers.forProvider(provider).send(mail);
    await steps.sent?.(receipt, claim);
    return { outcome: 'sent', claim, providerMessageId: receipt.providerMessageId };
  } catch (error) {
    await Promise.all([giveBack(), steps.failed?.(error, claim)]);
    return { outcome: 'failed', claim, error };
  }
};

/** A send refused because the provider's window is full (single sends and OTP codes). */
export const sendLimitReached = () =>
  new AppError('SEND_LIMIT_EXCEEDED', "The provider's hourly or daily send limit is reached");

/**
 * The record of a mail the provider took. An earlier attempt's reason (kept while it was retried)
 * does not describe a sent message, so it is cleared. The provider's id is indexed only when its events
 * may name the mail by that id alone.
 */
export const markSent = (
  messages: MessageRecords,
  accountId: string,
  messageId: string,
  receipt: ProviderReceipt,
  at: Date,
) =>
  messages.update(
    accountId,
    messageId,
    {
      status: 'sent',
      provider_message_id: receipt.providerMessageId,
      sent_at: mailTimestamp(at),
      error_message: null,
    },
    { indexProviderId: !receipt.eventsNameOurIds },
  );
