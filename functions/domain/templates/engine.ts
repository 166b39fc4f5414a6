import Mustache from 'mustache';
import { escapeHtml } from '../escape-html';
import type { FieldIssue } from '../errors';
import { MAX_MAIL_BODY_BYTES, MAX_SUBJECT_LENGTH } from '../mail/mail-body';
import { RenderBudget } from './render-budget';
import { nodesOf, renderNodes, type PartStyle, type Token } from './render';

/**
 * The one template engine of every send path (stored templates, mail sent by template id, campaigns):
 * Mustache, through the `mustache` package (docs/decisions/0026-mustache-templates.md says why).
 * `{{v}}` is HTML-escaped in html (escape-html.ts), `{{{v}}}` / `{{&v}}` raw; subject and text are
 * plain text and are not escaped. Partials are refused: nothing could resolve them, and a silently
 * empty `{{> footer}}` would go to every reader.
 */
export interface TemplateContent {
  subject: string;
  html: string | null;
  text: string | null;
}

export type Rendered = { subject: string; html: string | null; text: string | null };

/**
 * Header text: a value may hold line breaks, which must never reach the Subject header; folded to
 * spaces, raw (`{{{v}}}`) or not, so that the preview, a send and a campaign all carry the same subject.
 */
const headerSafe = (value: string) => value.replace(/[\r\n\0]+/g, ' ');
const asIs = (value: string) => value;
const SUBJECT: PartStyle = { escaped: headerSafe, raw: headerSafe };
const HTML: PartStyle = { escaped: escapeHtml, raw: asIs };
const TEXT: PartStyle = { escaped: asIs, raw: asIs };

/** Sections nest at most this deep: rendering recurses once per level, and no mail needs more. */
const MAX_SECTION_DEPTH = 50;

/**
 * A partial, or sections nested too deep: what the engine parses but we refuse. Recurses at most
 * MAX_SECTION_DEPTH levels.
 */
const refusal = (tokens: Token[], depth = 1): string | undefined => {
  for (const token of tokens) {
    if (token[0] === '>') return `Partials ({{> ${token[1]}}}) are not supported, at ${token[2]}`;
    const inner = token[4];
    if ((token[0] === '#' || token[0] === '^') && inner) {
      if (depth > MAX_SECTION_DEPTH)
        return `Sections may nest at most ${MAX_SECTION_DEPTH} levels deep, at ${token[2]}`;
      const found = refusal(inner, depth + 1);
      if (found) return found;
    }
  }
  return undefined;
};

/** The parsed tokens of one part, or the problem with it (the engine's message names the position). */
const parse = (source: string): { tokens: Token[] } | { error: string } => {
  let tokens: Token[];
  try {
    // A writer of its own: Mustache.parse would keep every template ever checked in its global cache.
    tokens = new Mustache.Writer().parse(source) as Token[];
  } catch (error) {
    return {
      error: error instanceof Error && !(error instanceof RangeError) ? error.message : 'The template nests too deep',
    };
  }
  const refused = refusal(tokens);
  return refused ? { error: refused } : { tokens };
};

/** The tokens that read a name: tags, raw tags, sections and inverted sections. */
const NAMED = new Set(['name', '&', '#', '^']);

/** The first token, at any depth, that passes `test` (valid templates only: their depth is bounded). */
const findToken = (tokens: Token[], test: (token: Token) => boolean): Token | undefined => {
  for (const token of tokens) {
    if (test(token)) return token;
    const inner = token[4];
    if ((token[0] === '#' || token[0] === '^') && inner) {
      const found = findToken(inner, test);
      if (found) return found;
    }
  }
  return undefined;
};

/** The syntax errors of every part, each naming its field and where (a character offset) it went wrong. */
export const templateIssues = (content: Partial<TemplateContent>): FieldIssue[] =>
  (['subject', 'html', 'text'] as const).flatMap((field) => {
    const source = content[field];
    if (typeof source !== 'string') return [];
    const parsed = parse(source);
    return 'error' in parsed ? [{ field, message: `Template syntax error: ${parsed.error}` }] : [];
  });

/**
 * The names a template reads from its variables, each kind in order of first use. Only the top level is read
 * from the caller's variables: a plain tag there (`{{v}}`, `{{{v}}}`, `{{a.b}}`) is `required`; a
 * section's or inverted section's own name is `optional` (absent means false / empty list). Names
 * used inside a section are looked up in the section's item first, so they belong to it and are not
 * listed: `{{#items}}{{title}}{{/items}}` needs `items`, not `title`.
 */
export interface TemplateVariables {
  required: string[];
  optional: string[];
}

const rootNames = (tokens: Token[], into: TemplateVariables) => {
  for (const [type, name] of tokens) {
    if (name === '.') continue;
    if (type === 'name' || type === '&') into.required.push(name);
    else if (type === '#' || type === '^') into.optional.push(name);
  }
};

const unique = (names: string[]) => [...new Set(names)];

/** Every part's tokens (valid parts only: check templateIssues first). */
const partsOf = (content: TemplateContent) =>
  (['subject', 'html', 'text'] as const).flatMap((field) => {
    const source = content[field];
    if (source === null) return [];
    const parsed = parse(source);
    return 'tokens' in parsed ? [{ field, tokens: parsed.tokens }] : [];
  });

const variablesOf = (parts: Token[][]): TemplateVariables => {
  const found: TemplateVariables = { required: [], optional: [] };
  for (const tokens of parts) rootNames(tokens, found);
  const required = unique(found.required);
  return { required, optional: unique(found.optional).filter((name) => !required.includes(name)) };
};

export const templateVariables = (content: TemplateContent): TemplateVariables =>
  variablesOf(partsOf(content).map(({ tokens }) => tokens));

/** What `variables` lists on a template: every name it reads at the top level, the required ones first. */
export const variableNames = (content: TemplateContent) => {
  const { required, optional } = templateVariables(content);
  return unique([...required, ...optional]);
};

/** Whether a part reads `name` anywhere, in a section or not (campaigns: where the author put the unsubscribe link). */
export const partUses = (source: string | null, name: string) => {
  if (source === null) return false;
  const parsed = parse(source);
  return (
    'tokens' in parsed && findToken(parsed.tokens, (token) => token[1] === name && token[0] !== 'text') !== undefined
  );
};

/**
 * Whether the variables hold a dotted name (`a.b`): own properties only, so `constructor` or
 * `__proto__` never count as given. A value that is present but null or false counts as given.
 */
export const hasVariable = (variables: Record<string, unknown>, name: string) => {
  let at: unknown = variables;
  for (const part of name.split('.')) {
    if (typeof at !== 'object' || at === null || !Object.hasOwn(at, part)) return false;
    at = (at as Record<string, unknown>)[part];
  }
  return true;
};

export const missingVariables = (required: readonly string[], variables: Record<string, unknown>) =>
  required.filter((name) => !hasVariable(variables, name));

/**
 * A template made ready to render many times: each part is parsed once (in a writer of its own,
 * whose cache dies with it), then every reader's rendering only walks the tokens (render.ts), under
 * `budget` (one per request, shared by its renders) and the send's limits on subject and body: a
 * render that would cross one stops there (RenderTooCostlyError, RenderTooLargeError).
 */
export const compileTemplate = (content: TemplateContent) => readyTemplate(content).render;

/**
 * compileTemplate, and the variables the template reads (templateVariables), from one parse of each
 * part: Mustache's parser makes a token of every character of text before it merges them (about
 * 0.8 µs a character, 400 ms for 512 KiB), so a request parses each part once.
 */
export const readyTemplate = (content: TemplateContent) => {
  const writer = new Mustache.Writer();
  const tokens = (source: string | null) => (source === null ? null : (writer.parse(source) as Token[]));
  const parts = [tokens(content.subject), tokens(content.html), tokens(content.text)];
  const [subject, html, text] = parts.map((part) => part && nodesOf(part));
  const variables = variablesOf(parts.filter((part) => part !== null));
  /** Whether a part reads, in a section or not, a name that passes `test` (what to read before rendering). */
  const reads = (test: (name: string) => boolean) =>
    parts.some((part) => part !== null && findToken(part, (t) => NAMED.has(t[0]) && test(t[1])) !== undefined);
  const render = (view: Record<string, unknown>, budget = new RenderBudget()): Rendered => {
    // Characters, never more than the bytes the send counts: a part over its room is over the limit.
    const room = { left: MAX_SUBJECT_LENGTH, message: `The subject may be at most ${MAX_SUBJECT_LENGTH} characters` };
    const body = {
      left: MAX_MAIL_BODY_BYTES,
      message: `html and text together may be at most ${MAX_MAIL_BODY_BYTES / 1024} KiB`,
    };
    return {
      subject: subject ? renderNodes(subject, view, 'subject', SUBJECT, budget, room) : '',
      html: html && renderNodes(html, view, 'html', HTML, budget, body),
      text: text && renderNodes(text, view, 'text', TEXT, budget, body),
    };
  };
  return { variables, render, reads };
};
