import { createHash } from 'node:crypto';

/** The inline scripts of a page as written (`<script ...>` without `src`), read forward once with indexOf. */
const inlineScripts = (html: string) => {
  const scripts: string[] = [];
  for (let at = html.indexOf('<script'); at !== -1; ) {
    const open = html.indexOf('>', at);
    const close = open === -1 ? -1 : html.indexOf('</script>', open);
    if (close === -1) break;
    if (!/\ssrc\s*=/i.test(html.slice(at, open))) scripts.push(html.slice(open + 1, close));
    at = html.indexOf('<script', close);
  }
  return scripts;
};

/**
 * The reference page's Content-Security-Policy header (docs/promises.md): its own inline scripts
 * only, by hash (the page's meta policy allows any inline script; both must hold), nothing loaded
 * from anywhere, and never framed (`frame-ancestors`, which a meta policy cannot say). Redoc sets
 * styles inline and runs its search in a worker made from a blob.
 */
export const referencePagePolicy = (html: string) => {
  const hash = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
  const hashes = inlineScripts(html).map(hash);
  return [
    "default-src 'none'",
    `script-src ${hashes.join(' ') || "'none'"}`,
    "style-src 'unsafe-inline'",
    'img-src data: blob:',
    'font-src data:',
    "connect-src 'none'",
    'worker-src blob:',
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
};
