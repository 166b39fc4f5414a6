import { validationError } from '../domain/errors';

/** One part of a multipart/form-data body: its field name, its file name if it is a file, its bytes. */
export interface FormPart {
  name: string;
  filename?: string;
  body: Buffer;
}

/** Parts a form may have: the fields any route here reads are a handful. */
const MAX_PARTS = 20;

const refused = (message: string) => validationError([{ field: 'body', message }]);

/**
 * The parts of a multipart/form-data body (RFC 7578), as a browser's or Node's FormData sends them.
 * The boundary comes from the Content-Type; a body that does not parse by it is a 400, and so are
 * more than MAX_PARTS parts. Headers of a part other than Content-Disposition are not needed here.
 */
export const formParts = (contentType: string | undefined, body: Buffer): FormPart[] => {
  const boundary = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType ?? '');
  const mark = boundary?.[1] ?? boundary?.[2];
  if (!mark || mark.length > 200) throw refused('A multipart/form-data body needs its boundary');
  const delimiter = Buffer.from(`--${mark}`);
  const parts: FormPart[] = [];
  let at = body.indexOf(delimiter);
  if (at === -1) throw refused('The body holds no part of the form');
  for (;;) {
    const start = at + delimiter.length;
    // `--` after a delimiter closes the form.
    if (body.subarray(start, start + 2).toString() === '--') return parts;
    const next = body.indexOf(delimiter, start);
    if (next === -1) throw refused('The form is not closed by its boundary');
    if (parts.length === MAX_PARTS) throw refused(`A form of at most ${MAX_PARTS} parts`);
    // The part: CRLF, headers, a blank line, its bytes, CRLF before the next delimiter.
    const part = body.subarray(start, next);
    const headerEnd = part.indexOf('\r\n\r\n');
    if (headerEnd === -1) throw refused('A part of the form has no headers');
    const headers = part.subarray(0, headerEnd).toString('utf8');
    const disposition = /^content-disposition:\s*form-data(.*)$/im.exec(headers)?.[1] ?? '';
    const name = /;\s*name="([^"]*)"/i.exec(disposition)?.[1];
    if (name === undefined) throw refused('A part of the form has no name');
    const filename = /;\s*filename="([^"]*)"/i.exec(disposition)?.[1];
    const content = part.subarray(headerEnd + 4);
    parts.push({
      name,
      ...(filename !== undefined ? { filename } : {}),
      body: content.subarray(0, content.length - (content.subarray(-2).toString() === '\r\n' ? 2 : 0)),
    });
    at = next;
  }
};
