import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * One of fauxqs's own modules, loaded by file path: the package's export map hides them. ES modules are
 * singletons per URL, so what is mended on the returned module is what the running emulator uses.
 */
export const fauxqsModule = async <T>(relativePath: string): Promise<{ module: Partial<T>; path: string }> => {
  const path = createRequire(import.meta.url)
    .resolve.paths('fauxqs')
    ?.map((folder) => join(folder, 'fauxqs', 'dist', relativePath))
    .find((candidate) => existsSync(candidate));
  if (!path)
    throw new Error(
      `fauxqs is not installed, or has no dist/${relativePath}: run npm ci, or check the local mends of fauxqs again`,
    );
  return { module: (await import(pathToFileURL(path).href)) as Partial<T>, path };
};
