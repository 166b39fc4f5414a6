import { escapeHtml } from '../domain/escape-html';

/** The small pages of the unsubscribe routes: no script, no outside resource, a form that posts to the same link. */
const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>` +
  `<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#222}button{font-size:1rem;padding:.6rem 1.2rem}</style></head>` +
  `<body><h1>${escapeHtml(title)}</h1>${body}</body></html>`;

/** GET: asks, changes nothing. The form's body is the RFC 8058 one, so both ways in are one POST. */
export const confirmPage = () =>
  page(
    'Unsubscribe',
    `<p>Stop receiving these emails?</p><form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`,
  );

/** GET once the reader has left: nothing to ask, so no button (a second POST would change nothing anyway). */
export const alreadyLeftPage = () => page('You are already unsubscribed', '<p>You have already unsubscribed: you will not receive these emails any more.</p>');

export const donePage = () => page('You are unsubscribed', '<p>You will not receive these emails any more.</p>');

export const HTML_HEADERS = { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex', 'Referrer-Policy': 'no-referrer' };
