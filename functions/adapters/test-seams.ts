/**
 * The one place where tests reach into the running service. Tests run the handlers in their own
 * process (test/support/service.ts), and three things cannot be reached from there honestly: the
 * wall clock (OTP expiry, signature freshness, rate windows), the GET to an SNS SubscribeURL and
 * the download of an SNS signing certificate (no local peer serves an SNS host over HTTPS).
 * Production never sets these; with all of them unset the adapters behave as in AWS.
 * docs/decisions/0086-test-seams.md says why this is a module of hooks and not configuration.
 */
interface Seams {
  /** Replaces the wall clock of `systemClock` (adapters/system.ts). */
  now?: () => Date;
  /** Replaces the GET that confirms an SNS subscription (adapters/subscription-confirmer.ts). */
  visitSubscribeUrl?: (url: string) => Promise<void>;
  /** Certificate downloads go to this origin + the URL's path (adapters/sns-certificates.ts). */
  certificateOrigin?: string;
}

export const testSeams: Readonly<Seams> = {};
const seams = testSeams as Seams;

/** `undefined` restores the wall clock. */
export const setClockForTests = (now: (() => Date) | undefined) => {
  seams.now = now;
};

/** Records (or fakes) what would have been visited; `undefined` restores the real GET. */
export const setSubscriptionVisitorForTests = (visit: ((url: string) => Promise<void>) | undefined) => {
  seams.visitSubscribeUrl = visit;
};

/** `undefined` restores real downloads. Changing it empties the certificate cache. */
export const setCertificateOriginForTests = (origin: string | undefined) => {
  seams.certificateOrigin = origin;
};
