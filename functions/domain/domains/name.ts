import { domainToASCII } from 'node:url';
import { isIP } from 'node:net';

/** At most 253 characters in all (RFC 1035's 255 octets on the wire, less the length bytes). */
const MAX_NAME = 253;
const MAX_LABEL = 63;
// One label of a host name: letters, digits and inner hyphens (LDH, RFC 1123); punycode labels fit it too.
const LABEL = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

/**
 * A sending domain's name as stored and shown: lowercased, an IDN as punycode (node:url's
 * domainToASCII, the WHATWG rules browsers use). Answers the name, or why it is not one
 * (docs/promises.md, Sending domains): no public-suffix check, subdomains allowed.
 */
export const normalizeDomainName = (raw: string): { ok: true; name: string } | { ok: false; message: string } => {
  const trimmed = raw.trim().replace(/\.$/, '');
  if (!trimmed) return { ok: false, message: 'A domain name is required' };
  if (trimmed.length > MAX_NAME * 4) return { ok: false, message: `A domain name is at most ${MAX_NAME} characters` };
  // An IP literal is refused before domainToASCII, which would take "1.2.3.4" as a host too.
  const bare = trimmed.replace(/^\[|\]$/g, '');
  if (isIP(bare)) return { ok: false, message: 'An IP address is not a domain name' };
  const name = domainToASCII(trimmed.toLowerCase());
  if (!name) return { ok: false, message: 'Not a valid domain name' };
  if (name.length > MAX_NAME) return { ok: false, message: `A domain name is at most ${MAX_NAME} characters` };
  if (isIP(name)) return { ok: false, message: 'An IP address is not a domain name' };
  const labels = name.split('.');
  if (labels.at(-1) === 'localhost') return { ok: false, message: 'localhost is not a domain one can send from' };
  if (labels.length < 2) return { ok: false, message: 'A domain name has at least one dot (e.g. example.com)' };
  for (const label of labels) {
    if (label.length < 1 || label.length > MAX_LABEL)
      return { ok: false, message: `Each label of a domain name is 1 to ${MAX_LABEL} characters` };
    if (!LABEL.test(label))
      return { ok: false, message: `"${label}" is not a valid label: letters, digits and inner hyphens only` };
  }
  // The last label of a real domain is never all digits (RFC 3696): that would be a mistyped address.
  if (/^\d+$/.test(labels.at(-1)!)) return { ok: false, message: 'An IP address is not a domain name' };
  return { ok: true, name };
};
