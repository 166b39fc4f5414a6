/**
 * Tracks an HTML body: an open pixel before `</body>` (or at the end) and every http(s) link of an
 * `<a href>` through a redirect. `mailto:`, `tel:`, `#anchors`, other schemes and anything inside
 * `<head>` stay as they are. The URL handed to `linkUrl` is the one the author meant: the attribute
 * with its HTML entities decoded (`&amp;` is `&`).
 */
export interface HtmlTracking {
  pixelUrl?: string;
  linkUrl?: (url: string) => string;
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

export const decodeEntities = (value: string) =>
  value.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED[name.toLowerCase()] ?? whole;
  });

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const ANCHOR = /<a\b[^>]*>/gi;
const HREF = /(\shref\s*=\s*)(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i;

const rewriteLinks = (html: string, linkUrl: (url: string) => string) =>
  html.replace(ANCHOR, (tag) =>
    tag.replace(HREF, (whole, prefix: string, double?: string, single?: string, bare?: string) => {
      const url = decodeEntities(double ?? single ?? bare ?? '').trim();
      if (!/^https?:\/\/[^\s]/i.test(url)) return whole;
      return `${prefix}"${escapeAttribute(linkUrl(url))}"`;
    }),
  );

export const trackHtml = (html: string, tracking: HtmlTracking) => {
  let result = html;
  if (tracking.linkUrl) {
    // The head is never shown, and its <link>s are not <a>s: only what follows it is rewritten.
    const headEnd = /<\/head\s*>/i.exec(result);
    const split = headEnd ? headEnd.index + headEnd[0].length : 0;
    result = result.slice(0, split) + rewriteLinks(result.slice(split), tracking.linkUrl);
  }
  if (tracking.pixelUrl) {
    const pixel = `<img src="${escapeAttribute(tracking.pixelUrl)}" width="1" height="1" alt="" style="border:0;width:1px;height:1px" />`;
    const bodyEnd = result.search(/<\/body\s*>(?![\s\S]*<\/body\s*>)/i);
    result = bodyEnd === -1 ? `${result}${pixel}` : `${result.slice(0, bodyEnd)}${pixel}${result.slice(bodyEnd)}`;
  }
  return result;
};
