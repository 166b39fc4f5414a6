/**
 * The form of a link the service redirects to: the WHATWG URL serialisation of an http(s) URL, or
 * undefined for anything that is not one. It is ASCII only (non-ASCII path, query and fragment
 * percent-encoded as UTF-8, the host in punycode) and holds no control character (tab, CR and LF are
 * dropped by the parser, other controls percent-encoded), so it can always be a `Location` header:
 * `café` leaves as `caf%C3%A9`, never as a raw Latin-1 byte or a 500 (docs/threat-model.md).
 */
export const webUrl = (url: string) => {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
};
