import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium as launcher, type Browser, type ConsoleMessage, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Emulator } from '../../local/emulators';
import { startSesIdentitiesPeer } from '../../local/ses-identities-peer';
import type { SNSEvent } from 'aws-lambda';
import { messageUuid } from '../../functions/domain/mail/message-id';
import { handler as runAutomations } from '../../functions/handlers/automations';
import { handler as sesEvents } from '../../functions/handlers/ses-events';
import { startDnsServer } from '../support/dns-server';
import { drainOnce } from '../support/drain';
import { runJobsAndDrain } from '../support/jobs';
import { mailTo } from '../support/mailbox';
import { receiverSetup } from '../support/receivers';
import { providerEvents, sendMany } from '../support/reputation';
import { drainWebhooksUntil, startEndpoint } from '../support/webhooks';
import { client, keyWith, newAccount, uniqueAddress, type Client } from '../support/service';
import { startTrackedService } from '../support/tracked-service';

/**
 * The web console in Debian's chromium (CI installs it through apt in .ci/run; CHROMIUM names
 * another), driven by playwright-core against the local service: one browser for the whole file.
 * Without chromium the file is skipped with a message. UPDATE_SCREENSHOTS=1 writes the console guide's
 * screenshots into docs/screenshots/.
 */
const chromium = [process.env.CHROMIUM, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
  (path): path is string => !!path && existsSync(path),
);
const NO_CHROMIUM = 'SKIPPED: chromium is not installed (apt-get install chromium; .ci/run installs it)';
const SCREENSHOTS = process.env.UPDATE_SCREENSHOTS === '1';
const NAVIGATION = [
  'Overview',
  'Messages',
  'Campaigns',
  'Automations',
  'Events',
  'Lists',
  'Contacts',
  'Topics',
  'Suppressions',
  'Templates',
  'Domains',
  'Webhooks',
  'Tenants',
  'API keys',
  'Providers',
  'Request log',
  'Usage',
];
const BROWSER_ZONE = 'America/New_York';
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The page's globals as the callbacks below use them (this project's tsconfig has no DOM types). */
interface PageGlobals {
  document: { activeElement: { tagName: string; textContent: string | null } | null; cookie: string };
  sessionStorage: Record<string, string>;
  localStorage: { length: number };
  axe?: {
    run: (
      context: unknown,
      options: unknown,
    ) => Promise<{ violations: { id: string; help: string; nodes: { target: string[] }[] }[] }>;
  };
}

let tracked: Awaited<ReturnType<typeof startTrackedService>>;
/** The DNS server the domain look-ups ask, and the SES identity peer that reads it (as test/api/domains.test.ts). */
let dns: Awaited<ReturnType<typeof startDnsServer>>;
let ses: Emulator;
/** The run's own SES front (global-setup.ts), which the peer above passes what it does not answer on to. */
let sesUpstream: string;
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

/** The browser's note that a previewed mail's script was kept from running: what the sandboxed frame is for. */
const scriptKeptFromRunning = (message: ConsoleMessage) =>
  message.location().url === 'about:srcdoc' && /Blocked script execution|Refused to execute/.test(message.text());

/**
 * Console errors other than the browser's note of an API call the service refused on purpose (a page
 * asking for a route this server does not have yet, a form the route turned down): script errors,
 * CSP violations, failed loads of the console's own files.
 */
const unexpectedErrors = () => [
  ...pageErrors,
  ...consoleErrors
    .filter(
      (message) =>
        !(
          message.text().startsWith('Failed to load resource: the server responded with a status of 4') &&
          refused.has(message.location().url)
        ) && !scriptKeptFromRunning(message),
    )
    .map((message) => `${message.text()} (${message.location().url})`),
];

const shot = async (name: string) => {
  if (!SCREENSHOTS) return;
  mkdirSync(new URL('../../docs/screenshots/', import.meta.url), { recursive: true });
  await page.screenshot({
    path: new URL(`../../docs/screenshots/${name}.png`, import.meta.url).pathname,
    fullPage: true,
  });
};

/** axe-core's A and AA rules (WCAG 2.0, 2.1, 2.2) on the page as it is now; the violations, named. */
const axeViolations = async () => {
  // Evaluated by the debugger protocol, which the page's Content-Security-Policy does not govern.
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(AXE);
  return page.evaluate(async () => {
    const { axe, document } = globalThis as unknown as PageGlobals;
    const result = await axe!.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'] },
    });
    return result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  });
};

/** Opens a page by its navigation link and waits until it has loaded what it shows. */
const open = async (name: string) => {
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name, exact: true }).click();
  await page.getByRole('heading', { level: 1, name, exact: true }).waitFor();
  await page.getByText('Loading…').first().waitFor({ state: 'detached' });
};

/** Signs the tab out and in again with `key`, landing on the view the address names. */
const signInAs = async (key: string) => {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByLabel('API key', { exact: true }).fill(key);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Console' }).waitFor();
};

beforeAll(async () => {
  if (!chromium) return;
  dns = await startDnsServer();
  process.env.DNS_SERVERS = dns.address;
  sesUpstream = process.env.AWS_ENDPOINT_URL_SESV2!;
  ses = await startSesIdentitiesPeer({ port: 0, ses: sesUpstream });
  process.env.AWS_ENDPOINT_URL_SESV2 = ses.endpoint;
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
  // A browser in New York: the API's times are UTC, and the console shows them in the browser's zone.
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    timezoneId: BROWSER_ZONE,
    locale: 'en-US',
  });
  // The Copy buttons write to the clipboard, as a person's click would be allowed to.
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
  page = await context.newPage();
  page.on('request', (request) => requested.push(request.url()));
  page.on('response', (response) => {
    if (response.status() >= 400 && response.status() < 500 && response.url().startsWith(`${base}/api/v1/`))
      refused.add(response.url());
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
  await ses?.stop();
  dns?.close();
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
    expect(
      await page.evaluate(() => {
        const { sessionStorage, localStorage, document } = globalThis as unknown as PageGlobals;
        return { session: Object.values(sessionStorage), local: localStorage.length, cookie: document.cookie };
      }),
    ).toEqual({ session: [apiKey], local: 0, cookie: '' });

    // A reload keeps the tab signed in; how long the Overview takes to show its charts (reported, not
    // asserted: a shared machine's timings are noise), counted from the navigation's start.
    await page.reload();
    await page.locator('.chart canvas').nth(2).waitFor();
    const ms = await page.evaluate(() =>
      (globalThis as unknown as { performance: { now(): number } }).performance.now(),
    );
    console.info(`console: the Overview showed its charts ${Math.round(ms)} ms after the navigation started`);
  }, 60_000);

  it('opens every page without a console error and without an axe-core A/AA violation', async () => {
    const violations: Record<string, string[]> = {};
    for (const name of NAVIGATION) {
      await open(name);
      violations[name] = await axeViolations();
    }
    // The pages whose routes the server has show them, empty for a new account.
    for (const [name, empty] of [
      ['Templates', 'No templates yet.'],
      ['Domains', 'No domains yet'],
    ]) {
      await open(name);
      await page.getByText(empty).waitFor();
    }
    expect(violations).toEqual(Object.fromEntries(NAVIGATION.map((name) => [name, []])));
    expect(unexpectedErrors()).toEqual([]);
  }, 120_000);

  it("moves through the navigation with the keyboard, landing on the new page's heading", async () => {
    await open('Overview');
    const campaigns = page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Campaigns' });
    for (
      let i = 0;
      i < 20 &&
      !(await campaigns.evaluate((link) => link === (globalThis as unknown as PageGlobals).document.activeElement));
      i++
    )
      await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Campaigns' }).waitFor();
    await expect
      .poll(() => page.evaluate(() => (globalThis as unknown as PageGlobals).document.activeElement?.textContent))
      .toBe('Campaigns');
    expect(await page.evaluate(() => (globalThis as unknown as PageGlobals).document.activeElement?.tagName)).toBe(
      'H1',
    );
  }, 60_000);

  it("shows a message sent now at the browser's local time (the API's zoneless UTC read as UTC)", async () => {
    const before = Date.now();
    const sent = await api.post('/api/v1/mail/send', { to: uniqueAddress('zone'), subject: 'Zone check', text: 'Hi' });
    expect(sent.status).toBe(200);
    const { created_at } = (await api.get(`/api/v1/mail/status/${encodeURIComponent(sent.body.data.message_id)}`)).body
      .data.message;
    // As New York writes the instant the API recorded, which is now (UTC, with or without a zone suffix).
    const at = new Date(/Z$|[+-]\d\d:\d\d$/.test(created_at) ? created_at : `${created_at}Z`);
    expect(Math.abs(at.getTime() - before)).toBeLessThan(60_000);
    const local = at.toLocaleString('en-US', { timeZone: BROWSER_ZONE, dateStyle: 'medium', timeStyle: 'short' });
    await open('Messages');
    await page.getByLabel('Message id').fill(sent.body.data.message_id);
    await page.getByRole('button', { name: 'Look up' }).click();
    await page.getByRole('heading', { level: 2, name: 'Zone check' }).waitFor();
    const facts = page.locator('.facts').first();
    expect(await facts.locator('dt:has-text("Created") + dd').textContent()).toBe(local);
    expect(
      await page
        .getByRole('row', { name: /Zone check/ })
        .locator('td')
        .nth(2)
        .textContent(),
    ).toBe(local);
  }, 60_000);

  it('creates a list with subscribers and a campaign, shows what the route refuses next to its field, sends it, ' +
    'and its counters move', async () => {
    await open('Lists');
    await page.getByLabel('Name', { exact: true }).fill('Console readers');
    await page.getByRole('button', { name: 'Create list' }).click();
    await page.getByRole('link', { name: 'Console readers' }).click();
    await page.getByRole('heading', { name: /Console readers/ }).waitFor();
    for (const [email, name] of [
      [uniqueAddress('ada'), 'Ada'],
      [uniqueAddress('grace'), 'Grace'],
    ]) {
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
    expect(
      await subject.evaluate((input) => input === (globalThis as unknown as PageGlobals).document.activeElement),
    ).toBe(true);
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

  it('creates a template (a syntax error shown at its field with the position), previews it with variables as they ' +
    'are typed, edits and deletes it', async () => {
    await open('Templates');
    await page.getByLabel('Name', { exact: true }).fill('Receipt');
    await page.getByLabel('Subject', { exact: true }).fill('Your order {{order_id}}');
    const html = page.getByLabel('HTML', { exact: true });
    await html.fill('<p>Thanks {{name}</p>');
    await page.getByRole('button', { name: 'Create template' }).click();
    await expect.poll(() => html.getAttribute('aria-invalid')).toBe('true');
    await expect
      .poll(() => html.evaluate((input) => input === (globalThis as unknown as PageGlobals).document.activeElement))
      .toBe(true);
    expect(await page.locator('.field.invalid .field-error').textContent()).toMatch(
      /^Template syntax error: .* at \d+$/,
    );

    await html.fill('<p>Thanks {{name}}!</p>{{#vip}}<p>VIP</p>{{/vip}}');
    await page.getByRole('button', { name: 'Create template' }).click();
    await page.getByRole('heading', { level: 2, name: 'Receipt' }).waitFor();
    expect(await page.locator('[data-variables]').textContent()).toBe('order_id, name, vip');

    // The preview follows the variables as they are typed; a field that is not JSON says so at the field.
    const variables = page.getByLabel('Variables (JSON)');
    await variables.fill('{"name": "Ada", "order_id": "A-17"');
    await expect.poll(() => variables.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('.field.invalid .field-error').textContent()).toMatch(/^Not JSON/);
    await variables.fill('{"name": "Ada & Bob", "order_id": "A-17", "vip": true}');
    // The preview asks the server after a pause in the typing: on a loaded machine, longer than poll's second.
    await expect
      .poll(() => page.locator('[data-preview="html"]').textContent(), { timeout: 10_000 })
      .toBe('<p>Thanks Ada &amp; Bob!</p><p>VIP</p>');
    expect(await page.locator('[data-preview="subject"]').textContent()).toBe('Your order A-17');
    expect(await variables.getAttribute('aria-invalid')).toBeNull();
    expect(await axeViolations()).toEqual([]);

    // A saved edit changes what the API reads and what the preview shows.
    await page.getByLabel('Subject', { exact: true }).fill('Order {{order_id}} for {{name}}');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved.').waitFor();
    await expect.poll(() => page.locator('[data-preview="subject"]').textContent()).toBe('Order A-17 for Ada & Bob');

    await page.getByRole('button', { name: 'Delete template' }).click();
    await page.getByRole('button', { name: 'Delete for good' }).click();
    await page.getByRole('heading', { level: 2, name: 'All templates' }).waitFor();
    await page.getByText('No templates yet.').waitFor();
    expect((await api.get('/api/v1/templates')).body.data.templates).toEqual([]);
    expect(unexpectedErrors()).toEqual([]);
  }, 60_000);

  it("previews a template's and a campaign's HTML rendered in a sandboxed frame that runs none of its " +
    'scripts', async () => {
    // Were the script to run, the heading would say so.
    const html = '<h1>Hello {{name}}</h1><script>document.querySelector("h1").textContent = "script ran"</script>';
    const template = await api.post('/api/v1/templates', { name: 'Scripted', subject: 'Hi', html });
    expect(template.status).toBe(201);
    await page.goto(`${base}/console#/templates/${template.body.data.id}`);
    await page.getByRole('heading', { level: 2, name: 'Scripted' }).waitFor();
    await page.getByLabel('Variables (JSON)').fill('{"name": "Ada"}');
    const frame = page.locator('iframe[data-preview="frame"]');
    // Sandboxed with no permission at all: no allow-scripts, no allow-same-origin.
    expect(await frame.getAttribute('sandbox')).toBe('');
    await expect
      .poll(() => page.frameLocator('iframe[data-preview="frame"]').locator('h1').textContent(), { timeout: 10_000 })
      .toBe('Hello Ada');
    expect(await axeViolations()).toEqual([]);

    const list = await api.post('/api/v1/lists', { name: 'Preview readers' });
    const campaign = await api.post('/api/v1/campaigns', {
      name: 'Scripted letter',
      list_id: list.body.data.id,
      subject: 'Hi',
      html: html.replace('{{name}}', 'readers'),
    });
    expect(campaign.status).toBe(201);
    await page.goto(`${base}/console#/campaigns/${campaign.body.data.id}`);
    await page.getByRole('heading', { level: 2, name: 'Scripted letter' }).waitFor();
    expect(await frame.getAttribute('sandbox')).toBe('');
    await expect
      .poll(() => page.frameLocator('iframe[data-preview="frame"]').locator('h1').textContent(), { timeout: 10_000 })
      .toBe('Hello readers');
    expect(await axeViolations()).toEqual([]);
    expect(unexpectedErrors()).toEqual([]);
  }, 60_000);

  it('edits a provider and a campaign draft in the console; the API reads back each change', async () => {
    await open('Providers');
    const [provider] = (await api.get('/api/v1/providers')).body.data.providers;
    await page.getByRole('button', { name: `Edit ${provider.name}` }).click();
    const editor = page.getByRole('region', { name: `Edit ${provider.name}` });
    await editor.getByLabel('From name (optional)').fill('Console Sender');
    await editor.getByLabel('Sends per hour (optional)').fill('90000');
    expect(await axeViolations()).toEqual([]);
    await editor.getByRole('button', { name: 'Save provider' }).click();
    await page.getByRole('status').getByText(`Saved ${provider.name}.`).waitFor();
    expect((await api.get(`/api/v1/providers/${provider.id}`)).body.data).toMatchObject({
      from_name: 'Console Sender',
      hourly_limit: 90_000,
      from_email: provider.from_email,
    });

    const list = await api.post('/api/v1/lists', { name: 'Draft readers' });
    const draft = await api.post('/api/v1/campaigns', {
      name: 'Autumn draft',
      list_id: list.body.data.id,
      subject: 'Autumn',
      html: '<p>Autumn</p>',
    });
    await page.goto(`${base}/console#/campaigns/${draft.body.data.id}`);
    const edit = page.getByRole('region', { name: 'Edit draft' });
    await edit.waitFor();
    await edit.getByLabel('Name', { exact: true }).fill('Autumn letter');
    await edit.getByLabel('Subject', { exact: true }).fill('Autumn is here, {{name}}');
    await edit.getByLabel('HTML', { exact: true }).fill('<h1>Autumn</h1>');
    expect(await axeViolations()).toEqual([]);
    await edit.getByRole('button', { name: 'Save draft' }).click();
    await page.getByRole('heading', { level: 2, name: 'Autumn letter' }).waitFor();
    expect((await api.get(`/api/v1/campaigns/${draft.body.data.id}`)).body.data).toMatchObject({
      name: 'Autumn letter',
      subject: 'Autumn is here, {{name}}',
      html: '<h1>Autumn</h1>',
      status: 'draft',
    });
    expect(unexpectedErrors()).toEqual([]);
  }, 60_000);

  it('creates a campaign from a template with its variables (a variables field that is not JSON is refused at the ' +
    'field)', async () => {
    const template = await api.post('/api/v1/templates', {
      name: 'Monthly letter',
      subject: '{{month}} news for {{name}}',
      html: '<p>Hi {{name}}, {{month}} is here.</p><a href="{{unsubscribe_url}}">Leave</a>',
    });
    expect(template.status).toBe(201);
    await open('Campaigns');
    await page.getByLabel('Name', { exact: true }).fill('May letter');
    await page.getByLabel('List', { exact: true }).selectOption({ label: 'Console readers (2)' });
    await page.getByRole('group', { name: 'Content' }).getByLabel('From a template').check();
    await page.getByLabel('Template', { exact: true }).selectOption({ label: 'Monthly letter' });
    await expect.poll(() => page.locator('main').textContent()).toContain('Monthly letter reads month, name');
    const variables = page.getByLabel('Variables (JSON, optional)');
    await variables.fill("{month: 'May'}");
    await page.getByRole('button', { name: 'Create draft' }).click();
    await expect.poll(() => variables.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('.field.invalid').count()).toBe(1);
    expect(await page.locator('.field.invalid .field-error').textContent()).toMatch(/^Not JSON/);
    await variables.fill('{"month": "May"}');
    await page.getByRole('button', { name: 'Create draft' }).click();
    await page.getByRole('heading', { level: 2, name: 'May letter' }).waitFor();
    expect(await page.getByRole('link', { name: 'Monthly letter' }).getAttribute('href')).toBe(
      `#/templates/${template.body.data.id}`,
    );
    expect(await page.locator('main').textContent()).toContain('{"month":"May"}');
    const [created] = (await api.get('/api/v1/campaigns')).body.data.campaigns;
    expect(created).toMatchObject({
      name: 'May letter',
      template_id: template.body.data.id,
      variables: { month: 'May' },
    });
    expect(await axeViolations()).toEqual([]);
    expect(unexpectedErrors()).toEqual([]);
  }, 60_000);

  it('finds a message by its id and shows its events; the overview charts what was sent', async () => {
    const to = uniqueAddress('reader');
    const sent = await api.post('/api/v1/mail/send', {
      to,
      subject: 'Your receipt',
      html: '<p>Thanks. <a href="https://shop.example.com/orders">Your order</a></p>',
      text: 'Thanks',
    });
    expect(sent.status).toBe(200);
    // The reader opens it and follows its link: two events on the message's timeline.
    const [mail] = await mailTo(to);
    const reader = {
      redirect: 'manual',
      headers: { 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36' },
    } as const;
    for (const url of [/<img src="([^"]+)"/.exec(mail.body.html!)![1], /<a href="([^"]+)"/.exec(mail.body.html!)![1]])
      expect((await fetch(url, reader)).status).toBeLessThan(400);
    await open('Messages');
    await page.getByLabel('Message id').fill(sent.body.data.message_id);
    await page.getByRole('button', { name: 'Look up' }).click();
    await page.getByRole('heading', { level: 2, name: 'Your receipt' }).waitFor();
    // The message's whole life, oldest first, each moment with its time: sent included.
    expect(await page.locator('.timeline li strong').allTextContents()).toEqual(['accepted', 'sent', 'open', 'click']);
    const times = await page
      .locator('.timeline li time')
      .evaluateAll((nodes) => nodes.map((node) => (node as unknown as { dateTime: string }).dateTime));
    expect(times.every((time, i) => !Number.isNaN(Date.parse(time)) && (i === 0 || time >= times[i - 1]))).toBe(true);
    expect(await page.locator('.timeline li time').first().textContent()).toMatch(/\d:\d\d/);
    // Its body as sent (kept: message.html), rendered in the sandboxed frame, which runs no script; the
    // text in a tab of its own.
    expect(await page.locator('iframe[data-preview="frame"]').getAttribute('sandbox')).toBe('');
    await expect
      .poll(() => page.frameLocator('iframe[data-preview="frame"]').locator('a').textContent())
      .toBe('Your order');
    await page.getByRole('tab', { name: 'Plain text' }).click();
    expect(await page.locator('[data-body="text"]').textContent()).toBe('Thanks');
    expect(await page.locator('iframe[data-preview="frame"]').count()).toBe(0);
    expect(await axeViolations()).toEqual([]);
    await shot('messages');
    // A message whose body is not kept (MESSAGE_RETENTION_DAYS=0) says so.
    process.env.MESSAGE_RETENTION_DAYS = '0';
    const unkept = await api.post('/api/v1/mail/send', { to: uniqueAddress(), subject: 'Not kept', text: 'gone' });
    delete process.env.MESSAGE_RETENTION_DAYS;
    await page.getByLabel('Message id').fill(unkept.body.data.message_id);
    await page.getByRole('button', { name: 'Look up' }).click();
    await page.getByRole('heading', { level: 2, name: 'Not kept' }).waitFor();
    await page.getByText('The body of this message is not kept.').waitFor();

    await open('Overview');
    await page.locator('.chart canvas').first().waitFor();
    expect(await page.locator('.chart').count()).toBe(3);
    // The eight figures sit in full rows: no card left alone on a row of its own.
    const tops = await page
      .locator('.figures div')
      .evaluateAll((cards) => cards.map((card) => (card as unknown as { offsetTop: number }).offsetTop));
    const rows = [...new Set(tops)].map((top) => tops.filter((t) => t === top).length);
    expect(rows.every((n) => n === rows[0])).toBe(true);
    // Five mails so far: the campaign's two, the zone check, the receipt and the one whose body is not kept.
    expect(await page.locator('.figures div', { hasText: 'sent' }).locator('dd').textContent()).toBe('5');
    expect(unexpectedErrors()).toEqual([]);
  }, 60_000);

  it('lists the message log with its filters and pages, each message by its subject, opening its events; a 100-row ' +
    'page renders in under 100 ms', async () => {
    const welcomed = uniqueAddress('welcomed');
    const welcome = await api.post('/api/v1/mail/send', {
      to: welcomed,
      subject: 'Welcome aboard',
      text: 'Hi',
      tags: ['welcome'],
    });
    expect(welcome.status).toBe(200);
    const digest = await api.post('/api/v1/mail/send-batch', {
      messages: Array.from({ length: 100 }, (_, i) => ({
        to: uniqueAddress('digest'),
        subject: `Digest ${i}`,
        text: 'Hi',
        tags: ['digest'],
      })),
    });
    expect(digest.body.data.queued).toBe(100);
    await runJobsAndDrain();

    await open('Messages');
    const rows = page.locator('table.message-log tbody tr');
    // Newest first: the digest's 100 fill the first page, and the older mail is on the next.
    await expect.poll(() => rows.count()).toBe(100);
    await page.getByRole('navigation', { name: 'Message pages' }).getByRole('button', { name: 'Next page' }).click();
    await page.getByRole('link', { name: 'Welcome aboard' }).waitFor();
    expect(await page.getByRole('link', { name: 'Your receipt' }).count()).toBe(1);
    await page
      .getByRole('navigation', { name: 'Message pages' })
      .getByRole('button', { name: 'Previous page' })
      .click();
    await expect.poll(() => rows.count()).toBe(100);

    // A filter the route refuses is shown at its field.
    const recipient = page.getByLabel('Recipient', { exact: true });
    await recipient.fill('not-an-address');
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect.poll(() => recipient.getAttribute('aria-invalid')).toBe('true');
    await recipient.fill(welcomed);
    await page.getByLabel('Tag', { exact: true }).fill('welcome');
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().locator('th').textContent()).toBe('Welcome aboard');
    expect(await recipient.getAttribute('aria-invalid')).toBeNull();

    // The render of a 100-row page, timed in the page: from the moment the app reads the answer's
    // body (fetch wrapped) to the moment the 100th row is in the document (a MutationObserver).
    await recipient.fill('');
    await page.getByLabel('Tag', { exact: true }).fill('digest');
    await page.evaluate(() => {
      type Timing = { start?: number; end?: number };
      const g = globalThis as unknown as {
        fetch: (...args: unknown[]) => Promise<{ text(): Promise<string> }>;
        performance: { now(): number };
        document: { querySelectorAll(selector: string): { length: number }; body: unknown };
        MutationObserver: new (
          callback: () => void,
        ) => { observe(target: unknown, options: unknown): void; disconnect(): void };
        renderTiming: Timing;
      };
      const timing: Timing = {};
      g.renderTiming = timing;
      const original = g.fetch;
      g.fetch = async (...args: unknown[]) => {
        const response = await original(...args);
        if (!String(args[0]).includes('/api/v1/mail?')) return response;
        const read = response.text.bind(response);
        return Object.assign(response, {
          text: () =>
            read().then((body) => {
              timing.start = g.performance.now();
              return body;
            }),
        });
      };
      const observer = new g.MutationObserver(() => {
        if (timing.start !== undefined && g.document.querySelectorAll('table.message-log tbody tr').length === 100) {
          timing.end = g.performance.now();
          observer.disconnect();
        }
      });
      observer.observe(g.document.body, { childList: true, subtree: true });
    });
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect.poll(() => rows.count()).toBe(100);
    const timing = await page.evaluate(
      () => (globalThis as unknown as { renderTiming: { start: number; end: number } }).renderTiming,
    );
    const ms = timing.end - timing.start;
    console.info(
      `console: a 100-row message page rendered in ${ms.toFixed(1)} ms (answer read to rows in the document)`,
    );
    expect(ms).toBeLessThan(100);
    expect(await axeViolations()).toEqual([]);

    // A message of the log opens with its events.
    await page.getByRole('link', { name: 'Digest 7', exact: true }).click();
    await page.getByRole('heading', { level: 2, name: 'Digest 7' }).waitFor();
    expect(await page.locator('.facts').first().textContent()).toContain('sent');
    expect(unexpectedErrors()).toEqual([]);
  }, 120_000);

  it("shows a paused account's brake with its reason on the Overview, and Resume sending lifts it", async () => {
    // Another account, signed in anew: 100 sends, then 10 hard bounces from its provider, SES's pause line.
    const s = await receiverSetup(tracked.service);
    const key = await keyWith(s.accountId, ['mail', 'admin'], 100_000);
    const own = client(tracked.service, key);
    await sendMany(own, 100);
    await hardBounces(s, 10);
    expect((await own.get('/api/v1/stats')).body.data.sending.paused).toBe(true);

    // Signed out from the Overview: signing in again shows the view the address names.
    await open('Overview');
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
    expect((await own.get('/api/v1/stats')).body.data.sending).toMatchObject({
      paused: false,
      resumed_at: expect.any(String),
    });
    expect(unexpectedErrors()).toEqual([]);
  }, 120_000);

  it('shows a new API key and a new webhook signing secret once, lists the key without its value, revokes it; a ' +
    'refused URL is shown at its field', async () => {
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
    await page
      .getByRole('row', { name: /Reporting/ })
      .getByRole('button', { name: 'Revoke' })
      .click();
    await page.getByRole('button', { name: 'Revoke Reporting' }).click();
    await page.getByRole('rowheader', { name: 'Reporting' }).waitFor({ state: 'detached' });
    expect(
      (await api.get('/api/v1/api-keys')).body.data.api_keys.map((key: { name: string }) => key.name),
    ).not.toContain('Reporting');

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

  it('edits a webhook endpoint in the console (URL, events, disabled); the API reads back each change', async () => {
    const created = await api.post('/api/v1/webhook-endpoints', {
      url: 'https://hooks.example.com/before-edit',
      events: ['email.sent'],
    });
    expect(created.status).toBe(201);
    // Signed in again with the first account's key (the brake test left another account's signed in).
    await signInAs(apiKey);
    await open('Webhooks');
    await page.getByRole('button', { name: 'Edit https://hooks.example.com/before-edit' }).click();
    const editor = page.getByRole('region', { name: 'Edit endpoint' });
    const url = editor.getByLabel('URL', { exact: true });
    expect(await url.inputValue()).toBe('https://hooks.example.com/before-edit');
    expect(await editor.getByLabel('email.sent').isChecked()).toBe(true);
    // A URL the route refuses is shown at its field, and nothing changes.
    await url.fill('http://hooks.example.com/plain');
    await editor.getByRole('button', { name: 'Save endpoint' }).click();
    await expect.poll(() => url.getAttribute('aria-invalid')).toBe('true');
    expect(await editor.locator('.field.invalid .field-error').textContent()).toMatch(/https/);

    await url.fill('https://hooks.example.com/after-edit');
    await editor.getByLabel('email.sent').uncheck();
    await editor.getByLabel('email.bounced').check();
    await editor.getByLabel('email.delivered').check();
    await editor.getByLabel('Enabled', { exact: true }).uncheck();
    expect(await axeViolations()).toEqual([]);
    await editor.getByRole('button', { name: 'Save endpoint' }).click();
    await page.getByRole('status').getByText('Saved https://hooks.example.com/after-edit.').waitFor();
    expect((await api.get(`/api/v1/webhook-endpoints/${created.body.data.id}`)).body.data).toEqual({
      id: created.body.data.id,
      url: 'https://hooks.example.com/after-edit',
      events: ['email.delivered', 'email.bounced'],
      enabled: false,
      created_at: created.body.data.created_at,
    });
    await page.getByRole('rowheader', { name: 'https://hooks.example.com/after-edit disabled' }).waitFor();
    expect(await axeViolations()).toEqual([]);
    expect(unexpectedErrors()).toEqual([]);
  }, 60_000);

  it('creates a double opt-in list and fills it from a CSV file; the report counts the rows and names each ' +
    'rejected one with its reason', async () => {
    await open('Lists');
    await page.getByLabel('Name', { exact: true }).fill('Confirmed readers');
    await page.getByLabel('Double opt-in', { exact: true }).check();
    expect(await axeViolations()).toEqual([]);
    await page.getByRole('button', { name: 'Create list' }).click();
    await page.getByRole('link', { name: 'Confirmed readers' }).click();
    await page.getByRole('heading', { name: /Confirmed readers/ }).waitFor();
    await page.locator('[data-double-opt-in]').waitFor();
    const lists = (await api.get('/api/v1/lists?limit=100')).body.data.lists as { id: string; name: string }[];
    const list = (await api.get(`/api/v1/lists/${lists.find((l) => l.name === 'Confirmed readers')!.id}`)).body.data;
    expect(list.double_opt_in).toBe(true);

    const [ada, grace] = [uniqueAddress('csv-ada'), uniqueAddress('csv-grace')];
    const csv = [
      'email,name,plan',
      `${ada},Ada Lovelace,pro`,
      `"${grace}","Hopper, Grace",free`,
      'not-an-address,Nobody,free',
      `${ada.toUpperCase()},Ada again,pro`,
      '',
    ].join('\r\n');
    await page
      .getByLabel('CSV file', { exact: true })
      .setInputFiles({ name: 'readers.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.locator('[data-import]').waitFor();
    // The import runs through the job queue, as its trigger runs it in AWS; the report follows it.
    await runJobsAndDrain();
    await page.locator('[data-import="done"]').waitFor({ timeout: 20_000 });
    const counted = async (name: string) => page.locator(`dd[data-count="${name}"]`).textContent();
    expect([
      await counted('rows'),
      await counted('imported'),
      await counted('duplicates'),
      await counted('suppressed'),
      await counted('rejected'),
    ]).toEqual(['4', '2', '1', '0', '1']);
    const rejected = await page
      .locator('table.rejected-rows tbody tr')
      .evaluateAll((rows) =>
        rows.map((row) =>
          [...(row as unknown as { cells: { textContent: string }[] }).cells].map((cell) => cell.textContent),
        ),
      );
    expect(rejected).toHaveLength(1);
    expect(rejected[0].slice(0, 2)).toEqual(['3', 'not-an-address']);
    expect(rejected[0][2]).toMatch(/^email: /);
    // The list shows its new subscribers, and the API reads them in it.
    await page.getByRole('rowheader', { name: grace }).waitFor();
    const members = (await api.get(`/api/v1/subscribers?list_id=${list.id}`)).body.data.subscribers as {
      email: string;
      name: string | null;
      status: string;
    }[];
    expect(
      members.map(({ email, name, status }) => ({ email, name, status })).sort((a, b) => (a.email < b.email ? -1 : 1)),
    ).toEqual([
      { email: ada, name: 'Ada Lovelace', status: 'subscribed' },
      { email: grace, name: 'Hopper, Grace', status: 'subscribed' },
    ]);
    expect(await axeViolations()).toEqual([]);
    expect(unexpectedErrors()).toEqual([]);
  }, 90_000);

  it('says when a rate-limited page retries ("retrying in N s") and retries it by itself', async () => {
    const limited = await keyWith(tracked.accountId, ['mail', 'subscribers', 'campaigns', 'admin'], 20);
    const ask = () => fetch(`${base}/api/v1/lists`, { headers: { Authorization: `Bearer ${limited}` } });
    // The window is a fixed minute: start when 15 to 30 s of it are left, so that the sign-in fits in it and
    // the wait for the next one stays short.
    const reset = Number((await ask()).headers.get('ratelimit-reset'));
    const wait = reset > 30 ? reset - 30 : reset < 15 ? reset + 31 : 0;
    await new Promise((resolve) => setTimeout(resolve, wait * 1000));
    await signInAs(limited);
    // What is left of the key's window goes elsewhere: the page's next call is refused with 429.
    let answer: Response;
    do answer = await ask();
    while (answer.status !== 429);
    const retryAfter = Number(answer.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);

    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Suppressions' }).click();
    const notice = page.locator('.rate-limit.notice');
    await notice.waitFor();
    expect(await notice.textContent()).toMatch(/retrying in \d+ s/);
    expect(await notice.getAttribute('role')).toBe('status');
    expect(await axeViolations()).toEqual([]);
    // Once the window has passed, the page asks again and shows what it loaded; the notice goes.
    await page
      .getByText('Loading…')
      .first()
      .waitFor({ state: 'detached', timeout: (retryAfter + 15) * 1000 });
    await page.getByRole('heading', { level: 2, name: 'Suppressed addresses' }).waitFor();
    await notice.waitFor({ state: 'detached' });
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(unexpectedErrors()).toEqual([]);
    await signInAs(apiKey);
  }, 150_000);

  it('says on the Overview that a new account has no provider yet, with a link to add one', async () => {
    const fresh = await newAccount('Console newcomer');
    expect((await client(tracked.service, fresh.apiKey).get('/api/v1/providers')).body.data.providers).toEqual([]);
    // Signed out from the Overview: signing in again shows the view the address names.
    await open('Overview');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('API key', { exact: true }).fill(fresh.apiKey);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    await page.getByText('No provider yet: nothing can be sent until one is added.').waitFor();
    expect(await page.locator('main').textContent()).not.toContain('This account sends.');
    expect(await axeViolations()).toEqual([]);
    await page.getByRole('link', { name: 'Add a provider' }).click();
    await page.getByRole('heading', { level: 1, name: 'Providers' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'New provider' }).waitFor();
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
    expect((await api.post('/api/v1/mail/send', { to: manual, subject: 's', text: 't' })).body.error.code).toBe(
      'RECIPIENT_SUPPRESSED',
    );

    await page.getByLabel('Reason', { exact: true }).selectOption('hard_bounce');
    await page.getByRole('rowheader', { name: manual }).waitFor({ state: 'detached' });
    await page.getByRole('rowheader', { name: bounced }).waitFor();
    expect(await axeViolations()).toEqual([]);

    await page.getByLabel('Reason', { exact: true }).selectOption('manual');
    await page
      .getByRole('row', { name: new RegExp(manual) })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page.getByRole('button', { name: `Let mail reach ${manual} again` }).click();
    await page.getByRole('rowheader', { name: manual }).waitFor({ state: 'detached' });
    expect((await api.post('/api/v1/mail/send', { to: manual, subject: 's', text: 't' })).status).toBe(200);
    expect(await axeViolations()).toEqual([]);
    expect(unexpectedErrors()).toEqual([]);
  }, 60_000);

  it("a domain's records are shown: a domain added in the console lists its DKIM, MAIL_FROM and DMARC rows with " +
    'their status; Verify now checks them, a value copies, inbound toggles, delete asks first', async () => {
    // Last: from an account's first domain on, its mail must come from a verified domain.
    const name = `brand-${Math.random().toString(36).slice(2, 10)}.example`;
    await open('Domains');
    await page.getByLabel('Domain', { exact: true }).fill(name.toUpperCase());
    await page.getByRole('button', { name: 'Add domain' }).click();
    await page.getByRole('heading', { level: 2, name }).waitFor();
    const rows = page.locator('table.records tbody tr');
    // Each cell's text; of a cell with a badge or a code, that alone (not the Copy button, not the reason).
    type Cell = { textContent: string; querySelector(selector: string): Cell | null };
    const shown = () =>
      rows.evaluateAll((trs) =>
        trs.map((tr) =>
          [...(tr as unknown as { cells: Cell[] }).cells].map((cell) =>
            (cell.querySelector('.badge, code') ?? cell).textContent.trim(),
          ),
        ),
      );
    const before = await shown();
    expect(before.map(([record, type, , , priority, status]) => [record, type, priority, status])).toEqual([
      ['DKIM 1', 'CNAME', '—', 'pending'],
      ['DKIM 2', 'CNAME', '—', 'pending'],
      ['DKIM 3', 'CNAME', '—', 'pending'],
      ['MAIL_FROM_MX', 'MX', '10', 'pending'],
      ['MAIL_FROM_SPF', 'TXT', '—', 'pending'],
      ['DMARC', 'TXT', '—', 'pending'],
    ]);
    expect(before[5].slice(2, 4)).toEqual([`_dmarc.${name}`, 'v=DMARC1; p=none;']);
    expect(await page.locator('[data-domain-status]').textContent()).toBe('pending');
    // The account's default provider sends from elsewhere: its sends would now be refused, and the view says so.
    const warning = page.locator('[data-sender-warning]');
    expect(await warning.textContent()).toContain('Your sends will be refused.');
    expect(await axeViolations()).toEqual([]);
    // One click moves the default provider's sender to this domain, read back through the API.
    await page.getByRole('button', { name: 'Send from this domain' }).click();
    await warning.getByText('The default provider now sends from').waitFor();
    const providers = (await api.get('/api/v1/providers')).body.data.providers;
    const defaultProvider = providers.find((provider: { is_default: boolean }) => provider.is_default);
    expect(defaultProvider.from_email).toMatch(new RegExp(`@${name.replace(/\./g, '\\.')}$`));

    // The DKIM records published, a wrong SPF: Verify now shows each record's state and what was found.
    for (const [, , recordName, value] of before.slice(0, 3)) dns.publish(recordName, { type: 'CNAME', value });
    dns.publish(`mail.${name}`, { type: 'TXT', value: 'v=spf1 include:_spf.google.com ~all' });
    await page.getByRole('button', { name: 'Verify now' }).click();
    await expect
      .poll(async () => (await shown()).map((row) => row[5]))
      .toEqual(['verified', 'verified', 'verified', 'missing', 'mismatch', 'missing']);
    const after = await shown();
    // What was found is shown where it differs from what was asked for.
    expect(after[0][6]).toBe('—');
    expect(after[4][6]).toBe('v=spf1 include:_spf.google.com ~all');
    expect(await rows.nth(4).textContent()).toContain('The SPF record does not include amazonses.com');
    expect(await page.locator('[data-domain-status]').textContent()).toBe('verified');

    await page.getByRole('button', { name: 'Copy DMARC value' }).click();
    await page.getByRole('button', { name: 'Copied DMARC value' }).waitFor();
    expect(
      await page.evaluate(() =>
        (
          globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
        ).navigator.clipboard.readText(),
      ),
    ).toBe('v=DMARC1; p=none;');
    // A record's name copies too, not only its value.
    await page.getByRole('button', { name: 'Copy DMARC name' }).click();
    await page.getByRole('button', { name: 'Copied DMARC name' }).waitFor();
    expect(
      await page.evaluate(() =>
        (
          globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
        ).navigator.clipboard.readText(),
      ),
    ).toBe(`_dmarc.${name}`);

    const inbound = page.getByLabel('Receive mail at this domain (inbound)');
    await inbound.check();
    await expect.poll(() => inbound.isEnabled()).toBe(true);
    await page.reload();
    await page.getByRole('heading', { level: 2, name }).waitFor();
    expect(await inbound.isChecked()).toBe(true);
    expect(await axeViolations()).toEqual([]);

    await page.getByRole('button', { name: 'Delete domain' }).click();
    await page.getByRole('button', { name: `Delete ${name}` }).click();
    await page.getByRole('heading', { level: 2, name: 'Sending domains' }).waitFor();
    await page.getByText('No domains yet').waitFor();
    expect(unexpectedErrors()).toEqual([]);
  }, 60_000);

  it('declares a contact property, makes a contact, finds it by email, edits its names, property, unsubscribed ' +
    'flag, lists and topics, then deletes it; the API reads back each change', async () => {
    await signInAs(apiKey);
    const list = (await api.post('/api/v1/lists', { name: 'Contact readers' })).body.data;
    const topic = (await api.post('/api/v1/topics', { name: 'Console news', default_subscription: 'opt_in' })).body
      .data;
    await open('Contacts');
    const declare = page.getByRole('form', { name: 'Declare a property' });
    const fallback = declare.getByLabel('Fallback value (optional)');
    await declare.getByLabel('Key', { exact: true }).fill('seats');
    await declare.getByLabel('Type', { exact: true }).selectOption('number');
    // A fallback not of the declared type is refused at its field, and nothing is declared.
    await fallback.fill('many');
    await declare.getByRole('button', { name: 'Declare property' }).click();
    await expect.poll(() => fallback.getAttribute('aria-invalid')).toBe('true');
    await fallback.fill('1');
    await declare.getByRole('button', { name: 'Declare property' }).click();
    await page.getByRole('rowheader', { name: 'seats' }).waitFor();
    expect((await api.get('/api/v1/contact-properties')).body.data.contact_properties).toMatchObject([
      { key: 'seats', type: 'number', fallback_value: 1 },
    ]);

    const email = uniqueAddress('console-contact');
    const create = page.getByRole('region', { name: 'New contact' });
    await create.getByLabel('Email', { exact: true }).fill(email);
    await create.getByLabel('First name (optional)').fill('Ada');
    await create.getByRole('button', { name: 'Create contact' }).click();
    await page.getByRole('heading', { level: 2, name: `${email} (Ada)` }).waitFor();
    const id = (await api.get(`/api/v1/contacts/${encodeURIComponent(email)}`)).body.data.id as string;
    expect(await axeViolations()).toEqual([]);

    // A property value of the wrong type is shown at its field; then names, value and the flag are saved.
    const seats = page.getByLabel('seats (number)');
    await seats.fill('three');
    await page.getByRole('button', { name: 'Save contact' }).click();
    await expect.poll(() => seats.getAttribute('aria-invalid')).toBe('true');
    await seats.fill('3');
    await page.getByLabel('Last name', { exact: true }).fill('Lovelace');
    await page.getByLabel('Unsubscribed', { exact: true }).check();
    await page.getByRole('button', { name: 'Save contact' }).click();
    await page.getByRole('status').getByText('Saved the contact.').waitFor();
    expect((await api.get(`/api/v1/contacts/${id}`)).body.data).toMatchObject({
      first_name: 'Ada',
      last_name: 'Lovelace',
      unsubscribed: true,
      properties: { seats: 3 },
    });

    const lists = page.getByRole('region', { name: 'Lists' });
    await lists.getByLabel('Add to list').selectOption(list.id);
    await lists.getByRole('button', { name: 'Add to list' }).click();
    await lists.getByRole('link', { name: 'Contact readers' }).waitFor();
    expect((await api.get(`/api/v1/contacts/${id}/segments`)).body.data.segments).toMatchObject([{ id: list.id }]);

    const topics = page.getByRole('region', { name: 'Topics' });
    expect(await topics.getByLabel('Console news').inputValue()).toBe('opt_in');
    await topics.getByLabel('Console news').selectOption('opt_out');
    await topics.getByRole('button', { name: 'Save topics' }).click();
    await topics.getByRole('status').getByText('Saved the topics.').waitFor();
    expect((await api.get(`/api/v1/contacts/${id}/topics`)).body.data.topics).toEqual([
      { id: topic.id, name: 'Console news', description: null, subscription: 'opt_out' },
    ]);
    expect(await axeViolations()).toEqual([]);

    // Found by its address in another case; an unknown one is said at the field.
    await open('Contacts');
    await page.getByRole('rowheader', { name: email }).waitFor();
    const find = page.getByLabel('Find by email');
    await find.fill(uniqueAddress('nobody'));
    await page.getByRole('button', { name: 'Find', exact: true }).click();
    await expect.poll(() => find.getAttribute('aria-invalid')).toBe('true');
    await find.fill(email.toUpperCase());
    await page.getByRole('button', { name: 'Find', exact: true }).click();
    await page.getByRole('heading', { level: 2, name: `${email} (Ada Lovelace)` }).waitFor();
    expect(await page.getByLabel('seats (number)').inputValue()).toBe('3');
    expect(await page.getByLabel('Unsubscribed', { exact: true }).isChecked()).toBe(true);

    await page.getByRole('button', { name: 'Delete contact' }).click();
    await page.getByRole('button', { name: 'Delete for good' }).click();
    await page.getByRole('heading', { level: 2, name: 'All contacts' }).waitFor();
    expect((await api.get(`/api/v1/contacts/${id}`)).status).toBe(404);

    // The declaration's fallback changes (its key and type stay), then the declaration goes.
    await page.getByRole('button', { name: 'Edit seats' }).click();
    const editor = page.getByRole('form', { name: 'Edit seats' });
    await editor.getByLabel('Fallback value (optional)').fill('2');
    await editor.getByRole('button', { name: 'Save property' }).click();
    await page.getByRole('status').getByText('Saved seats.').waitFor();
    const [declared] = (await api.get('/api/v1/contact-properties')).body.data.contact_properties;
    expect(declared).toMatchObject({ key: 'seats', type: 'number', fallback_value: 2 });
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('button', { name: 'Delete seats' }).click();
    await page.getByText('No properties declared yet.').waitFor();
    expect((await api.get('/api/v1/contact-properties')).body.data.contact_properties).toEqual([]);
    expect(unexpectedErrors()).toEqual([]);
  }, 90_000);

  it('pages through the contacts 50 at a time by cursor, newest first', async () => {
    // Made with the console's key (100,000 calls a minute): `api`'s 60 a minute are for the tests after this one.
    const roomy = client(tracked.service, apiKey);
    for (let i = 0; i < 51; i += 17)
      await Promise.all(
        Array.from({ length: 17 }, (_, j) =>
          roomy.post('/api/v1/contacts', { email: uniqueAddress(`paged-${i + j}`) }),
        ),
      );
    // Signed in again: the page loads afresh, after the contacts were made.
    await signInAs(apiKey);
    const newest = (await roomy.get('/api/v1/contacts?limit=1')).body.data.contacts[0].email as string;
    await open('Contacts');
    const emails = page.getByRole('region', { name: 'All contacts' }).getByRole('rowheader');
    await expect.poll(() => emails.count()).toBe(50);
    const first = await emails.allTextContents();
    expect(first[0]).toBe(newest);
    const pager = page.getByRole('navigation', { name: 'Contact pages' });
    await pager.getByRole('button', { name: 'Next page' }).click();
    await expect.poll(async () => (await emails.allTextContents())[0]).not.toBe(newest);
    const second = await emails.allTextContents();
    expect(second.filter((email) => first.includes(email))).toEqual([]);
    await pager.getByRole('button', { name: 'Previous page' }).click();
    await expect.poll(async () => (await emails.allTextContents())[0]).toBe(newest);
    expect(unexpectedErrors()).toEqual([]);
  }, 90_000);

  it('creates, edits and deletes a topic; a campaign draft takes a topic when made and drops it when ' +
    'edited', async () => {
    await signInAs(apiKey);
    await open('Topics');
    const create = page.getByRole('region', { name: 'New topic' });
    await create.getByRole('button', { name: 'Create topic' }).click();
    await expect.poll(() => create.getByLabel('Name', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await create.getByLabel('Name', { exact: true }).fill('Product news');
    await create.getByLabel('Description (optional)').fill('What we ship');
    await create.getByLabel('Contacts who made no choice are').selectOption('opt_out');
    await create.getByLabel('Visibility').selectOption('public');
    await create.getByRole('button', { name: 'Create topic' }).click();
    await page.getByRole('rowheader', { name: 'Product news' }).waitFor();
    const made = (await api.get('/api/v1/topics')).body.data.topics.find(
      (t: { name: string }) => t.name === 'Product news',
    );
    expect(made).toMatchObject({ description: 'What we ship', default_subscription: 'opt_out', visibility: 'public' });

    await page.getByRole('button', { name: 'Edit Product news' }).click();
    const editor = page.getByRole('region', { name: 'Edit Product news' });
    expect(await editor.getByLabel('Visibility').inputValue()).toBe('public');
    await editor.getByLabel('Name', { exact: true }).fill('Product updates');
    await editor.getByLabel('Visibility').selectOption('private');
    expect(await axeViolations()).toEqual([]);
    await editor.getByRole('button', { name: 'Save topic' }).click();
    await page.getByRole('status').getByText('Saved Product updates.').waitFor();
    expect((await api.get(`/api/v1/topics/${made.id}`)).body.data).toMatchObject({
      name: 'Product updates',
      description: 'What we ship',
      default_subscription: 'opt_out',
      visibility: 'private',
    });

    const list = (await api.post('/api/v1/lists', { name: 'Topic readers' })).body.data;
    await open('Campaigns');
    const form = page.getByRole('region', { name: 'New campaign' });
    await form.getByLabel('Name', { exact: true }).fill('Release notes');
    await form.getByLabel('List', { exact: true }).selectOption(list.id);
    await form.getByLabel('Topic (optional)').selectOption(made.id);
    await form.getByLabel('Subject', { exact: true }).fill('What shipped');
    await form.getByLabel('HTML', { exact: true }).fill('<p>New things</p>');
    await form.getByRole('button', { name: 'Create draft' }).click();
    await page.getByRole('heading', { level: 2, name: 'Release notes' }).waitFor();
    await page.getByRole('link', { name: 'Product updates' }).waitFor();
    const campaignId = decodeURIComponent(new URL(page.url()).hash).split('/')[2];
    expect((await api.get(`/api/v1/campaigns/${campaignId}`)).body.data.topic_id).toBe(made.id);

    const edit = page.getByRole('region', { name: 'Edit draft' });
    expect(await edit.getByLabel('Topic (optional)').inputValue()).toBe(made.id);
    await edit.getByLabel('Topic (optional)').selectOption('');
    await edit.getByRole('button', { name: 'Save draft' }).click();
    await page.getByText('None: everyone subscribed to the list').waitFor();
    expect((await api.get(`/api/v1/campaigns/${campaignId}`)).body.data.topic_id).toBeNull();

    await open('Topics');
    await page
      .getByRole('row', { name: /^Product updates/ })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page.getByRole('button', { name: 'Delete Product updates' }).click();
    await expect.poll(async () => (await api.get(`/api/v1/topics/${made.id}`)).status).toBe(404);
    await page.getByRole('rowheader', { name: 'Product updates' }).waitFor({ state: 'detached' });
    expect(unexpectedErrors()).toEqual([]);
  }, 90_000);

  it("shows an endpoint's events with their attempts (status code, duration, answer) and replays a failed one " +
    'with the same webhook-id', async () => {
    // An account of its own: the events of the other tests' mail go to their account's endpoints, not to this one.
    const hooks = await newAccount('Console webhooks');
    const hooksApi = client(tracked.service, hooks.apiKey);
    await signInAs(hooks.apiKey);
    let status = 500;
    const receiver = await startEndpoint(
      () => status,
      () => (status === 500 ? 'not today' : 'thanks'),
    );
    const endpoint = (await hooksApi.post('/api/v1/webhook-endpoints', { url: receiver.url, events: ['email.sent'] }))
      .body.data;
    const sqs = new SQSClient({ useQueueUrlAsEndpoint: false });
    try {
      // An event on its last retry (as test/api/webhook-history.test.ts makes one): it fails and is given up on.
      const eventId = `evt_${crypto.randomUUID().replace(/-/g, '')}`;
      const event = {
        id: eventId,
        account_id: hooks.accountId,
        type: 'email.sent',
        timestamp: new Date().toISOString(),
        message_id: '<console-hook@example.com>',
        to: 'console-hook@example.com',
      };
      await sqs.send(
        new SendMessageCommand({
          QueueUrl: process.env.WEBHOOK_QUEUE_URL,
          MessageBody: JSON.stringify({ event, endpoint_id: endpoint.id, attempts: 10 }),
        }),
      );
      await drainWebhooksUntil(() => receiver.received.length >= 1);
      await open('Webhooks');
      await page.getByRole('link', { name: `Events of ${receiver.url}` }).click();
      await page.getByRole('heading', { level: 2, name: `Events of ${receiver.url}` }).waitFor();
      const row = page.getByRole('row').filter({ hasText: eventId });
      await row.getByText('failed', { exact: true }).waitFor();
      await row.getByRole('button', { name: /^Attempts of email\.sent/ }).click();
      const failed = page.getByRole('row').filter({ hasText: 'not today' }).last();
      expect(await failed.textContent()).toMatch(/500\d+ msnot today/);
      expect(await axeViolations()).toEqual([]);

      status = 200;
      await row.getByRole('button', { name: /^Replay email\.sent/ }).click();
      await page.getByRole('status').getByText(`Replayed email.sent ${eventId}.`).waitFor();
      await drainWebhooksUntil(() => receiver.received.length >= 2);
      // The page asks again while the event is pending: its new attempt and status show up by themselves.
      await row.getByText('delivered', { exact: true }).waitFor({ timeout: 20_000 });
      expect(await page.getByRole('row').filter({ hasText: 'thanks' }).last().textContent()).toMatch(/200\d+ msthanks/);
      expect(receiver.received.map((r) => r.headers['webhook-id'])).toEqual([eventId, eventId]);
      expect(unexpectedErrors()).toEqual([]);
      await signInAs(apiKey);
    } finally {
      sqs.destroy();
      await hooksApi.delete(`/api/v1/webhook-endpoints/${endpoint.id}`);
      await receiver.close();
    }
  }, 90_000);

  it("shows an automation's steps in order with their config, enables it, starts a run with a test event from " +
    "the Events page, shows the run's steps (status, output, error) and stops it", async () => {
    const template = (await api.post('/api/v1/templates', { name: 'Welcome', subject: 'Welcome', text: 'Hi' })).body
      .data;
    expect((await api.post(`/api/v1/templates/${template.id}/publish`)).status).toBe(200);
    const eventName = `console.signup.${Date.now()}`;
    const made = await api.post('/api/v1/automations', {
      name: 'Console welcome',
      // Listed out of order: the page lists them as a run meets them.
      steps: [
        { key: 'tips', type: 'send_email', config: { template: { id: crypto.randomUUID() } } },
        {
          key: 'is_pro',
          type: 'condition',
          config: { type: 'rule', field: 'event.plan', operator: 'eq', value: 'pro' },
        },
        { key: 'start', type: 'trigger', config: { event_name: eventName } },
        { key: 'welcome', type: 'send_email', config: { template: { id: template.id } } },
        { key: 'bye', type: 'contact_update', config: { unsubscribed: true } },
      ],
      connections: [
        { from: 'start', to: 'welcome' },
        { from: 'welcome', to: 'is_pro' },
        { from: 'is_pro', to: 'bye', type: 'condition_not_met' },
        { from: 'is_pro', to: 'tips', type: 'condition_met' },
      ],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const automation = made.body.data;

    await open('Automations');
    await page.getByRole('link', { name: 'Console welcome' }).click();
    await page.getByRole('heading', { level: 2, name: 'Console welcome' }).waitFor();
    const steps = page.getByRole('list', { name: 'Steps', exact: true });
    expect(await steps.locator(':scope > li .step-head code').allTextContents()).toEqual([
      'start',
      'welcome',
      'is_pro',
      'tips',
      'bye',
    ]);
    const condition = steps.locator(':scope > li').nth(2);
    expect(await condition.textContent()).toContain('Checks event.plan is "pro"');
    expect(await condition.textContent()).toContain('If met: step 4');
    expect(await condition.textContent()).toContain('If not met: step 5');
    expect(await steps.locator(':scope > li').nth(1).locator('pre').textContent()).toContain(template.id);
    // Each send names its template by name, linked; one that is gone says so.
    await steps.locator(':scope > li').nth(1).getByRole('link', { name: 'Welcome' }).waitFor();
    await steps.locator(':scope > li').nth(3).getByText('not found', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Enable' }).click();
    await page.getByRole('status').getByText('Console welcome is enabled.').waitFor();
    expect((await api.get(`/api/v1/automations/${automation.id}`)).body.data.status).toBe('enabled');
    expect(await axeViolations()).toEqual([]);

    // A test event from the Events page: a pro plan, so the run takes the met branch to a template that is gone.
    await open('Events');
    const declare = page.getByRole('region', { name: 'Declare an event' });
    await declare.getByLabel('Name').fill(eventName);
    await declare.getByLabel('Payload schema (optional, JSON)').fill('{"plan": "string"}');
    await declare.getByRole('button', { name: 'Declare event' }).click();
    await page.getByRole('row', { name: new RegExp(`^${eventName.replace(/\./g, '\\.')} plan: string`) }).waitFor();
    const send = page.getByRole('region', { name: 'Send a test event' });
    const to = uniqueAddress('journey');
    await send.getByLabel('Event').fill(eventName);
    await send.getByLabel("Contact's email").fill(to);
    await send.getByLabel('Payload (optional, JSON)').fill('{"plan": 3}');
    await send.getByRole('button', { name: 'Send event' }).click();
    // The declared schema refuses a number for the plan, in the route's words.
    await send
      .getByRole('alert')
      .getByText(/payload\.plan/)
      .first()
      .waitFor();
    await send.getByLabel('Payload (optional, JSON)').fill('{"plan": "pro"}');
    await send.getByRole('button', { name: 'Send event' }).click();
    await send.getByRole('status').getByText(`Sent ${eventName}: 1 run started, 0 waiting runs woken.`).waitFor();
    expect(await axeViolations()).toEqual([]);
    await runAutomations();
    expect((await mailTo(to)).map((mail) => mail.subject)).toEqual(['Welcome']);

    await open('Automations');
    await page.getByRole('link', { name: 'Console welcome' }).click();
    await page.getByRole('button', { name: /^Steps of run / }).click();
    const timeline = page.getByRole('list', { name: 'Steps of the run' });
    await timeline.waitFor();
    const reached = timeline.locator(':scope > li');
    expect(await reached.locator('.step-head code').allTextContents()).toEqual(['start', 'welcome', 'is_pro', 'tips']);
    expect(await reached.locator('.step-head .badge').allTextContents()).toEqual([
      'completed',
      'completed',
      'completed',
      'failed',
    ]);
    // Each step's output, and the failed step's error, as the API keeps them.
    const run = (await api.get(`/api/v1/automations/${automation.id}/runs`)).body.data.runs[0];
    const kept = (await api.get(`/api/v1/automations/${automation.id}/runs/${run.id}`)).body.data;
    const welcome = kept.steps.find((step: { key: string }) => step.key === 'welcome');
    expect(await reached.nth(1).locator('pre').textContent()).toBe(JSON.stringify(welcome.output, null, 2));
    const tips = kept.steps.find((step: { key: string }) => step.key === 'tips');
    expect(tips.error).not.toBeNull();
    expect(await reached.nth(3).locator('.notice.error pre').textContent()).toBe(JSON.stringify(tips.error, null, 2));
    expect(await axeViolations()).toEqual([]);
    await shot('automation-run');

    await page.getByRole('button', { name: 'Stop', exact: true }).click();
    await page.getByRole('button', { name: 'Stop and cancel its runs' }).click();
    await page
      .getByRole('status')
      .getByText(/^Stopped: disabled, \d+ running runs cancelled\.$/)
      .waitFor();
    expect((await api.get(`/api/v1/automations/${automation.id}`)).body.data.status).toBe('disabled');
    await page.getByRole('button', { name: 'Enable' }).waitFor();
    expect(unexpectedErrors()).toEqual([]);
  }, 90_000);

  it("lists the request log, filters it through the API, opens a request's bodies; shows usage", async () => {
    const made = await api.post('/api/v1/api-keys', { name: 'Logged key', permissions: ['mail'] });
    expect(made.status).toBe(201);
    const secret: string = made.body.data.key;
    const subject = `Logged ${crypto.randomUUID()}`;
    expect((await api.post('/api/v1/mail/send', { to: uniqueAddress('logged'), subject, text: 'Hi' })).status).toBe(
      200,
    );

    await open('Request log');
    const requests = page.getByRole('region', { name: 'Requests' });
    await requests.getByRole('link', { name: 'POST /api/v1/mail/send' }).first().waitFor();
    await requests.getByLabel('Method').selectOption('POST');
    await requests.getByLabel('Path contains').fill('api-keys');
    await requests.getByLabel('Path contains').press('Enter');
    const rows = requests.locator('tbody tr');
    await expect.poll(() => rows.count()).toBeGreaterThan(0);
    expect(new Set(await rows.locator('th').allTextContents())).toEqual(new Set(['POST /api/v1/api-keys']));
    await requests.getByLabel('Path contains').fill('');
    await requests.getByLabel('Path contains').press('Enter');
    await requests.getByLabel('Status').selectOption('4xx');
    await expect.poll(() => rows.count()).toBeGreaterThan(0);
    // Every row shown is a refusal (this account's 4xx: the other tests' forms asked for some).
    for (const status of await rows.locator('td .badge').allTextContents()) expect(status).toMatch(/^4\d\d$/);
    await requests.getByLabel('Status').selectOption('');
    await requests.getByLabel('Method').selectOption('');
    expect(await axeViolations()).toEqual([]);
    await shot('request-log');

    await requests.getByLabel('Path contains').fill('/api/v1/api-keys');
    await requests.getByLabel('Path contains').press('Enter');
    await requests.getByLabel('Method').selectOption('POST');
    await requests.getByRole('link', { name: 'POST /api/v1/api-keys' }).first().click();
    const response = page.getByRole('region', { name: 'Response body' });
    await response.locator('pre').waitFor();
    expect(await response.textContent()).toContain('"key": "[redacted]"');
    expect(await page.locator('main').textContent()).not.toContain(secret);
    expect(await page.getByRole('region', { name: 'Request body' }).textContent()).toContain('"name": "Logged key"');
    await page.getByRole('link', { name: 'All requests' }).click();
    await page.getByRole('link', { name: 'POST /api/v1/mail/send' }).first().click();
    await page.getByRole('region', { name: 'Request body' }).getByText(subject, { exact: false }).waitFor();
    expect(await axeViolations()).toEqual([]);

    const usage = (await api.get('/api/v1/usage')).body.data;
    await open('Usage');
    const today = page.getByRole('row', { name: /^Today/ });
    const cells = await today.locator('td').allTextContents();
    expect(cells.slice(0, 4)).toEqual(
      [usage.today.sent, usage.today.delivered, usage.today.bounced, usage.today.complained].map((n: number) =>
        n.toLocaleString('en-US'),
      ),
    );
    expect(usage.month.sent).toBeGreaterThan(0);
    if (usage.quota)
      await page.getByText(Number(usage.quota.max_24_hour_send).toLocaleString('en-US'), { exact: true }).waitFor();
    else await page.getByText(/^Not known/).waitFor();
    expect(await axeViolations()).toEqual([]);
    expect(unexpectedErrors()).toEqual([]);
  }, 90_000);

  it("lists tenants, adds one, shows a paused tenant's brake and figures on the Overview, its messages and its own " +
    'suppressions by the tenant picker, and resumes it', async () => {
    const owner = await newAccount('Console tenants');
    const key = await keyWith(owner.accountId, ['mail', 'subscribers', 'campaigns', 'admin'], 100_000);
    const own = client(tracked.service, key);
    await own.post('/api/v1/providers', {
      type: 'ses',
      name: 'SES',
      from_email: 'app@example.com',
      region: 'us-east-1',
    });
    const suffix = Math.random().toString(36).slice(2, 8);
    const a = (await own.post('/api/v1/tenants', { name: `acme-${suffix}` })).body.data;
    const b = (await own.post('/api/v1/tenants', { name: `bravo-${suffix}` })).body.data;
    // This file's SES peer (the DNS-reading one) made the SES tenants and passes each send on to the run's own
    // front, whose tenant stand-in must know them too, as one SES would.
    for (const tenant of [a, b]) {
      const made = await fetch(`${sesUpstream}/v2/email/tenants`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ TenantName: tenant.ses_tenant_name }),
      });
      expect(made.status).toBe(200);
    }
    // A sends 100 and 12 bounce hard (SES's events, as tenant-reputation.test.ts posts them): A alone is paused.
    const messages = Array.from({ length: 100 }, () => ({ to: uniqueAddress('a'), subject: 'For A', text: 'x' }));
    const batch = await own.post('/api/v1/mail/send-batch', { tenant: a.name, messages });
    expect(batch.body.data.queued).toBe(100);
    const toB = uniqueAddress('b');
    const sentB = await own.post('/api/v1/mail/send', { to: toB, subject: 'For B', text: 'x', tenant: b.name });
    expect(sentB.status, JSON.stringify(sentB.body)).toBe(200);
    await drainOnce(60_000);
    const hardBounce = (messageId: string, address: string) =>
      ({
        Records: [
          {
            EventSource: 'aws:sns',
            Sns: {
              MessageId: crypto.randomUUID(),
              Message: JSON.stringify({
                eventType: 'Bounce',
                bounce: {
                  bounceType: 'Permanent',
                  bounceSubType: 'General',
                  bouncedRecipients: [{ emailAddress: address, action: 'failed', status: '5.1.1' }],
                  timestamp: new Date().toISOString(),
                  feedbackId: crypto.randomUUID(),
                },
                mail: {
                  timestamp: new Date().toISOString(),
                  messageId: `ses-${crypto.randomUUID()}`,
                  destination: [address],
                  tags: { account_id: [owner.accountId], message_uuid: [messageUuid(messageId)] },
                },
              }),
            },
          },
        ],
      }) as unknown as SNSEvent;
    const bounced = batch.body.data.messages.slice(0, 12) as { message_id: string; to: string }[];
    for (const entry of bounced) await sesEvents(hardBounce(entry.message_id, entry.to));
    expect((await own.get(`/api/v1/tenants/${a.id}`)).body.data.status).toBe('paused');
    await signInAs(key);

    await open('Tenants');
    const rowOf = (name: string) => page.getByRole('row', { name: new RegExp(`^${name}`) });
    await rowOf(a.name).getByText('paused', { exact: true }).waitFor();
    await rowOf(b.name).getByText('active', { exact: true }).waitFor();
    await page.getByRole('region', { name: 'New tenant' }).getByLabel('Name').fill(`not a name ${suffix}`);
    await page.getByRole('button', { name: 'Add tenant' }).click();
    await page.getByText('Letters, digits, - and _ only, 1 to 64 characters').first().waitFor();
    await page.getByRole('region', { name: 'New tenant' }).getByLabel('Name').fill(`charlie-${suffix}`);
    await page.getByRole('button', { name: 'Add tenant' }).click();
    await rowOf(`charlie-${suffix}`).waitFor();
    expect((await own.get(`/api/v1/tenants/charlie-${suffix}`)).status).toBe(200);
    expect(await axeViolations()).toEqual([]);
    await shot('tenants');

    // The Overview of A: its own brake, its own figures; of B: it sends. The choice carries to the other pages.
    await rowOf(a.name)
      .getByRole('button', { name: `Overview of ${a.name}` })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    expect(await page.getByLabel('Tenant').inputValue()).toBe(a.name);
    await page.getByText('Paused', { exact: true }).waitFor();
    expect(await page.locator('main').textContent()).toContain(`new sends of tenant ${a.name} are refused`);
    // The brake's reason (it pulled at the tenth bounce), and the tenant's own figures: its 100 sends, 12 bounces.
    expect(await page.locator('main').textContent()).toContain('100 sent, 10 hard bounces (10%)');
    expect(await page.locator('.figures dd').allTextContents()).toEqual(['100', '0', '0', '0', '12', '0', '0', '0']);
    expect(await axeViolations()).toEqual([]);
    await page.getByLabel('Tenant').selectOption(b.name);
    await page.getByText(`Tenant ${b.name} sends.`).waitFor();
    await page.getByLabel('Tenant').selectOption('');
    await page.getByText('This account sends.').waitFor();

    await page.getByLabel('Tenant').selectOption(b.name);
    await open('Messages');
    const log = page.getByRole('region', { name: 'Message log' });
    expect(await log.getByLabel('Tenant').inputValue()).toBe(b.name);
    await expect.poll(() => log.locator('tbody tr').count()).toBe(1);
    expect(await log.locator('tbody th').allTextContents()).toEqual(['For B']);
    // The message names the tenant it went out as.
    await log.getByRole('link', { name: 'For B' }).click();
    await page.getByRole('heading', { level: 2, name: 'For B' }).waitFor();
    await expect.poll(() => page.locator('.facts').first().textContent()).toContain(`Tenant${b.name}`);
    await log.getByLabel('Tenant').selectOption(a.name);
    await expect
      .poll(() => log.locator('tbody th').allTextContents(), { timeout: 20_000 })
      .toEqual(Array(100).fill('For A'));
    expect(await axeViolations()).toEqual([]);

    // A's bounces are on A's own list, not on the account's; an address suppressed for B is B's alone.
    await open('Suppressions');
    const list = page.getByRole('region', { name: 'Suppressed addresses' });
    expect(await list.getByLabel('Tenant').inputValue()).toBe(a.name);
    await expect
      .poll(async () => (await list.locator('tbody th').allTextContents()).sort())
      .toEqual(bounced.map((entry) => entry.to).sort());
    await list.getByLabel('Tenant').selectOption('');
    await page.getByText('No suppressed addresses.').waitFor();
    await list.getByLabel('Tenant').selectOption(b.name);
    await page.getByText('No suppressed addresses.').waitFor();
    const blocked = uniqueAddress('blocked');
    await page.getByRole('region', { name: 'Suppress an address' }).getByLabel('Email address').fill(blocked);
    await page.getByRole('button', { name: 'Suppress', exact: true }).click();
    await list.getByRole('rowheader', { name: blocked }).waitFor();
    expect(
      (await own.get(`/api/v1/suppressions?tenant=${b.name}`)).body.data.suppressions.map(
        (x: { email: string }) => x.email,
      ),
    ).toEqual([blocked]);
    expect((await own.get('/api/v1/suppressions')).body.data.suppressions).toEqual([]);
    expect(await axeViolations()).toEqual([]);

    await open('Tenants');
    await rowOf(a.name).getByRole('button', { name: 'Resume', exact: true }).click();
    await page.getByRole('button', { name: `Resume ${a.name}` }).click();
    await page.getByRole('status').getByText(`${a.name} sends again.`).waitFor();
    await rowOf(a.name).getByText('active', { exact: true }).waitFor();
    expect((await own.get(`/api/v1/tenants/${a.id}`)).body.data.status).toBe('active');
    expect(unexpectedErrors()).toEqual([]);
    await signInAs(apiKey);
  }, 180_000);

  it('asked nothing of any other host', () => {
    expect(requested.length).toBeGreaterThan(10);
    expect(requested.filter((url) => !url.startsWith(`${base}/`))).toEqual([]);
  });
});

if (!chromium) console.warn(`test/console/console.test.ts: ${NO_CHROMIUM}`);
