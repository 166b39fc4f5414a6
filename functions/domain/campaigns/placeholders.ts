/**
 * Personalisation: `{{name}}`, `{{email}}` and `{{unsubscribe_url}}` (spaces inside the braces
 * allowed). Anything else between double braces is refused when the campaign is written, so a typo
 * is a 400 then, never a mail with `{{nmae}}` in it to 100,000 people.
 */
export const PLACEHOLDERS = ['name', 'email', 'unsubscribe_url'] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];

const PATTERN = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The placeholders of `template` that are not ours, as written. */
export const unknownPlaceholders = (template: string) =>
  [...template.matchAll(PATTERN)].map((match) => match[1]).filter((name) => !(PLACEHOLDERS as readonly string[]).includes(name));

export const hasPlaceholder = (template: string, name: Placeholder) => [...template.matchAll(PATTERN)].some((match) => match[1] === name);

export const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** Header text: a subscriber's name may hold line breaks, which must never reach the Subject header. */
const headerSafe = (value: string) => value.replace(/[\r\n\0]+/g, ' ');

export type Values = Record<Placeholder, string>;

const fill = (template: string, values: Values, encode: (value: string) => string) =>
  template.replace(PATTERN, (whole, name: string) => ((PLACEHOLDERS as readonly string[]).includes(name) ? encode(values[name as Placeholder]) : whole));

export const fillSubject = (template: string, values: Values) => fill(template, values, headerSafe);
export const fillHtml = (template: string, values: Values) => fill(template, values, escapeHtml);
export const fillText = (template: string, values: Values) => fill(template, values, (value) => value);
