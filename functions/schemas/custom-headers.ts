import * as z from 'zod/mini';
import { CUSTOM_HEADER_LIMITS, headerNameProblem, headersSize } from '../domain/mail/custom-headers';
import { headerText } from './common';

const shown = (name: string) => (name.length > 40 ? `${name.slice(0, 40)}...` : name);

/**
 * The names, on the raw JSON object: zod's record drops an own `__proto__` key silently (as
 * metadata.ts explains), and two names that differ only in case would be one header twice. Each
 * problem names its header (`headers.<name>`).
 */
const checkNames = z.transform((raw: unknown, payload) => {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return raw;
  const names = Object.keys(raw);
  if (names.length > CUSTOM_HEADER_LIMITS.count)
    payload.issues.push({ code: 'custom', message: `At most ${CUSTOM_HEADER_LIMITS.count} headers`, input: raw });
  const seen = new Set<string>();
  for (const name of names) {
    const lower = name.toLowerCase();
    const problem =
      name === '__proto__'
        ? 'A header name may not be __proto__'
        : (headerNameProblem(name) ??
          (seen.has(lower) ? `${name} is named twice (header names ignore case)` : undefined));
    seen.add(lower);
    if (problem) payload.issues.push({ code: 'custom', message: problem, input: raw, path: [shown(name)] });
  }
  return raw;
});

/** `headers` on a send or a batch item: `{ "X-Entity-Ref-ID": "123" }`. */
export const customHeaders = () =>
  z.pipe(
    checkNames,
    z.record(z.string(), headerText(0, CUSTOM_HEADER_LIMITS.valueLength)).check(
      z.refine(
        (headers) => headersSize(headers) <= CUSTOM_HEADER_LIMITS.bytes,
        `Headers may be at most ${CUSTOM_HEADER_LIMITS.bytes / 1024} KiB in all (names and values)`,
      ),
      z.meta({
        description:
          `Custom headers: at most ${CUSTOM_HEADER_LIMITS.count}, names RFC 5322 field names ` +
          '(not those the service sets or that change the sender, recipients or structure: ' +
          'From, To, Cc, Bcc, Subject, Message-ID, Date, Reply-To, Return-Path, Sender, MIME-Version, ' +
          'Content-*, List-Unsubscribe*, Errors-To, Disposition-Notification-To, Return-Receipt-To, ' +
          'Feedback-ID, CFBL-*, DKIM-Signature, Received, Delivered-To, Resent-*, X-SES-*, X-SMTPAPI, X-Mailgun-*, ' +
          `...), values without CR, LF or NUL (at most ${CUSTOM_HEADER_LIMITS.valueLength} characters), ` +
          `${CUSTOM_HEADER_LIMITS.bytes / 1024} KiB in all`,
        maxProperties: CUSTOM_HEADER_LIMITS.count,
      }),
    ),
  );
