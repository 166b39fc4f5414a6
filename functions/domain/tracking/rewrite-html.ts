import { beforeLastBodyEnd, firstClosingTag, tagAttributes } from '../html-scan';

/**
 * Tracks an HTML body: an open pixel before `</body>` (or at the end) and every http(s) link of an
 * `<a href>` through a redirect. `mailto:`, `tel:`, `#anchors`, other schemes and anything inside
 * `<head>` stay as they are. The URL handed to `linkUrl` is the one the author meant: the attribute
 * with its HTML entities decoded (`&amp;` is `&`); `linkUrl` answers undefined to leave a link as it is.
 * Every pass is linear in the body (functions/domain/html-scan.ts), and only the first
 * MAX_TRACKED_LINKS links are looked at, so the work and the growth of one mail are bounded (docs/promises.md).
 */
export interface HtmlTracking {
  pixelUrl?: string;
  linkUrl?: (url: string) => string | undefined;
}

/** Links past this many `<a href>`s of one mail go out as written: each tracked one costs an HMAC and ~200 bytes. */
export const MAX_TRACKED_LINKS = 1000;

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Linear: each attempt starts at an `&` and reads only the run of name characters after it. */
export const decodeEntities = (value: string) =>
  value.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED[name.toLowerCase()] ?? whole;
  });

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const isWebUrl = (url: string) => /^https?:\/\/\S/i.test(url);

/** The body with the `href` of its links (from `from` on) replaced by what `linkUrl` makes of them. */
const rewriteLinks = (html: string, from: number, linkUrl: (url: string) => string | undefined) => {
  const parts: string[] = [];
  let copied = 0;
  for (const href of tagAttributes(html, 'a', 'href', MAX_TRACKED_LINKS, from)) {
    const url = decodeEntities(href.value).trim();
    const tracked = isWebUrl(url) ? linkUrl(url) : undefined;
    if (tracked === undefined) continue;
    parts.push(html.slice(copied, href.start), `"${escapeAttribute(tracked)}"`);
    copied = href.end;
  }
  parts.push(html.slice(copied));
  return parts.join('');
};

export const trackHtml = (html: string, tracking: HtmlTracking) => {
  let result = html;
  if (tracking.linkUrl) {
    // The head is never shown, and its <link>s are not <a>s: only what follows it is rewritten.
    result = rewriteLinks(result, firstClosingTag(result, 'head')?.end ?? 0, tracking.linkUrl);
  }
  if (tracking.pixelUrl) {
    const pixel =
      `<img src="${escapeAttribute(tracking.pixelUrl)}" width="1" height="1" alt="" ` +
      `style="border:0;width:1px;height:1px" />`;
    result = beforeLastBodyEnd(result, pixel);
  }
  return result;
};
