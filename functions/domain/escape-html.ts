/**
 * Text into HTML, safe in a text node and in every attribute context, quoted or not: as Mustache's
 * own escape, `&`, `<`, `>`, `"`, `'`, and `=` and the backtick, without which a value in an
 * unquoted attribute (`<a href={{u}}>`) could add an attribute with a value (`x onmouseover=...`;
 * old IE took a backtick for a quote). A value can still end an unquoted attribute with a space,
 * but what follows is an attribute name alone, with no value. Mustache also rewrites `/`, which
 * guards nothing once `<` and `>` are entities (in a tag, a slash only ever starts `/>`), and would
 * make every URL of a mail unreadable in its source: it stays. The link rewriter
 * (tracking/rewrite-html.ts) decodes these entities, so an escaped URL is tracked as the author's.
 */
const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '=': '&#x3D;',
  '`': '&#x60;',
};

export const escapeHtml = (value: string) => String(value).replace(/[&<>"'=`]/g, (character) => ENTITIES[character]!);
