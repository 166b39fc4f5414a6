/**
 * The plain-text part of template mail that has none, made from its rendered html (links kept as
 * `text [url]`, images dropped, lines unwrapped: mail clients wrap). Only template mail gets one:
 * a send or a campaign with its own content goes out as written.
 *
 * html-to-text (with htmlparser2 and entities, about 160 KB) is loaded on first use, not at a cold
 * start: every send and campaign function reaches the templates, and few of their requests need it.
 */
export const loadTextFromHtml = async () => {
  const { convert } = await import('html-to-text');
  return (html: string) => convert(html, { wordwrap: false, selectors: [{ selector: 'img', format: 'skip' }] });
};
