/**
 * The plain-text part of template mail that has none, made from its rendered html (links kept as
 * `text [url]`, images dropped, lines unwrapped: mail clients wrap). Only template mail gets one:
 * a send or a campaign with its own content goes out as written.
 *
 * html-to-text (with htmlparser2 and entities, about 160 KB) is loaded on first use, not at a cold
 * start: every send and campaign function reaches the templates, and few of their requests need it.
 * `#on-first-use/html-to-text` is the package (package.json "imports"); in a Lambda bundle it is
 * `html-to-text.mjs` beside `index.mjs` (lib/constructs/function-bundle.ts), so `index.mjs` does not carry it.
 *
 * Its work grows faster than the html (nested tags: 200 KB of `<div>` took 0.5 s, 512 KiB 3.6 s and
 * a stack overflow), so a text part is made only from html within TEXT_FROM_HTML_LIMITS (about
 * 100 ms at worst; the bench's 100 KB newsletter, about 4,000 tags, is well inside); larger html
 * goes out alone, as a campaign's html without text does. Elements nested deeper than `maxDepth`
 * are left out of the text.
 */
export const TEXT_FROM_HTML_LIMITS = { bytes: 128 * 1024, tags: 10_000, maxDepth: 100 } as const;

/** Counts `<` up to `limit` + 1, without a regular expression or a copy. */
const tagsOver = (html: string, limit: number) => {
  let count = 0;
  for (let at = html.indexOf('<'); at !== -1; at = html.indexOf('<', at + 1)) if (++count > limit) return true;
  return false;
};

export const loadTextFromHtml = async () => {
  const { convert } = await import('#on-first-use/html-to-text');
  const { bytes, tags, maxDepth } = TEXT_FROM_HTML_LIMITS;
  return (html: string): string | null =>
    html.length > bytes || Buffer.byteLength(html) > bytes || tagsOver(html, tags)
      ? null
      : convert(html, { wordwrap: false, selectors: [{ selector: 'img', format: 'skip' }], limits: { maxDepth } });
};
