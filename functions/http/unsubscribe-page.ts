import { createHash } from 'node:crypto';
import type { TopicPreference } from '../domain/campaigns/preferences';
import type { UnsubscribeContext } from '../domain/campaigns/unsubscribe-context';
import { escapeHtml } from '../domain/escape-html';

const STYLE =
  'body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#222}' +
  'button{font-size:1rem;padding:.6rem 1.2rem}';

/** The small pages of the unsubscribe routes: no script, no outside resource, a form that posts to the same link. */
export const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" ` +
  `content="width=device-width,initial-scale=1"><meta name="robots" ` +
  `content="noindex"><title>${escapeHtml(title)}</title>` +
  `<style>${STYLE}</style></head>` +
  `<body><h1>${escapeHtml(title)}</h1>${body}</body></html>`;

/**
 * What the pages may do (docs/promises.md): their one style (by hash), a form posting to this service,
 * nothing else loaded or run, and never inside a frame, so no other site can lay the reader's
 * "Leave every list" button under its own (clickjacking); X-Frame-Options for browsers before CSP 2.
 */
const PAGE_POLICY = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** Names as the page shows them: escaped, and a neutral wording when the campaign or the list is gone. */
const senderOf = (context: UnsubscribeContext) => (context.sender ? escapeHtml(context.sender) : 'this sender');
const listOf = (context: UnsubscribeContext) =>
  context.topicName
    ? `the topic <strong>${escapeHtml(context.topicName)}</strong>`
    : context.listName
      ? `the list <strong>${escapeHtml(context.listName)}</strong>`
      : 'this list';

/**
 * One form, one POST: its body is the RFC 8058 one, so the page's "leave this list" and a mail
 * client's one-click are the same request; the second button adds `scope=all`.
 */
const leaveForm = (context: UnsubscribeContext, thisList: boolean) =>
  `<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click">` +
  (thisList ? `<button type="submit" name="scope" value="list">Leave ${listOf(context)}</button> ` : '') +
  `<button type="submit" name="scope" value="all">Leave every list of ${senderOf(context)}</button></form>`;

/** The link to the preference page: relative to the unsubscribe page's own (`/u/{token}`). */
const preferencesLink = (token: string) =>
  `<p><a href="${escapeHtml(encodeURIComponent(token))}/preferences">Choose your topics</a></p>`;

/** GET: asks, changes nothing. */
export const confirmPage = (context: UnsubscribeContext, token: string) =>
  page(
    'Unsubscribe',
    `<p>You receive this mail from ${senderOf(context)} as a subscriber of ${listOf(context)}. Stop receiving ` +
      `it?</p>${leaveForm(context, true)}${preferencesLink(token)}`,
  );

/** GET once the reader has left this list: says so, and still offers leaving every other list. */
export const alreadyLeftPage = (context: UnsubscribeContext, token: string) =>
  page(
    'You are already unsubscribed',
    `<p>You have already left ${listOf(context)} of ${senderOf(context)}: you will not receive its mail any ` +
      `more.</p>${leaveForm(context, false)}${preferencesLink(token)}`,
  );

export const donePage = (context: UnsubscribeContext, everyList: boolean) =>
  everyList
    ? page(
        'You are unsubscribed',
        `<p>You have left every list of ${senderOf(context)}: you will not receive its mail any more.</p>`,
      )
    : page(
        'You are unsubscribed',
        `<p>You have left ${listOf(context)} of ${senderOf(context)}: you will not receive its mail any more.</p>`,
      );

export const HTML_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-store',
  'X-Robots-Tag': 'noindex',
  'Referrer-Policy': 'no-referrer',
  'Content-Security-Policy': PAGE_POLICY,
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
};

/**
 * The preference page (`/u/{token}/preferences`): one checkbox a public topic, checked while the reader
 * takes it; the form posts the checked ids back to the same link.
 */
export const preferencesPage = (topics: TopicPreference[], saved: boolean) =>
  page(
    'Your topics',
    (saved ? '<p>Your choices are saved.</p>' : '') +
      (topics.length
        ? '<form method="post">' +
          topics
            .map(
              (t) =>
                `<p><label><input type="checkbox" name="topic" value="${escapeHtml(t.id)}"` +
                `${t.subscribed ? ' checked' : ''}> <strong>${escapeHtml(t.name)}</strong></label>` +
                `${t.description ? `<br>${escapeHtml(t.description)}` : ''}</p>`,
            )
            .join('') +
          '<button type="submit">Save</button></form>'
        : '<p>This sender offers no topics to choose from.</p>'),
  );
