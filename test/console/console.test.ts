import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium as launcher, type Browser, type ConsoleMessage, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJobsAndDrain } from '../support/jobs';
import { mailTo } from '../support/mailbox';
import { receiverSetup } from '../support/receivers';
import { providerEvents, sendMany } from '../support/reputation';
import { client, keyWith, uniqueAddress, type Client } from '../support/service';
import { startTrackedService } from '../support/tracked-service';

/**
 * The web console in Debian's chromium (CI installs it through apt in .ci/run; CHROMIUM names
 * another), driven by playwright-core against the local service: one browser for the whole file.
 * Without chromium the file is skipped with a message. UPDATE_SCREENSHOTS=1 writes the README's
 * screenshots into docs/screenshots/.
 */
const chromium = [process.env.CHROMIUM, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((path): path is string => !!path && existsSync(path));
const NO_CHROMIUM = 'SKIPPED: chromium is not installed (apt-get install chromium; .ci/run installs it)';
const SCREENSHOTS = process.env.UPDATE_SCREENSHOTS === '1';
const NAVIGATION = ['Overview', 'Messages', 'Campaigns', 'Lists', 'Suppressions', 'Templates', 'Domains', 'Webhooks', 'API keys', 'Providers'];
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The page's globals as the callbacks below use them (this project's tsconfig has no DOM types). */
interface PageGlobals {
  document: { activeElement: { tagName: string; textContent: string | null } | null; cookie: string };
  sessionStorage: Record<string, string>;
  localStorage: { length: number };
  axe?: { run: (context: unknown, options: unknown) => Promise<{ violations: { id: string; help: string; nodes: { target: string[] }[] }[] }> };
}

let tracked: Awaited<ReturnType<typeof startTrackedService>>;
let api: Client;
let base: string;
let apiKey: string;
let browser: Browser;
let page: Page;
/** Every URL the page asked for, and what its console and uncaught errors said. */
const requested: string[] = [];
const consoleErrors: ConsoleMessage[] = [];
const pageErrors: string[] = [];
/** The API calls the service refused (4xx): the browser logs each as "Failed to load resource". */
const refused = new Set<string>();

/**
 * Console errors other than the browser's note of an API call the service refused on purpose (a page
 * asking for a route this server does not have yet, a form the route turned down): script errors,
 * CSP violations, failed loads of the console's own files.
 */
const unexpectedErrors = () => [
  ...pageErrors,
  ...consoleErrors
    .filter((message) => !(message.text().startsWith('Failed to load resource: the server responded with a status of 4') && refused.has(message.location().url)))
    .map((message) => `${message.text()} (${message.location().url})`),
];

const shot = async (name: string) => {
  if (!SCREENSHOTS) return;
  mkdirSync(new URL('../../docs/screenshots/', import.meta.url), { recursive: true });
  await page.screenshot({ path: new URL(`../../docs/screenshots/${name}.png`, import.meta.url).pathname, fullPage: true });
};

/** axe-core's A and AA rules (WCAG 2.0, 2.1, 2.2) on the page as it is now; the violations, named. */
const axeViolations = async () => {
  // Evaluated by the debugger protocol, which the page's Content-Security-Policy does not govern.
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(AXE);
  return page.evaluate(async () => {
    const { axe, document } = globalThis as unknown as PageGlobals;
    const result = await axe!.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'] } });
    return result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  });
};

/** Opens a page by its navigation link and waits until it has loaded what it shows. */
const open = async (name: string) => {
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name, exact: true }).click();
  await page.getByRole('heading', { level: 1, name, exact: true }).waitFor();
  await page.getByText('Loading…').first().waitFor({ state: 'detached' });
};

beforeAll(async () => {
  if (!chromium) return;
  tracked = await startTrackedService('Console');
  api = tracked.api;
  base = tracked.service.baseUrl;
  apiKey = await keyWith(tracked.accountId, ['mail', 'subscribers', 'campaigns', 'admin'], 100_000);
  browser = await launcher.launch({
    executablePath: chromium,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // No name resolves: should the console ask another host, the request is recorded and fails.
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
    ],
  });
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  page.on('request', (request) => requested.push(request.url()));
  page.on('response', (response) => {
    if (response.status() >= 400 && response.status() < 500 && response.url().startsWith(`${base}/api/v1/`)) refused.add(response.url());
  });
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message);
  });
  page.on('pageerror', (error) => pageErrors.push(String(error)));
}, 120_000);

const { hardBounces } = providerEvents(() => tracked.service);

afterAll(async () => {
  await browser?.close();
  await tracked?.close();
});

describe.skipIf(!chromium)(`the web console in a browser${chromium ? '' : ` (${NO_CHROMIUM})`}`, () => {
  it('signs in with an API key kept in session storage only; a wrong key is refused next to the field', async () => {
    await page.goto(`${base}/console`);
    const field = page.getByLabel('API key', { exact: true });
    await field.fill('esk_not-a-key');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
    // The route's own message, tied to the field it is about.
    const describedBy = (await field.getAttribute('aria-describedby'))!;
    expect(await page.locator(`[id="${describedBy.split(' ').pop()}"]`).textContent()).toBe('Invalid API key');

    await field.fill(apiKey);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    const navigation = page.getByRole('navigation', { name: 'Console' }).getByRole('link');
    expect(await navigation.allTextContents()).toEqual(NAVIGATION);
    expect(await page.evaluate(() => {
      const { sessionStorage, localStorage, document } = globalThis as unknown as PageGlobals;
      return { session: Object.values(sessionStorage), local: localStorage.length, cookie: document.cookie };
    })).toEqual({ session: [apiKey], local: 0, cookie: '' });

    // A reload keeps the tab signed in; how long the Overview takes to show its charts (reported, not
    // asserted: a shared machine's timings are noise), counted from the navigation's start.
    await page.reload();
    await page.locator('.chart canvas').nth(2).waitFor();
    const ms = await page.evaluate(() => (globalThis as unknown as { performance: { now(): number } }).performance.now());
    console.info(`console: the Overview showed its charts ${Math.round(ms)} ms after the navigation started`);
  }, 60_000);

  it('opens every page without a console error and without an axe-core A/AA violation', async () => {
    const violations: Record<string, string[]> = {};
    for (const name of NAVIGATION) {
      await open(name);
      violations[name] = await axeViolations();
    }
    // Routes the server has and whose pages are still to come: the page says which.
    for (const [name, route] of [['Templates', '/api/v1/templates'], ['Domains', '/api/v1/domains']]) {
      await open(name);
      await expect.poll(() => page.locator('main').textContent()).toContain(`This server answers GET ${route}, but this console cannot show it yet.`);
    }
    expect(violations).toEqual(Object.fromEntries(NAVIGATION.map((name) => [name, []])));
    expect(unexpectedErrors()).toEqual([]);
  }, 120_000);

  it('moves through the navigation with the keyboard, landing on the new page\'s heading', async () => {
    await open('Overview');
    const campaigns = page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Campaigns' });
    for (let i = 0; i < 20 && !(await campaigns.evaluate((link) => link === (globalThis as unknown as PageGlobals).document.activeElement)); i++) await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Campaigns' }).waitFor();
    await expect.poll(() => page.evaluate(() => (globalThis as unknown as PageGlobals).document.activeElement?.textContent)).toBe('Campaigns');
    expect(await page.evaluate(() => (globalThis as unknown as PageGlobals).document.activeElement?.tagName)).toBe('H1');
  }, 60_000);

  it('creates a list with subscribers and a campaign, shows what the route refuses next to its field, sends it, and its counters move', async () => {
    await open('Lists');
    await page.getByLabel('Name', { exact: true }).fill('Console readers');
    await page.getByRole('button', { name: 'Create list' }).click();
    await page.getByRole('link', { name: 'Console readers' }).click();
    await page.getByRole('heading', { name: /Console readers/ }).waitFor();
    for (const [email, name] of [[uniqueAddress('ada'), 'Ada'], [uniqueAddress('grace'), 'Grace']]) {
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByLabel('Name (optional)').fill(name);
      await page.getByRole('button', { name: 'Add subscriber' }).click();
      await page.getByRole('rowheader', { name: email }).waitFor();
    }

    await open('Campaigns');
    await page.getByLabel('Name', { exact: true }).fill('Spring news');
    await page.getByLabel('List', { exact: true }).selectOption({ label: 'Console readers (2)' });
    await page.getByLabel('HTML', { exact: true }).fill('<p>Hi {{name}}, here is what is new.</p>');
    // No subject: the route's message for `subject` is shown at the subject field, which gets the focus.
    await page.getByRole('button', { name: 'Create draft' }).click();
    const subject = page.getByLabel('Subject', { exact: true });
    await expect.poll(() => subject.getAttribute('aria-invalid')).toBe('true');
    expect(await subject.evaluate((input) => input === (globalThis as unknown as PageGlobals).document.activeElement)).toBe(true);
    expect(await page.locator('.field.invalid .field-error').textContent()).toMatch(/characters/);

    await subject.fill('Spring news for {{name}}');
    await page.getByRole('button', { name: 'Create draft' }).click();
    await page.getByRole('heading', { level: 2, name: 'Spring news' }).waitFor();
    const counter = (name: string) => page.locator(`dd[data-counter="${name}"]`);
    expect(await counter('recipients').textContent()).toBe('0');
    expect(await counter('sent').textContent()).toBe('0');

    await page.getByRole('button', { name: 'Send now' }).click();
    await page.getByRole('status').getByText('sending').waitFor();
    // The fan-out and the drain, as the job queue's trigger and the drainer run them in AWS.
    await runJobsAndDrain();
    // The view asks again every two seconds while the campaign sends: the counters move by themselves.
    await counter('sent').getByText('2', { exact: true }).waitFor({ timeout: 20_000 });
    expect(await counter('recipients').textContent()).toBe('2');
    await page.getByRole('status').getByText('sent', { exact: true }).waitFor({ timeout: 20_000 });
    expect(await axeViolations()).toEqual([]);
    await shot('campaign');
    expect(unexpectedErrors()).toEqual([]);
  }, 120_000);

  it('finds a message by its id and shows its events; the overview charts what was sent', async () => {
    const to = uniqueAddress('reader');
    const sent = await api.post('/api/v1/mail/send', { to, subject: 'Your receipt', html: '<p>Thanks. <a href="https://shop.example.com/orders">Your order</a></p>', text: 'Thanks' });
    expect(sent.status).toBe(200);
    // The reader opens it and follows its link: two events on the message's timeline.
    const [mail] = await mailTo(to);
    const reader = { redirect: 'manual', headers: { 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36' } } as const;
    for (const url of [/<img src="([^"]+)"/.exec(mail.body.html!)![1], /<a href="([^"]+)"/.exec(mail.body.html!)![1]]) expect((await fetch(url, reader)).status).toBeLessThan(400);
    await open('Messages');
    await page.getByLabel('Message id').fill(sent.body.data.message_id);
    await page.getByRole('button', { name: 'Look up' }).click();
    await page.getByRole('heading', { level: 2, name: 'Your receipt' }).waitFor();
    expect(await page.locator('.timeline li strong').allTextContents()).toEqual(['open', 'click']);
    await page.getByText('Not available on this server yet.').waitFor();
    expect(await axeViolations()).toEqual([]);
    await shot('messages');

    await open('Overview');
    await page.locator('.chart canvas').first().waitFor();
    expect(await page.locator('.chart').count()).toBe(3);
    // Three mails so far: the campaign's two and the receipt.
    expect(await page.locator('.figures div', { hasText: 'sent' }).locator('dd').textContent()).toBe('3');
    expect(unexpectedErrors()).toEqual([]);
  }, 60_000);

  it("shows a paused account's brake with its reason on the Overview, and Resume sending lifts it", async () => {
    // Another account, signed in anew: 100 sends, then 10 hard bounces from its provider, SES's pause line.
    const s = await receiverSetup(tracked.service);
    const key = await keyWith(s.accountId, ['mail', 'admin'], 100_000);
    const own = client(tracked.service, key);
    await sendMany(own, 100);
    await hardBounces(s, 10);
    expect((await own.get('/api/v1/stats')).body.data.sending.paused).toBe(true);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('API key', { exact: true }).fill(key);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    await page.getByText('Paused', { exact: true }).waitFor();
    expect(await page.locator('main').textContent()).toContain('10 hard bounces (10%)');
    await page.locator('.chart canvas').first().waitFor();
    expect(await axeViolations()).toEqual([]);
    await shot('overview');

    await page.getByRole('button', { name: 'Resume sending' }).click();
    await page.getByRole('button', { name: 'Resume now' }).click();
    await page.getByText('This account sends.').waitFor();
    expect((await own.get('/api/v1/stats')).body.data.sending).toMatchObject({ paused: false, resumed_at: expect.any(String) });
    expect(unexpectedErrors()).toEqual([]);
  }, 120_000);

  it('shows a new API key and a new webhook signing secret once, lists the key without its value, revokes it; a refused URL is shown at its field', async () => {
    await open('API keys');
    await page.getByLabel('Name', { exact: true }).fill('Reporting');
    await page.getByRole('group', { name: 'Permissions' }).getByLabel('mail', { exact: true }).check();
    await page.getByRole('button', { name: 'Create key' }).click();
    const shownKey = (await page.locator('.secret-value').textContent())!;
    expect(shownKey).toMatch(/^esk_/);
    // The key works, as the API answered it, and the list never shows it again.
    expect((await client(tracked.service, shownKey).get('/api/v1/stats')).status).toBe(200);
    await page.getByRole('button', { name: 'Done' }).click();
    expect(await page.locator('main').textContent()).not.toContain(shownKey);
    await page.getByRole('rowheader', { name: 'Reporting' }).waitFor();
    await page.getByRole('row', { name: /Reporting/ }).getByRole('button', { name: 'Revoke' }).click();
    await page.getByRole('button', { name: 'Revoke Reporting' }).click();
    await page.getByRole('rowheader', { name: 'Reporting' }).waitFor({ state: 'detached' });
    expect((await api.get('/api/v1/api-keys')).body.data.api_keys.map((key: { name: string }) => key.name)).not.toContain('Reporting');

    await open('Webhooks');
    const url = page.getByLabel('URL', { exact: true });
    await url.fill('ftp://hooks.example.com/in');
    await page.getByRole('group', { name: 'Events' }).getByLabel('email.sent').check();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await expect.poll(() => url.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('.field.invalid .field-error').textContent()).toMatch(/https/);
    await url.fill('https://hooks.example.com/in');
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    expect(await page.locator('.secret-value').textContent()).toMatch(/^whsec_/);
    await page.getByRole('rowheader', { name: 'https://hooks.example.com/in' }).waitFor();
    expect(await axeViolations()).toEqual([]);
    expect(unexpectedErrors()).toEqual([]);
  }, 60_000);

  it('lists suppressed addresses by reason, suppresses one and lifts it again', async () => {
    const bounced = uniqueAddress('console-bounced');
    await api.post('/api/v1/bounces', { email: bounced, bounce_type: 'hard' });
    // Signed in again with the first account's key (the brake test left another account's signed in).
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('API key', { exact: true }).fill(apiKey);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('navigation', { name: 'Console' }).waitFor();
    await open('Suppressions');
    await page.getByRole('rowheader', { name: bounced }).waitFor();
    const manual = uniqueAddress('console-manual');
    await page.getByLabel('Email address', { exact: true }).fill(manual);
    await page.getByRole('button', { name: 'Suppress' }).click();
    await page.getByRole('rowheader', { name: manual }).waitFor();
    expect((await api.post('/api/v1/mail/send', { to: manual, subject: 's', text: 't' })).body.error.code).toBe('RECIPIENT_SUPPRESSED');

    await page.getByLabel('Reason', { exact: true }).selectOption('hard_bounce');
    await page.getByRole('rowheader', { name: manual }).waitFor({ state: 'detached' });
    await page.getByRole('rowheader', { name: bounced }).waitFor();
    expect(await axeViolations()).toEqual([]);

    await page.getByLabel('Reason', { exact: true }).selectOption('manual');
    await page.getByRole('row', { name: new RegExp(manual) }).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('button', { name: `Let mail reach ${manual} again` }).click();
    await page.getByRole('rowheader', { name: manual }).waitFor({ state: 'detached' });
    expect((await api.post('/api/v1/mail/send', { to: manual, subject: 's', text: 't' })).status).toBe(200);
    expect(await axeViolations()).toEqual([]);
    expect(unexpectedErrors()).toEqual([]);
  }, 60_000);

  it('asked nothing of any other host', () => {
    expect(requested.length).toBeGreaterThan(10);
    expect(requested.filter((url) => !url.startsWith(`${base}/`))).toEqual([]);
  });
});

if (!chromium) console.warn(`test/console/console.test.ts: ${NO_CHROMIUM}`);
