/**
 * Personalisation: `{{name}}`, `{{email}}` and `{{unsubscribe_url}}` (spaces inside the braces
 * allowed). Anything else between double braces is refused when the campaign is written, so a typo
 * is a 400 then, never a mail with `{{nmae}}` in it to 100,000 people.
 */
export const PLACEHOLDERS = ['name', 'email', 'unsubscribe_url'] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];

/** A `{{ ... }}` of a template: where it starts and ends, and the name inside, trimmed. */
interface Mark {
  start: number;
  end: number;
  name: string;
}

/**
 * Every `{{ name }}` of `template` (no brace inside the name), in one forward pass: a candidate's
 * name ends at the first brace after its `{{`, so no character is read twice. (The regular
 * expression this replaces, `\{\{\s*([^{}]*?)\s*\}\}`, took cubic time on `{{` and spaces.)
 */
const marks = (template: string) => {
  const found: Mark[] = [];
  let at = template.indexOf('{{');
  while (at !== -1) {
    let end = at + 2;
    while (end < template.length && template[end] !== '{' && template[end] !== '}') end++;
    if (template.startsWith('}}', end)) {
      found.push({ start: at, end: end + 2, name: template.slice(at + 2, end).trim() });
      at = template.indexOf('{{', end + 2);
    } else {
      at = template.indexOf('{{', at + 1);
    }
  }
  return found;
};

/** The placeholders of `template` that are not ours, as written. */
export const unknownPlaceholders = (template: string) => marks(template).map((mark) => mark.name).filter((name) => !(PLACEHOLDERS as readonly string[]).includes(name));

export const hasPlaceholder = (template: string, name: Placeholder) => marks(template).some((mark) => mark.name === name);

export const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** Header text: a subscriber's name may hold line breaks, which must never reach the Subject header. */
const headerSafe = (value: string) => value.replace(/[\r\n\0]+/g, ' ');

export type Values = Record<Placeholder, string>;

const fill = (template: string, values: Values, encode: (value: string) => string) => {
  const parts: string[] = [];
  let copied = 0;
  for (const mark of marks(template)) {
    if (!(PLACEHOLDERS as readonly string[]).includes(mark.name)) continue;
    parts.push(template.slice(copied, mark.start), encode(values[mark.name as Placeholder]));
    copied = mark.end;
  }
  parts.push(template.slice(copied));
  return parts.join('');
};

export const fillSubject = (template: string, values: Values) => fill(template, values, headerSafe);
export const fillHtml = (template: string, values: Values) => fill(template, values, escapeHtml);
export const fillText = (template: string, values: Values) => fill(template, values, (value) => value);
