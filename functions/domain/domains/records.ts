/**
 * The DNS records a sending domain publishes, and how a look-up of each is judged (docs/promises.md,
 * Sending domains). Pure: the answers come from the DnsResolver port.
 */
export type DomainStatus = 'pending' | 'verified' | 'failed' | 'temporary_failure';
export type RecordKind = 'DKIM' | 'MAIL_FROM_MX' | 'MAIL_FROM_SPF' | 'DMARC' | 'INBOUND_MX';
export type RecordStatus = 'verified' | 'missing' | 'mismatch' | 'pending';

export interface DomainRecord {
  record: RecordKind;
  type: 'CNAME' | 'MX' | 'TXT';
  name: string;
  value: string;
  priority?: number;
  status: RecordStatus;
  /** What the look-up found instead (mismatch). */
  found?: string;
  /** Why what was found is not right (mismatch). */
  reason?: string;
  /**
   * The last check could not look the name up (no answer in time, a failing name server): `status` is the one
   * known before.
   */
  lookup_failed?: string;
}

export const SPF_VALUE = 'v=spf1 include:amazonses.com ~all';
export const DMARC_VALUE = 'v=DMARC1; p=none;';
export const mailFromDomain = (name: string) => `mail.${name}`;

/** SES's Easy DKIM tokens are 32 characters: the longest record name is `<token>._domainkey.<name>`. */
const DKIM_TOKEN_LENGTH = 32;
/** A DNS name is at most 253 characters (RFC 1035's 255 octets on the wire, less the length bytes). */
const MAX_DNS_NAME = 253;

/**
 * Why the domain's records could not be published, when they could not: each record name (DKIM's,
 * MAIL FROM's, DMARC's) must fit DNS as well as the name itself does.
 */
export const recordNameTooLong = (name: string) => {
  const names = [`${'x'.repeat(DKIM_TOKEN_LENGTH)}._domainkey.${name}`, mailFromDomain(name), `_dmarc.${name}`];
  const longest = Math.max(...names.map((n) => n.length));
  if (longest <= MAX_DNS_NAME) return undefined;
  const most = MAX_DNS_NAME - longest + name.length;
  const record = `<token>._domainkey.${name} would be ${longest} characters, over DNS's ${MAX_DNS_NAME}`;
  return `The name is too long for its DNS records: ${record}; a sending domain is at most ${most} characters`;
};

/** The records SES asks for (Easy DKIM's three CNAMEs, the custom MAIL FROM's MX and SPF) and a DMARC to start with. */
export const expectedRecords = (name: string, region: string, dkimTokens: readonly string[]): DomainRecord[] => [
  ...dkimTokens.map(
    (token): DomainRecord => ({
      record: 'DKIM',
      type: 'CNAME',
      name: `${token}._domainkey.${name}`,
      value: `${token}.dkim.amazonses.com`,
      status: 'pending',
    }),
  ),
  {
    record: 'MAIL_FROM_MX',
    type: 'MX',
    name: mailFromDomain(name),
    value: `feedback-smtp.${region}.amazonses.com`,
    priority: 10,
    status: 'pending',
  },
  { record: 'MAIL_FROM_SPF', type: 'TXT', name: mailFromDomain(name), value: SPF_VALUE, status: 'pending' },
  { record: 'DMARC', type: 'TXT', name: `_dmarc.${name}`, value: DMARC_VALUE, status: 'pending' },
];

/** The MX that brings mail for the domain to SES's receiving endpoint of its region (inbound mail). */
export const inboundMxRecord = (name: string, region: string): DomainRecord => ({
  record: 'INBOUND_MX',
  type: 'MX',
  name,
  value: `inbound-smtp.${region}.amazonaws.com`,
  priority: 10,
  status: 'pending',
});

/**
 * The records of a domain as its `inbound` flag has them: with the inbound MX while the flag is on
 * (pending until a check looks it up), without it once off. Applied where the records are shown and
 * where they are checked, so flipping the flag needs no write of the records.
 */
export const withInboundRecord = (
  records: readonly DomainRecord[],
  domain: { name: string; region: string; inbound: boolean },
): DomainRecord[] => {
  const others = records.filter((record) => record.record !== 'INBOUND_MX');
  if (!domain.inbound) return others;
  return [
    ...others,
    records.find((record) => record.record === 'INBOUND_MX') ?? inboundMxRecord(domain.name, domain.region),
  ];
};

/** What a look-up of one name answered; `undefined` when the resolver could not tell (time-out, SERVFAIL). */
export interface DnsAnswers {
  cname?: string[];
  mx?: { exchange: string; priority: number }[];
  txt?: string[];
}

const host = (value: string) => value.toLowerCase().replace(/\.$/, '');
const verified = (record: DomainRecord): DomainRecord => ({ ...withoutFinding(record), status: 'verified' });
const missing = (record: DomainRecord): DomainRecord => ({ ...withoutFinding(record), status: 'missing' });
const mismatch = (record: DomainRecord, found: string, reason: string): DomainRecord => ({
  ...record,
  status: 'mismatch',
  found,
  reason,
});
const withoutFinding = ({ found: _found, reason: _reason, ...record }: DomainRecord) => record;

/** A TXT record that starts with `tag` (case-insensitive, then a space, a semicolon or its end). */
const startsWithTag = (text: string, tag: string) => {
  const head = text
    .trimStart()
    .slice(0, tag.length + 1)
    .toLowerCase();
  return head.startsWith(tag.toLowerCase()) && (head.length === tag.length || /[\s;]/.test(head[tag.length]));
};

const judgeCname = (record: DomainRecord, targets: string[]) => {
  if (!targets.length) return missing(record);
  if (targets.some((target) => host(target) === host(record.value))) return verified(record);
  return mismatch(
    record,
    targets.join(', '),
    `The CNAME points to ${targets.map(host).join(', ')}, not to ${record.value}`,
  );
};

const judgeMx = (record: DomainRecord, exchanges: { exchange: string; priority: number }[]) => {
  if (!exchanges.length) return missing(record);
  if (exchanges.some((mx) => host(mx.exchange) === host(record.value))) return verified(record);
  const found = exchanges.map((mx) => `${mx.priority} ${host(mx.exchange)}`).join(', ');
  const lost =
    record.record === 'INBOUND_MX'
      ? 'mail to the domain would not reach SES'
      : 'bounces to the MAIL FROM domain would not reach SES';
  return mismatch(record, found, `No MX points to ${record.value}: ${lost}`);
};

const judgeSpf = (record: DomainRecord, texts: string[]) => {
  const spf = texts.filter((text) => startsWithTag(text, 'v=spf1'));
  if (!spf.length) return missing(record);
  if (spf.length > 1)
    return mismatch(
      record,
      spf.join(' | '),
      'There are several v=spf1 records: a name may have only one, or SPF fails (RFC 7208 4.5); merge them into one',
    );
  const terms = spf[0].toLowerCase().split(/\s+/);
  if (terms.includes('include:amazonses.com')) return verified(record);
  return mismatch(record, spf[0], 'The SPF record does not include amazonses.com');
};

const judgeDmarc = (record: DomainRecord, texts: string[]) => {
  if (!texts.length) return missing(record);
  const dmarc = texts.filter((text) => startsWithTag(text, 'v=DMARC1'));
  if (!dmarc.length) return mismatch(record, texts.join(' | '), 'A DMARC record must start with v=DMARC1');
  if (dmarc.length > 1)
    return mismatch(
      record,
      dmarc.join(' | '),
      'There are several DMARC records: receivers then ignore them all (RFC 7489 6.6.3); keep one',
    );
  return verified(record);
};

export const LOOKUP_FAILED =
  'The name servers gave no answer in time (or failed): the status is the one known before this check';

const unanswered = (record: DomainRecord): DomainRecord => ({ ...record, lookup_failed: LOOKUP_FAILED });

/**
 * One record judged against the look-up of its name: `verified` found as given, `missing` nothing
 * there, `mismatch` something else there (in `found`, with the `reason`). A look-up that could not
 * tell leaves the record's status as it was, and says so (`lookup_failed`) until a look-up answers.
 */
export const judgeRecord = (known: DomainRecord, answers: DnsAnswers): DomainRecord => {
  const { lookup_failed: _failed, ...record } = known;
  switch (record.record) {
    case 'DKIM':
      return answers.cname ? judgeCname(record, answers.cname) : unanswered(record);
    case 'MAIL_FROM_MX':
    case 'INBOUND_MX':
      return answers.mx ? judgeMx(record, answers.mx) : unanswered(record);
    case 'MAIL_FROM_SPF':
      return answers.txt ? judgeSpf(record, answers.txt) : unanswered(record);
    case 'DMARC':
      return answers.txt ? judgeDmarc(record, answers.txt) : unanswered(record);
  }
};

/**
 * What a domain still lacks for sending, for a refusal's message: its records that are not verified (DMARC
 * and the inbound MX are not needed to send).
 */
export const missingRecords = (records: readonly DomainRecord[]) => {
  const open = records.filter(
    (record) => record.status !== 'verified' && record.record !== 'DMARC' && record.record !== 'INBOUND_MX',
  );
  const kinds = [
    ...new Set(
      open.map((record) =>
        record.record === 'DKIM'
          ? 'the DKIM CNAMEs'
          : record.record === 'MAIL_FROM_MX'
            ? 'the MAIL FROM MX'
            : 'the MAIL FROM SPF',
      ),
    ),
  ];
  return kinds;
};
