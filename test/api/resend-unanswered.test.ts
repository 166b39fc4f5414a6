import type { Resend } from 'resend';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyWith, newAccount, startService, type TestService } from '../support/service';
import { resendClient } from '../support/resend-account';

/**
 * docs/promises.md "Resend-compatible API": the parts of Resend the service does not have (OAuth grants,
 * inboxes, domain claims, shared emails) answer Resend's 404 `not_found` to every method of the SDK, so a
 * caller learns at once that they are missing, never a 405 or a 5xx (`POST /domains/claim` meets the path
 * of `domains.get`, `/domains/{id}`, and must not read as a known path with the wrong method).
 */
let service: TestService;
let resend: Resend;

beforeAll(async () => {
  service = await startService();
  const { accountId } = await newAccount('Resend unanswered');
  const key = await keyWith(accountId, ['mail', 'subscribers', 'campaigns', 'admin'], 100_000);
  resend = resendClient(service, key);
});
afterAll(() => service.close());

const id = '4ef9a417-02e9-4d39-ad75-9611e0fcc33c';
const inbox = { inboxId: id };
const thread = { ...inbox, threadId: id };

/** Every method of the areas, as a caller would call it (the options are the SDK's own types). */
const calls: Record<string, () => Promise<{ error: unknown }>> = {
  'oauthGrants.list': () => resend.oauthGrants.list(),
  'oauthGrants.revoke': () => resend.oauthGrants.revoke(id),
  'domains.claims.create': () => resend.domains.claims.create({ name: 'claimed.example.com' }),
  'domains.claims.get': () => resend.domains.claims.get(id),
  'domains.claims.verify': () => resend.domains.claims.verify(id),
  'emails.share': () => resend.emails.share(id, { expiresIn: 3600 } as never),
  'inboxes.create': () => resend.inboxes.create({ name: 'Support' } as never),
  'inboxes.list': () => resend.inboxes.list(),
  'inboxes.get': () => resend.inboxes.get(id),
  'inboxes.update': () => resend.inboxes.update(id, { name: 'Help' } as never),
  'inboxes.remove': () => resend.inboxes.remove(id),
  'inboxes.threads.list': () => resend.inboxes.threads.list(inbox as never),
  'inboxes.threads.search': () => resend.inboxes.threads.search({ ...inbox, query: 'x' } as never),
  'inboxes.threads.get': () => resend.inboxes.threads.get(thread as never),
  'inboxes.threads.update': () => resend.inboxes.threads.update({ ...thread, read: true } as never),
  'inboxes.threads.remove': () => resend.inboxes.threads.remove(thread as never),
  'inboxes.threads.emails.list': () => resend.inboxes.threads.emails.list(thread as never),
  'inboxes.threads.emails.get': () => resend.inboxes.threads.emails.get({ ...thread, emailId: id } as never),
  'inboxes.threads.emails.reply': () =>
    resend.inboxes.threads.emails.reply({ ...thread, emailId: id, text: 'hi' } as never),
  'inboxes.threads.emails.forward': () =>
    resend.inboxes.threads.emails.forward({ ...thread, emailId: id, to: ['a@example.com'] } as never),
  'inboxes.threads.labels.add': () => resend.inboxes.threads.labels.add({ ...thread, labels: ['x'] } as never),
  'inboxes.threads.labels.set': () => resend.inboxes.threads.labels.set({ ...thread, labels: ['x'] } as never),
  'inboxes.threads.labels.remove': () => resend.inboxes.threads.labels.remove({ ...thread, labelId: id } as never),
  'inboxes.labels.list': () => resend.inboxes.labels.list(inbox as never),
  'inboxes.labels.create': () => resend.inboxes.labels.create({ ...inbox, name: 'x' } as never),
  'inboxes.labels.update': () => resend.inboxes.labels.update({ ...inbox, labelId: id, name: 'y' } as never),
  'inboxes.labels.remove': () => resend.inboxes.labels.remove({ ...inbox, labelId: id } as never),
  'inboxes.drafts.list': () => resend.inboxes.drafts.list(inbox as never),
  'inboxes.drafts.create': () => resend.inboxes.drafts.create({ ...inbox, text: 'draft' } as never),
  'inboxes.drafts.get': () => resend.inboxes.drafts.get({ ...inbox, draftId: id } as never),
  'inboxes.drafts.update': () => resend.inboxes.drafts.update({ ...inbox, draftId: id, text: 'x' } as never),
  'inboxes.drafts.remove': () => resend.inboxes.drafts.remove({ ...inbox, draftId: id } as never),
  'inboxes.drafts.send': () => resend.inboxes.drafts.send({ ...inbox, draftId: id } as never),
  'inboxes.agent.get': () => resend.inboxes.agent.get(inbox as never),
  'inboxes.agent.update': () => resend.inboxes.agent.update({ ...inbox, enabled: false } as never),
};

describe('what the service does not answer', () => {
  it.each(Object.keys(calls))('%s is Resend’s 404 not_found', async (name) => {
    const { error } = await calls[name]();
    expect(error).toMatchObject({ statusCode: 404, name: 'not_found', message: expect.any(String) });
  });
});
