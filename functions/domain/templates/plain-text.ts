import { convert } from 'html-to-text';

/**
 * The plain-text part of template mail that has none, made from its rendered html (links kept as
 * `text [url]`, images dropped, lines unwrapped: mail clients wrap). Only template mail gets one:
 * a send or a campaign with its own content goes out as written.
 */
export const textFromHtml = (html: string) =>
  convert(html, { wordwrap: false, selectors: [{ selector: 'img', format: 'skip' }] });
