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
        if (text[i + 1] === '"') (field += '"'), i++;
        else quoted = false;
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
