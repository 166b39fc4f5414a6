import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

/** Every TypeScript file of the unit tier, this one included. */
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );

const imports = (file: string) => [...readFileSync(file, 'utf8').matchAll(/from '([^']+)'/g)].map((match) => match[1]);

it('keeps the unit tier off adapters and SDK clients: the domain and in-memory ports only (testing guide)', () => {
  const offending = files(import.meta.dirname).flatMap((file) =>
    imports(file)
      .filter((source) => /\/adapters\/|^@aws-sdk\/|^nodemailer$/.test(source))
      .map((source) => `${file}: ${source}`),
  );
  expect(offending).toEqual([]);
});
