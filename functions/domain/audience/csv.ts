/**
 * RFC 4180 records from a CSV text: fields split by commas, quoted fields with "" for a quote and
 * line breaks inside, CRLF or LF between records. One pass over the text (linear, no regular
 * expressions); a record ends at a line break outside quotes. Blank lines are skipped. An unclosed
 * quote makes the rest of the text its field: the caller sees the bad record and refuses it.
 */
export function* csvRecords(text: string): Generator<{ fields: string[]; line: number; unclosed: boolean }> {
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  const end = () => {
    fields.push(field);
    field = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else {
        if (c === '\n') line++;
        field += c;
      }
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') end();
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      end();
      if (!(fields.length === 1 && fields[0] === '')) yield { fields, line: start, unclosed: false };
      fields = [];
      line++;
      start = line;
    } else field += c;
  }
  if (field !== '' || fields.length || quoted) {
    end();
    if (!(fields.length === 1 && fields[0] === '' && !quoted)) yield { fields, line: start, unclosed: quoted };
  }
}

/**
 * Formula injection (OWASP "CSV Injection"): a spreadsheet runs a cell that starts with `=`, `+`, `-`,
 * `@`, a tab or a CR. Such a cell is written with a `'` before it, which spreadsheets read as "text"
 * and hide; a cell that already starts with quotes before one of those gets one more, so that
 * `unguardedCell` gives back exactly what was written, whatever the text (`'=x` stays `'=x`).
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;

/** One field of a CSV the service writes: guarded against formulas, then quoted when RFC 4180 asks. */
export const csvCell = (value: string) => {
  const guarded = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
};

/** A field read from an uploaded CSV without the guard csvCell adds, so an exported file imports as it was. */
export const unguardedCell = (value: string) =>
  value.startsWith("'") && FORMULA_START.test(value) ? value.slice(1) : value;
