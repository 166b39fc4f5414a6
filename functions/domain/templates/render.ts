import { type RenderBudget, RenderTooLargeError } from './render-budget';

/**
 * Mustache's rendering, walked by us over the tokens Mustache parsed, so that it can stop. Mustache's
 * own Writer.renderTokens builds each section's whole output before anything could look at it: the
 * budget (render-budget.ts) and the output limit are checked here at every step instead, and a
 * render that crosses either stops at once.
 *
 * It renders as Mustache 4 does for the values a request can give (JSON): `{{v}}` escaped, `{{{v}}}`
 * raw, a section once per list item, once for an object, string or number, as is for `true`; an
 * inverted section when the value is falsy or an empty list; names looked up from the innermost item
 * outwards, dotted names walked. Two differences, both on names no JSON gives: only own properties
 * are read (`{{constructor}}` or `{{#pop}}` are absent, never a built-in function called on the
 * caller's data), and an object whose keys shadow `toString` prints as `[object Object]` where
 * Mustache threw.
 */

/** A token as Mustache's parser makes it: type, name or text, start, end, inner tokens, section end. */
export type Token = [string, string, number, number, Token[]?, number?];

interface Name {
  key: string;
  /** The parts of a dotted name (`a.b`), split once; null for a plain one. */
  parts: string[] | null;
}

type Node =
  | { kind: 'text'; text: string }
  | { kind: 'value'; raw: boolean; name: Name }
  | { kind: 'section' | 'inverted'; name: Name; children: Node[] };

/** Mustache's rule: a name is dotted when a dot follows its first character (`.x` is a plain name). */
const nameOf = (key: string): Name => ({ key, parts: key.indexOf('.') > 0 ? key.split('.') : null });

/** The tokens of a valid part (partials are refused before: engine.ts) as the nodes the walk visits. */
export const nodesOf = (tokens: Token[]): Node[] =>
  tokens.flatMap((token): Node[] => {
    const [type, value] = token;
    if (type === 'text') return [{ kind: 'text', text: value }];
    if (type === 'name' || type === '&') return [{ kind: 'value', raw: type === '&', name: nameOf(value) }];
    if (type === '#' || type === '^')
      return [{ kind: type === '#' ? 'section' : 'inverted', name: nameOf(value), children: nodesOf(token[4] ?? []) }];
    return []; // comments and delimiter changes print nothing
  });

/** How a part prints a value: escaped (`{{v}}`) and raw (`{{{v}}}`). */
export interface PartStyle {
  escaped: (text: string) => string;
  raw: (text: string) => string;
}

/** The output a part may still grow by (shared by html and text: the send's limit is on both together). */
export interface OutputRoom {
  left: number;
  /** The send's own words for the limit (schemas/mail.ts). */
  message: string;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** A value as Mustache prints it (`String(value)`), without throwing on an object whose keys shadow toString. */
const textOf = (value: unknown): string => {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map((item) => (item == null ? '' : textOf(item))).join(',');
  if (isObject(value)) return '[object Object]';
  return String(value);
};

class Walk {
  out = '';
  constructor(
    private readonly field: string,
    private readonly style: PartStyle,
    private readonly budget: RenderBudget,
    private readonly room: OutputRoom,
  ) {}

  private write(text: string) {
    this.room.left -= text.length;
    if (this.room.left < 0) throw new RenderTooLargeError(this.field, this.room.message);
    this.out += text;
  }

  /** The value of a name: the innermost item (`stack` ends with it) that has it, each view and part a step. */
  private lookup(stack: unknown[], name: Name): unknown {
    if (name.key === '.') return stack[stack.length - 1];
    for (let i = stack.length - 1; i >= 0; i--) {
      this.budget.spend(1, this.field);
      const view = stack[i];
      if (name.parts === null) {
        if (isObject(view) && Object.hasOwn(view, name.key)) return view[name.key];
        continue;
      }
      // A dotted name is found where its last part is (Mustache: a string's `length` counts too).
      this.budget.spend(name.parts.length, this.field);
      let at: unknown = view;
      for (let p = 0; p < name.parts.length; p++) {
        if (at === null || at === undefined || !Object.hasOwn(Object(at), name.parts[p])) break;
        at = (at as Record<string, unknown>)[name.parts[p]];
        if (p === name.parts.length - 1) return at;
      }
    }
    return undefined;
  }

  run(nodes: Node[], stack: unknown[]) {
    for (const node of nodes) {
      this.budget.spend(1, this.field);
      if (node.kind === 'text') {
        this.write(node.text);
        continue;
      }
      const value = this.lookup(stack, node.name);
      if (node.kind === 'value') {
        if (value !== null && value !== undefined)
          this.write((node.raw ? this.style.raw : this.style.escaped)(textOf(value)));
      } else if (node.kind === 'inverted') {
        if (!value || (Array.isArray(value) && value.length === 0)) this.run(node.children, stack);
      } else if (Array.isArray(value)) {
        for (const item of value) {
          this.budget.spend(1, this.field);
          this.within(node.children, stack, item);
        }
      } else if (value && (typeof value === 'object' || typeof value === 'string' || typeof value === 'number')) {
        this.within(node.children, stack, value);
      } else if (value) {
        this.run(node.children, stack);
      }
    }
  }

  private within(nodes: Node[], stack: unknown[], item: unknown) {
    stack.push(item);
    this.run(nodes, stack);
    stack.pop();
  }
}

/** One part rendered with `view`, or RenderTooCostlyError / RenderTooLargeError the moment a bound is crossed. */
export const renderNodes = (
  nodes: Node[],
  view: unknown,
  field: string,
  style: PartStyle,
  budget: RenderBudget,
  room: OutputRoom,
) => {
  const walk = new Walk(field, style, budget, room);
  walk.run(nodes, [view]);
  return walk.out;
};
