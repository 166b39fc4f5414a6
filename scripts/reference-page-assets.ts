/**
 * Redoc's inlined bundle names images on Redocly's CDNs: its attribution's logo ("API docs by" and the logo, at
 * the foot of the sidebar) and the bases of its icon sets. The page's policy blocks them, each with a console
 * error, and the page is to ask no other host for anything: each becomes an image inline (`img-src data:`).
 */
const svg = (markup: string) => `data:image/svg+xml,${encodeURIComponent(markup)}`;

/** A word drawn as an image the size Redoc gives the logo; an image cannot take the page's colours. */
const word = (text: string, width: number, height: number) =>
  svg(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
      `<text x="0" y="${height - 2}" textLength="${width}" lengthAdjust="spacingAndGlyphs" font-size="${height - 1}" ` +
      `font-family="sans-serif" font-weight="600" fill="#32329f">${text}</text></svg>`,
  );

/** An empty image: an icon's URL is the set's base and `/<set>/<name>.svg`, which after `#` is only a fragment. */
const EMPTY = `${svg('<svg xmlns="http://www.w3.org/2000/svg"/>')}#`;

const REMOTE_IMAGES: readonly [RegExp, string][] = [
  [/https:\/\/cdn\.redoc\.ly\/redoc\/logo-mini-full\.svg/g, word('Redocly', 44, 12)],
  [/https:\/\/cdn\.redoc\.ly\/redoc\/logo-mini\.svg/g, word('R', 10, 14)],
  [/https:\/\/cdn\.redocly\.com\/icons\/[\w-]+\/[\d.]+/g, EMPTY],
];

/**
 * The page with those URLs replaced (inside the bundle's template literals: the replacements hold no backtick,
 * `${` or `<`). test/docs.test.ts fails on any URL of another host the page would still load from.
 */
export const inlineRemoteImages = (html: string) =>
  REMOTE_IMAGES.reduce((page, [url, inline]) => page.replace(url, inline), html);
