import { authenticate } from 'mailauth';
import { Resolver } from 'node:dns/promises';
import { dnsServers } from '../functions/adapters/dns-resolver';
import { mailShapeProblem } from '../functions/smtp/mail-shape';
import type { AuthVerdicts, Verdict } from '../functions/domain/inbound/inbound-mail';

/** What the local listener knows of the SMTP session that brought the mail. */
export interface SmtpSession {
  /** The connecting client's address (SES's would be the sending server's). */
  ip: string;
  helo: string | undefined;
  /** MAIL FROM; empty for a bounce. */
  sender: string | undefined;
}

/** A check that took longer answers `processing_failed`, as SES's does: the mail is never held for it. */
const CHECK_DEADLINE_MS = 5_000;

/** SPF's and DMARC's results in SES's words: no policy, neutral and softfail are `gray` (neither pass nor fail). */
const RESULT: Record<string, Verdict> = {
  pass: 'pass',
  fail: 'fail',
  softfail: 'gray',
  neutral: 'gray',
  none: 'gray',
  policy: 'fail',
  temperror: 'processing_failed',
  permerror: 'processing_failed',
};

const verdictOf = (result: string | undefined): Verdict => RESULT[result ?? 'none'] ?? 'processing_failed';

/** DKIM: a signature that verifies passes; none at all is `gray`; only broken ones fail. */
const dkimVerdict = (results: { status?: { result?: string } }[]): Verdict => {
  const found = results.map((result) => verdictOf(result.status?.result));
  if (found.includes('pass')) return 'pass';
  if (found.includes('fail')) return 'fail';
  if (found.includes('processing_failed')) return 'processing_failed';
  return 'gray';
};

/** The resolvers of DNS_SERVERS (the tests' own DNS server), as the domain checks use. */
const resolve = (name: string, type: string) => {
  const resolver = new Resolver({ timeout: 2_000, tries: 1 });
  const servers = dnsServers();
  if (servers.length) resolver.setServers(servers);
  return resolver.resolve(name, type) as Promise<string[][] | string[]>;
};

/**
 * The local listener's stand-in for SES's SPF, DKIM and DMARC verdicts: computed by mailauth from
 * the connection (client address, HELO, MAIL FROM) and the mail's own signatures, against DNS.
 * Never from an Authentication-Results header the mail carries (the sender wrote it). A check that
 * errs or takes too long is `processing_failed`; DMARC that cannot apply (no single From domain)
 * is `gray`.
 */
export const checkAuthentication = async (raw: Buffer, session: SmtpSession): Promise<AuthVerdicts> => {
  const failed: AuthVerdicts = { spf: 'processing_failed', dkim: 'processing_failed', dmarc: 'processing_failed' };
  // mailauth reads the header synchronously, in time that grows with the square of its folded lines
  // (120 KB of them held the whole process 26 s): the deadline below cannot cut that off, so a mail
  // past the relay's shape bounds is not checked at all (its verdicts say so; it is kept as any other).
  if (mailShapeProblem(raw)) return failed;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<AuthVerdicts>((resolveDeadline) => {
    timer = setTimeout(() => resolveDeadline(failed), CHECK_DEADLINE_MS);
  });
  const checked = authenticate(raw, {
    ip: session.ip.replace(/^::ffff:/, ''),
    helo: session.helo,
    sender: session.sender ?? '',
    mta: 'localhost',
    resolver: resolve,
    disableArc: true,
    disableBimi: true,
  }).then(
    ({ spf, dkim, dmarc }): AuthVerdicts => ({
      spf: spf ? verdictOf(spf.status?.result) : 'gray',
      dkim: dkimVerdict(dkim?.results ?? []),
      dmarc: dmarc ? verdictOf(dmarc.status?.result) : 'gray',
    }),
    () => failed,
  );
  try {
    return await Promise.race([checked, deadline]);
  } finally {
    clearTimeout(timer);
  }
};
