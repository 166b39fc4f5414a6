import { describe, expect, it } from 'vitest';
import { formParts } from '../../../functions/http/multipart';
import { readImport, resendLayout } from '../../../functions/domain/audience/imports';
import { checkImportRow } from '../../../functions/schemas/imports';
import { AppError } from '../../../functions/domain/errors';

/** A body as Node's FormData writes it (the SDK's), read back through a Request. */
const formBody = async (fields: Record<string, string | Blob>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { type: request.headers.get('content-type')!, body: Buffer.from(await request.arrayBuffer()) };
};

const fieldsOf = (error: unknown) => (error as AppError).options.details?.map((d) => d.field);

describe('formParts: multipart/form-data as the SDK sends it', () => {
  it('reads each part: the file with its name and bytes (CRLF inside kept), text fields as written', async () => {
    const csv = 'email,first_name\r\nada@example.com,Ada\r\n';
    const { type, body } = await formBody({ file: new Blob([csv]), segments: '[{"id":"x"}]', on_conflict: 'skip' });
    const parts = formParts(type, body);
    expect(parts.map((p) => [p.name, p.filename, p.body.toString('utf8')])).toEqual([
      ['file', 'blob', csv],
      ['segments', undefined, '[{"id":"x"}]'],
      ['on_conflict', undefined, 'skip'],
    ]);
  });

  it('refuses a body without its boundary, one not closed, more than 20 parts, a part without a name', async () => {
    const refused = (type: string | undefined, body: string) => {
      try {
        formParts(type, Buffer.from(body));
      } catch (error) {
        return fieldsOf(error);
      }
      return 'accepted';
    };
    expect(refused('multipart/form-data', '--x--')).toEqual(['body']);
    expect(
      refused('multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1'),
    ).toEqual(['body']);
    const many = Array.from(
      { length: 21 },
      (_, i) => `--x\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nv\r\n`,
    );
    expect(refused('multipart/form-data; boundary=x', `${many.join('')}--x--\r\n`)).toEqual(['body']);
    expect(refused('multipart/form-data; boundary=x', '--x\r\nContent-Type: text/plain\r\n\r\nv\r\n--x--')).toEqual([
      'body',
    ]);
    expect(refused('multipart/form-data; boundary=x', '--x--\r\n')).toEqual('accepted');
  });
});

describe("resendLayout: Resend's column map over the CSV reader", () => {
  it('reads the named columns in any order and case, names apart and together; other columns left alone', () => {
    const read = readImport(
      'Plan,E-Mail,Last,First\npro,ada@example.com,Lovelace,Ada\nfree,grace@example.com,,\n',
      checkImportRow,
      resendLayout({ email: 'e-mail', first_name: 'First', last_name: 'Last' }),
    );
    expect(read.rejected).toBe(0);
    expect(read.chunks).toEqual([
      [
        { email: 'ada@example.com', name: 'Ada Lovelace', metadata: {}, first_name: 'Ada', last_name: 'Lovelace' },
        { email: 'grace@example.com', name: null, metadata: {} },
      ],
    ]);
  });

  it('defaults to the columns email, first_name and last_name; a named column the header lacks is a 400', () => {
    const read = readImport('first_name,email\nAda,ada@example.com\n', checkImportRow, resendLayout({}));
    expect(read.chunks[0]).toEqual([{ email: 'ada@example.com', name: 'Ada', metadata: {}, first_name: 'Ada' }]);
    expect(() => readImport('mail\nada@example.com\n', checkImportRow, resendLayout({}))).toThrow(AppError);
    try {
      readImport('email\nada@example.com\n', checkImportRow, resendLayout({ last_name: 'surname' }));
      expect.unreachable('a column the header lacks');
    } catch (error) {
      expect((error as AppError).options.details).toEqual([
        { field: 'body', message: 'The header has no column surname' },
      ]);
    }
  });
});
