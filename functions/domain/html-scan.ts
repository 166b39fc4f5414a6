/**
 * Scanning HTML a caller wrote, in time linear in its length whatever it holds (docs/threat-model.md,
 * "Content"): no regular expression here rescans the rest of the body from each candidate position,
 * which is how `"<a ".repeat(40000)` once cost seconds of CPU. Each function moves forward (or
 * backward) with indexOf/lastIndexOf and reads every character a bounded number of times. It follows
 * the HTML tokenizer where it matters (quoted attribute values may hold `>`; a tag cut off by the end
 * of the text is no tag) and is no validator: what it cannot read it leaves as it is.
 */

const isSpace = (code: number) => code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0c || code === 0x0d;

/** ASCII-only lower-casing: `toLowerCase` may change a string's length, which would shift indices. */
const sameName = (html: string, at: number, name: string) => {
  if (at + name.length > html.length) return false;
  for (let k = 0; k < name.length; k++) {
    const code = html.charCodeAt(at + k);
    if ((code >= 0x41 && code <= 0x5a ? code + 0x20 : code) !== name.charCodeAt(k)) return false;
  }
  return true;
};

/** The end (after `>`) of `</name\s*>` starting at `at`, or -1. Its whitespace run stops before the next `<`. */
const closingTagEnd = (html: string, at: number, name: string) => {
  if (!sameName(html, at + 2, name)) return -1;
  let end = at + 2 + name.length;
  while (end < html.length && isSpace(html.charCodeAt(end))) end++;
  return html.charCodeAt(end) === 0x3e ? end + 1 : -1;
};

/** Where the first `</name>` (any case, spaces before `>`) starts and ends, or undefined. `name` in lower case. */
export const firstClosingTag = (html: string, name: string) => {
  for (let at = html.indexOf('</'); at !== -1; at = html.indexOf('</', at + 2)) {
    const end = closingTagEnd(html, at, name);
    if (end !== -1) return { start: at, end };
  }
  return undefined;
};

/** Where the last `</name>` starts, or -1. `name` in lower case. */
export const lastClosingTagStart = (html: string, name: string) => {
  for (let at = html.lastIndexOf('</'); at !== -1; at = at === 0 ? -1 : html.lastIndexOf('</', at - 1)) {
    if (closingTagEnd(html, at, name) !== -1) return at;
  }
  return -1;
};

/** An attribute value as written: `start`/`end` span it with its quotes, `value` is without them. */
export interface AttributeValue {
  start: number;
  end: number;
  value: string;
}

/**
 * Reads the attributes of the tag whose name ends at `from` up to its `>`: the tag's end (after
 * `>`), or -1 when the text ends first, and the value of the first attribute called `wanted`
 * (the HTML rule: a repeated attribute is ignored). One pass: every character is read once.
 */
const readTag = (html: string, from: number, wanted: string): { end: number; attribute?: AttributeValue } => {
  let at = from;
  let attribute: AttributeValue | undefined;
  for (;;) {
    while (at < html.length && (isSpace(html.charCodeAt(at)) || html[at] === '/')) at++;
    if (at >= html.length) return { end: -1 };
    if (html[at] === '>') return { end: at + 1, attribute };
    const nameStart = at++;
    while (
      at < html.length &&
      !isSpace(html.charCodeAt(at)) &&
      html[at] !== '/' &&
      html[at] !== '>' &&
      html[at] !== '='
    )
      at++;
    const named = at - nameStart === wanted.length && sameName(html, nameStart, wanted);
    while (at < html.length && isSpace(html.charCodeAt(at))) at++;
    if (html[at] !== '=') continue;
    at++;
    while (at < html.length && isSpace(html.charCodeAt(at))) at++;
    const valueStart = at;
    let value: string;
    if (html[at] === '"' || html[at] === "'") {
      const close = html.indexOf(html[at]!, at + 1);
      if (close === -1) return { end: -1 };
      value = html.slice(at + 1, close);
      at = close + 1;
    } else {
      while (at < html.length && !isSpace(html.charCodeAt(at)) && html[at] !== '>') at++;
      value = html.slice(valueStart, at);
    }
    if (named && !attribute) attribute = { start: valueStart, end: at, value };
  }
};

/**
 * The `attribute` value of every `<tag ...>` start tag of `html` from `from` on (both names in lower
 * case), in order, at most `limit` of them. Linear: the scan goes forward from each tag's end, and stops at a
 * tag the text cuts off (everything after it is inside that tag).
 */
export const tagAttributes = (html: string, tag: string, attribute: string, limit: number, from = 0) => {
  const found: AttributeValue[] = [];
  let at = html.indexOf('<', from);
  while (at !== -1 && found.length < limit) {
    const nameEnd = at + 1 + tag.length;
    const boundary = html.charCodeAt(nameEnd);
    if (sameName(html, at + 1, tag) && (isSpace(boundary) || boundary === 0x2f || boundary === 0x3e)) {
      const read = readTag(html, nameEnd, attribute);
      if (read.end === -1) break;
      if (read.attribute) found.push(read.attribute);
      at = html.indexOf('<', read.end);
    } else {
      at = html.indexOf('<', at + 1);
    }
  }
  return found;
};

/** `html` with `addition` just before its last `</body>`, or at its end when it has none. */
export const beforeLastBodyEnd = (html: string, addition: string) => {
  const bodyEnd = lastClosingTagStart(html, 'body');
  return bodyEnd === -1 ? `${html}${addition}` : `${html.slice(0, bodyEnd)}${addition}${html.slice(bodyEnd)}`;
};
