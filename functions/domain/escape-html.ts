/**
 * Text into HTML: the five characters that can end a text node or a quoted attribute. Mustache's own
 * escape also rewrites `/`, `=` and backticks, which would turn every URL a template puts into a
 * quoted href into entities (and out of reach of the link rewriting that tracks clicks).
 */
export const escapeHtml = (value: string) =>
  String(value).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
