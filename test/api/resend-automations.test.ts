import type { SNSEvent, SQSEvent } from 'aws-lambda';
import type { Resend } from 'resend';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as adapters from '../../functions/adapters/capabilities';
import { PASS_LEASE_MS, runDueAutomations } from '../../functions/domain/automations/runner';
import { handler } from '../../functions/handlers/automations';
import { WORKERS } from '../../functions/queues';
import { wire } from '../../functions/wire';
import { handler as sesEvents } from '../../functions/handlers/ses-events';
import { handler as webhookDeliverer } from '../../functions/handlers/webhook-deliverer';
import { drainWebhooksOnce } from '../../local/trigger-runs';
import { fixtureText } from '../support/fixtures';
import { drainOnce } from '../support/drain';
import { runJobs } from '../support/jobs';
import { mailTo } from '../support/mailbox';
import { seedMessage } from '../support/seed-message';
import { sesTenantRecord } from '../support/ses-tenants';
import { client, keyWith, uniqueAddress, type Client } from '../support/service';
import { resendClient } from '../support/resend-account';
import { startTrackedService } from '../support/tracked-service';

/**
 * Issue 40, docs/promises.md "Automations": the official `resend` package drives automations and events
 * (`baseUrl` <base>/resend); the runner is run by hand as its schedule would (functions/handlers/
 * automations.ts), and what the runs sent is read from the SES emulator's mailbox. Templates are made
 * and published through the SDK too: a send_email step sends a template's published version.
 */
let tracked: Awaited<ReturnType<typeof startTrackedService>>;
let api: Client;
let resend: Resend;
let key: string;

beforeAll(async () => {
  tracked = await startTrackedService();
  key = await keyWith(tracked.accountId, ['campaigns', 'mail', 'subscribers'], 100_000);
  api = client(tracked.service, key);
  resend = resendClient(tracked.service, key);
});
afterAll(() => tracked.close());

/** One round of the runner, as its schedule starts it (its AWS calls recorded under its name for the IAM test). */
const runAutomations = () => handler();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const template = async (subject: string, text: string, sender: { from?: string; replyTo?: string } = {}) => {
  const created = await resend.templates
    .create({ name: subject, subject, text, html: `<p>${text}</p>`, ...sender })
    .publish();
  expect(created.error, JSON.stringify(created.error)).toBeNull();
  return created.data!.id;
};

type Graph = Parameters<Resend['automations']['create']>[0];
const enabled = async (graph: Omit<Graph, 'status'>) => {
  const created = await resend.automations.create({ ...graph, status: 'enabled' });
  expect(created.error, JSON.stringify(created.error)).toBeNull();
  return created.data!.id;
};

/** The runs of an automation, newest first, each with its steps. */
const runsOf = async (automationId: string) => {
  const listed = await resend.automations.runs.list({ automationId });
  expect(listed.error).toBeNull();
  return Promise.all(
    listed.data!.data.map(async (run) => (await resend.automations.runs.get({ automationId, runId: run.id })).data!),
  );
};

const subjects = async (to: string) => (await mailTo(to)).map((mail) => mail.subject);

describe('automations through the SDK: the graph is checked on create', () => {
  const trigger = { key: 'start', type: 'trigger' as const, config: { eventName: 'checked.event' } };
  const cases: [string, Graph, RegExp][] = [
    [
      'no trigger',
      { name: 'x', steps: [{ key: 'd', type: 'delay', config: { duration: '1 hour' } }], connections: [] },
      /no trigger/,
    ],
    [
      'a dangling connection',
      { name: 'x', steps: [trigger], connections: [{ from: 'start', to: 'nowhere' }] },
      /Dangling connection: no step nowhere/,
    ],
    [
      'a cycle without a delay',
      {
        name: 'x',
        steps: [
          trigger,
          { key: 'a', type: 'contact_update', config: { firstName: 'A' } },
          { key: 'b', type: 'contact_update', config: { firstName: 'B' } },
        ],
        connections: [
          { from: 'start', to: 'a' },
          { from: 'a', to: 'b' },
          { from: 'b', to: 'a' },
        ],
      },
      /A cycle without a delay: a -> b -> a/,
    ],
    [
      'a delay over 30 days',
      {
        name: 'x',
        steps: [trigger, { key: 'd', type: 'delay', config: { duration: '31 days' } }],
        connections: [{ from: 'start', to: 'd' }],
      },
      /at most 30 days/,
    ],
  ];
  it.each(cases)('%s: 422 naming it, and nothing written', async (_name, graph, message) => {
    const before = (await resend.automations.list()).data!.data.length;
    const answer = await resend.automations.create(graph);
    expect(answer.data).toBeNull();
    expect(answer.error).toMatchObject({ name: 'validation_error', statusCode: 422 });
    expect(answer.error!.message).toMatch(message);
    expect((await resend.automations.list()).data!.data.length).toBe(before);
  });

  it('an unknown step type (which the SDK cannot send: posted as it would be): 422 naming it', async () => {
    const answer = await api.post('/resend/automations', {
      name: 'x',
      steps: [
        { key: 'start', type: 'trigger', config: { event_name: 'e' } },
        { key: 'z', type: 'teleport', config: {} },
      ],
      connections: [],
    });
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({
      name: 'validation_error',
      message: expect.stringMatching(/Unknown step type: teleport/),
    });
  });

  it('natively the same graph is 400 VALIDATION_ERROR with the fault in details', async () => {
    const answer = await api.post('/api/v1/automations', {
      name: 'x',
      steps: [{ key: 'start', type: 'trigger', config: { event_name: 'e' } }],
      connections: [{ from: 'start', to: 'gone' }],
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('VALIDATION_ERROR');
    expect(answer.body.error.details).toContainEqual({
      field: 'connections.0.to',
      message: 'Dangling connection: no step gone',
    });
  });
});

describe('automations: what is kept is bounded', () => {
  it('a payload or a step config nested past 16 levels is 400, never a 500 from the store', async () => {
    const deep = (n: number) => {
      let value: unknown = 'x';
      for (let i = 0; i < n; i++) value = { a: value };
      return value as Record<string, unknown>;
    };
    const event_name = `deep-${Date.now()}`;
    const listening = await api.post('/api/v1/automations', {
      name: 'Listens',
      status: 'enabled',
      steps: [
        { key: 'start', type: 'trigger', config: { event_name } },
        { key: 'mark', type: 'contact_update', config: { first_name: 'Deep' } },
      ],
      connections: [{ from: 'start', to: 'mark' }],
    });
    expect(listening.status).toBe(201);
    const email = uniqueAddress('deep');
    expect((await api.post('/api/v1/events/send', { event: event_name, email, payload: deep(8) })).status).toBe(202);
    const refused = await api.post('/api/v1/events/send', { event: event_name, email, payload: deep(40) });
    expect(refused.status).toBe(400);
    expect(refused.body.error.details[0]).toMatchObject({ field: 'payload' });
    const deepConfig = await api.post('/api/v1/automations', {
      name: 'Deep',
      steps: [{ key: 'start', type: 'trigger', config: { event_name, extra: deep(40) } }],
      connections: [],
    });
    expect(deepConfig.status).toBe(400);
    await api.post(`/api/v1/automations/${listening.body.data.id}/stop`);
  });
});

describe('automations through the SDK: runs', () => {
  it("a send_email step's template reads the run's contact as {{contact.<key>}}, as template sends do", async () => {
    const greeting = await template('Hi {{contact.first_name}}', 'Your plan: {{contact.plan}}');
    const property = await api.post('/api/v1/contact-properties', { key: 'plan', type: 'string' });
    expect([201, 409]).toContain(property.status);
    const eventName = `greet-${Date.now()}`;
    const automationId = await enabled({
      name: 'Greeting',
      steps: [
        { key: 'start', type: 'trigger', config: { eventName } },
        { key: 'hello', type: 'send_email', config: { template: { id: greeting } } },
      ],
      connections: [{ from: 'start', to: 'hello' }],
    });
    try {
      const to = uniqueAddress('greeted');
      const made = await api.post('/api/v1/contacts', { email: to, first_name: 'Grace', properties: { plan: 'pro' } });
      expect(made.status).toBe(201);
      await resend.events.send({ event: eventName, email: to });
      await runAutomations();
      const [mail] = await mailTo(to);
      expect(mail.subject).toBe('Hi Grace');
      expect(mail.body.text).toContain('Your plan: pro');
    } finally {
      await resend.automations.stop(automationId);
    }
  });

  it('a journey (send, delay, condition, send) runs in order with its variables, never early', async () => {
    // Its own sender: a step naming none sends as the template.
    const welcome = await template('Welcome {{name}}', 'Hi {{name}}', {
      from: 'Welcome Team <news@example.com>',
      replyTo: 'care@example.com',
    });
    const tips = await template('Tips for the {{plan}} plan', 'Tips');
    const event = await resend.events.create({ name: `signup-${Date.now()}`, schema: { plan: 'string' } });
    expect(event.error).toBeNull();
    const eventName = (await resend.events.get(event.data!.id)).data!.name;
    const automationId = await enabled({
      name: 'Welcome series',
      steps: [
        { key: 'start', type: 'trigger', config: { eventName } },
        {
          key: 'welcome',
          type: 'send_email',
          config: { template: { id: welcome, variables: { name: { var: 'event.name' } } } },
        },
        { key: 'wait', type: 'delay', config: { duration: '8 seconds' } },
        {
          key: 'is_pro',
          type: 'condition',
          config: { type: 'rule', field: 'event.plan', operator: 'eq', value: 'pro' },
        },
        {
          key: 'tips',
          type: 'send_email',
          config: { template: { id: tips, variables: { plan: { var: 'event.plan' } } } },
        },
      ],
      connections: [
        { from: 'start', to: 'welcome' },
        { from: 'welcome', to: 'wait' },
        { from: 'wait', to: 'is_pro' },
        { from: 'is_pro', to: 'tips', type: 'condition_met' },
      ],
    });
    const to = uniqueAddress('journey');
    // A payload that breaks the event's schema starts nothing.
    const refused = await resend.events.send({ event: eventName, email: to, payload: { plan: 3 } });
    expect(refused.error).toMatchObject({ statusCode: 422, message: expect.stringMatching(/payload\.plan/) });
    const sent = await resend.events.send({ event: eventName, email: to, payload: { plan: 'pro', name: 'Ada' } });
    expect(sent.data).toEqual({ object: 'event', event: eventName });

    await runAutomations();
    expect(await subjects(to)).toEqual(['Welcome Ada']);
    const [welcomed] = await mailTo(to);
    expect([welcomed.from, welcomed.replyTo]).toEqual([
      expect.stringMatching(/Welcome Team.*<news@example\.com>/),
      ['care@example.com'],
    ]);
    let [run] = await runsOf(automationId);
    expect(run.status).toBe('running');
    expect(run.steps.map((s) => [s.key, s.status])).toEqual([
      ['start', 'completed'],
      ['welcome', 'completed'],
      ['wait', 'waiting'],
    ]);
    // Before its time the delay holds: another round sends nothing.
    await runAutomations();
    expect(await subjects(to)).toEqual(['Welcome Ada']);

    await sleep(8_200);
    await runAutomations();
    expect(await subjects(to)).toEqual(['Welcome Ada', 'Tips for the pro plan']);
    [run] = await runsOf(automationId);
    expect(run.status).toBe('completed');
    expect(run.completed_at).toEqual(expect.stringMatching(/Z$/));
    expect(run.steps.map((s) => [s.key, s.type, s.status])).toEqual([
      ['start', 'trigger', 'completed'],
      ['welcome', 'send_email', 'completed'],
      ['wait', 'delay', 'completed'],
      ['is_pro', 'condition', 'completed'],
      ['tips', 'send_email', 'completed'],
    ]);
    expect(run.steps[3].output).toEqual({ result: true });
    expect(run.steps[1].output).toMatchObject({ email_id: expect.any(String), to });
    // The delay ended no earlier than its 8 seconds.
    expect(Date.parse(run.steps[2].completed_at!) - Date.parse(run.steps[2].started_at!)).toBeGreaterThanOrEqual(8_000);
    // The mail is the native send path's, marked as an automation's.
    const status = await api.get(`/api/v1/mail/status/${encodeURIComponent(String(run.steps[1].output!.email_id))}`);
    expect(status.body.data.message.source).toBe('automation');
  }, 60_000);

  it('wait_for_event takes its timeout branch without the event and its event branch with it', async () => {
    const got = await template('Got it', 'Thanks');
    const nudge = await template('Still there?', 'Nudge');
    const automationId = await enabled({
      name: 'Confirm or nudge',
      steps: [
        { key: 'start', type: 'trigger', config: { eventName: 'order.placed' } },
        { key: 'wait', type: 'wait_for_event', config: { eventName: 'order.paid', timeout: '10 seconds' } },
        { key: 'thanks', type: 'send_email', config: { template: { id: got } } },
        { key: 'nudge', type: 'send_email', config: { template: { id: nudge } } },
      ],
      connections: [
        { from: 'start', to: 'wait' },
        { from: 'wait', to: 'thanks', type: 'event_received' },
        { from: 'wait', to: 'nudge', type: 'timeout' },
      ],
    });
    const silent = uniqueAddress('silent');
    const paying = uniqueAddress('paying');
    await resend.events.send({ event: 'order.placed', email: silent });
    await resend.events.send({ event: 'order.placed', email: paying });
    await runAutomations();
    expect(await subjects(silent)).toEqual([]);
    await resend.events.send({ event: 'order.paid', email: paying, payload: { amount: 12 } });
    await runAutomations();
    expect(await subjects(paying)).toEqual(['Got it']);
    expect(await subjects(silent)).toEqual([]);

    await sleep(10_200);
    await runAutomations();
    expect(await subjects(silent)).toEqual(['Still there?']);
    expect(await subjects(paying)).toEqual(['Got it']);
    const runs = await runsOf(automationId);
    const waits = runs.map((run) => run.steps.find((s) => s.key === 'wait')!);
    expect(waits.map((w) => w.output).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))).toEqual([
      { event_received: true, payload: { amount: 12 } },
      { timed_out: true },
    ]);
    expect(runs.every((run) => run.status === 'completed')).toBe(true);
  }, 60_000);

  it('stop disables the automation and cancels its runs: no step runs after', async () => {
    const later = await template('Later', 'Later');
    const automationId = await enabled({
      name: 'Stopped',
      steps: [
        { key: 'start', type: 'trigger', config: { eventName: 'trial.started' } },
        { key: 'wait', type: 'delay', config: { duration: '1 second' } },
        { key: 'later', type: 'send_email', config: { template: { id: later } } },
      ],
      connections: [
        { from: 'start', to: 'wait' },
        { from: 'wait', to: 'later' },
      ],
    });
    const to = uniqueAddress('stopped');
    await resend.events.send({ event: 'trial.started', email: to });
    await runAutomations();
    const stopped = await resend.automations.stop(automationId);
    expect(stopped.data).toEqual({ object: 'automation', id: automationId, status: 'disabled' });
    await sleep(1_200);
    await runAutomations();
    const [run] = await runsOf(automationId);
    expect(run.status).toBe('cancelled');
    expect(run.steps.map((s) => s.key)).toEqual(['start', 'wait']);
    expect(await subjects(to)).toEqual([]);
    // Disabled: the event starts no new run.
    await resend.events.send({ event: 'trial.started', email: to });
    expect((await resend.automations.runs.list({ automationId })).data!.data).toHaveLength(1);
    expect((await resend.automations.get(automationId)).data!.status).toBe('disabled');
  }, 20_000);

  it("a stopped run's wait receives nothing that counts: waits_received names running runs only", async () => {
    const automationId = await enabled({
      name: 'Waits then stops',
      steps: [
        { key: 'start', type: 'trigger', config: { eventName: 'quote.sent' } },
        { key: 'wait', type: 'wait_for_event', config: { eventName: 'quote.signed', timeout: '1 hour' } },
      ],
      connections: [{ from: 'start', to: 'wait' }],
    });
    const to = uniqueAddress('quoted');
    await resend.events.send({ event: 'quote.sent', email: to });
    await runAutomations();
    expect((await resend.automations.stop(automationId)).error).toBeNull();
    const signed = await api.post('/api/v1/events/send', { event: 'quote.signed', email: to });
    expect(signed.status).toBe(202);
    expect(signed.body.data).toMatchObject({ waits_received: 0 });
  });

  it('an unsubscribed or suppressed contact: its send_email steps are skipped and the run goes on', async () => {
    const news = await template('News', 'News');
    const after = await template('After', 'After');
    const automationId = await enabled({
      name: 'Skips',
      steps: [
        { key: 'start', type: 'trigger', config: { eventName: 'skip.me' } },
        { key: 'news', type: 'send_email', config: { template: { id: news } } },
        { key: 'flag', type: 'contact_update', config: { properties: {}, firstName: 'Reached' } },
        { key: 'after', type: 'send_email', config: { template: { id: after } } },
      ],
      connections: [
        { from: 'start', to: 'news' },
        { from: 'news', to: 'flag' },
        { from: 'flag', to: 'after' },
      ],
    });
    const unsubscribed = uniqueAddress('unsub');
    const suppressed = uniqueAddress('suppressed');
    expect((await api.post('/api/v1/contacts', { email: unsubscribed, unsubscribed: true })).status).toBe(201);
    expect((await api.post('/api/v1/suppressions', { email: suppressed })).status).toBe(201);
    await resend.events.send({ event: 'skip.me', email: unsubscribed });
    await resend.events.send({ event: 'skip.me', email: suppressed });
    await runAutomations();
    const runs = await runsOf(automationId);
    expect(runs).toHaveLength(2);
    for (const run of runs) {
      expect(run.status).toBe('completed');
      expect(run.steps.map((s) => [s.key, s.status])).toEqual([
        ['start', 'completed'],
        ['news', 'skipped'],
        ['flag', 'completed'],
        ['after', 'skipped'],
      ]);
    }
    expect(runs.map((run) => run.steps[1].output!.reason).sort()).toEqual(['suppressed', 'unsubscribed']);
    expect((await api.get(`/api/v1/contacts/${suppressed}`)).body.data.first_name).toBe('Reached');
    expect([...(await subjects(unsubscribed)), ...(await subjects(suppressed))]).toEqual([]);
  });

  it('an edit applies to a run in flight from the next round (the graph is read each round, not pinned)', async () => {
    const before = await template('Before the edit', 'Before');
    const after = await template('After the edit', 'After');
    const graph = (templateId: string) => ({
      steps: [
        { key: 'start', type: 'trigger' as const, config: { eventName: 'edited.in.flight' } },
        { key: 'wait', type: 'delay' as const, config: { duration: '1 second' } },
        { key: 'send', type: 'send_email' as const, config: { template: { id: templateId } } },
      ],
      connections: [
        { from: 'start', to: 'wait' },
        { from: 'wait', to: 'send' },
      ],
    });
    const automationId = await enabled({ name: 'Edited', ...graph(before) });
    const to = uniqueAddress('edited');
    await resend.events.send({ event: 'edited.in.flight', email: to });
    await runAutomations();
    expect((await resend.automations.update(automationId, graph(after))).error).toBeNull();
    await sleep(1_200);
    await runAutomations();
    expect(await subjects(to)).toEqual(['After the edit']);
    expect((await runsOf(automationId))[0].status).toBe('completed');
  }, 20_000);

  it('a send_email step naming a tenant sends as it; an unknown one is 404, an empty one 400', async () => {
    const hello = await template('As a tenant', 'Tenant');
    const tenant = (await tracked.api.post('/api/v1/tenants', { name: `acme-${Date.now()}` })).body.data;
    const other = (await tracked.api.post('/api/v1/tenants', { name: `other-${Date.now()}` })).body.data;
    const graph = (config: Record<string, unknown>) => ({
      name: 'Tenant mail',
      status: 'enabled',
      steps: [
        { key: 'start', type: 'trigger', config: { event_name: 'tenant.mail' } },
        { key: 'send', type: 'send_email', config: { template: { id: hello }, ...config } },
      ],
      connections: [{ from: 'start', to: 'send' }],
    });
    const before = (await api.get('/api/v1/automations')).body.data.length;
    expect((await api.post('/api/v1/automations', graph({ tenant: 'no-such-tenant' }))).status).toBe(404);
    expect((await api.post('/api/v1/automations', graph({ tenant: '' }))).body.error).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ field: 'steps.1.config.tenant', message: expect.any(String) }],
    });
    const bound = await tracked.api.post('/api/v1/api-keys', {
      name: 'Tenant-bound',
      permissions: ['campaigns'],
      tenant_id: other.id,
    });
    expect(bound.status).toBe(201);
    // A key bound to a tenant writes no automation (docs/decisions/0116-tenant-bound-keys.md), even its tenant's.
    const boundApi = client(tracked.service, bound.body.data.key);
    expect((await boundApi.post('/api/v1/automations', graph({ tenant: other.id }))).status).toBe(403);
    expect((await api.get('/api/v1/automations')).body.data.length).toBe(before);

    // By name, kept as the tenant's id.
    const made = await api.post('/api/v1/automations', graph({ tenant: tenant.name }));
    expect(made.status).toBe(201);
    expect(made.body.data.steps[1].config.tenant).toBe(tenant.id);
    const to = uniqueAddress('tenant');
    await resend.events.send({ event: 'tenant.mail', email: to });
    await runAutomations();
    expect(await subjects(to)).toEqual(['As a tenant']);
    const sends = (await sesTenantRecord()).sends.filter((s) => s.to.includes(to));
    expect(sends.map((s) => s.TenantName)).toEqual([tenant.ses_tenant_name]);
    const [run] = await runsOf(made.body.data.id);
    const status = await api.get(`/api/v1/mail/status/${encodeURIComponent(String(run.steps[1].output!.email_id))}`);
    expect(status.body.data.message.tenant_id).toBe(tenant.id);
    await resend.automations.stop(made.body.data.id);
  }, 30_000);

  it('a pass cut right after a send: the next pass, after the lease, neither sends again nor loses it', async () => {
    const once = await template('Sent once', 'Once');
    const automationId = await enabled({
      name: 'Cut',
      steps: [
        { key: 'start', type: 'trigger', config: { eventName: 'cut.pass' } },
        { key: 'send', type: 'send_email', config: { template: { id: once } } },
        { key: 'mark', type: 'contact_update', config: { firstName: 'Reached' } },
      ],
      connections: [
        { from: 'start', to: 'send' },
        { from: 'send', to: 'mark' },
      ],
    });
    const to = uniqueAddress('cut');
    await resend.events.send({ event: 'cut.pass', email: to });
    // The runner as its schedule runs it, whose process dies as the send's step is settled.
    const deps = wire(WORKERS.automationRunner.uses, adapters);
    const store = deps.automations;
    const cut = {
      ...deps,
      automations: {
        ...store,
        finishStep: async () => {
          throw new Error('the process died');
        },
      },
    };
    await expect(runDueAutomations(cut)).rejects.toThrow('the process died');
    expect(await subjects(to)).toEqual(['Sent once']);
    // The lease ends: the next round takes the run again and meets the recorded steps.
    const later = { ...deps, clock: { now: () => new Date(Date.now() + PASS_LEASE_MS + 60_000) } };
    await runDueAutomations(later);
    expect(await subjects(to)).toEqual(['Sent once']);
    const [run] = await runsOf(automationId);
    expect(run.status).toBe('failed');
    expect(run.steps.map((s) => [s.key, s.status])).toEqual([
      ['start', 'completed'],
      ['send', 'failed'],
    ]);
    expect(run.steps[1].error).toMatchObject({ message: expect.stringMatching(/interrupted/) });
  }, 20_000);

  it('two runners at once run each step once', async () => {
    const once = await template('Once', 'Once');
    await enabled({
      name: 'Once',
      steps: [
        { key: 'start', type: 'trigger', config: { eventName: 'once.only' } },
        { key: 'send', type: 'send_email', config: { template: { id: once } } },
      ],
      connections: [{ from: 'start', to: 'send' }],
    });
    const to = uniqueAddress('once');
    await resend.events.send({ event: 'once.only', email: to });
    await Promise.all([runAutomations(), runAutomations(), runAutomations()]);
    expect(await subjects(to)).toEqual(['Once']);
  });
});

describe('automations and events through the SDK: the records', () => {
  it('get, list, update, duplicate, remove; events by id or name; read natively too', async () => {
    const id = await enabled({
      name: 'Records',
      steps: [{ key: 'start', type: 'trigger', config: { eventName: 'records' } }],
      connections: [],
    });
    const got = await resend.automations.get(id);
    expect(got.data).toEqual({
      object: 'automation',
      id,
      name: 'Records',
      status: 'enabled',
      created_at: expect.stringMatching(/Z$/),
      updated_at: null,
      steps: [{ key: 'start', type: 'trigger', config: { event_name: 'records' } }],
      connections: [],
    });
    expect((await resend.automations.update(id, { name: 'Renamed' })).data).toEqual({ object: 'automation', id });
    expect((await api.get(`/api/v1/automations/${id}`)).body.data).toMatchObject({ name: 'Renamed' });
    const copy = (await resend.automations.duplicate(id)).data!.id;
    expect((await resend.automations.get(copy)).data).toMatchObject({ name: 'Renamed (copy)', status: 'disabled' });
    const listed = (await resend.automations.list({ status: 'disabled' })).data!.data.map((a) => a.id);
    expect(listed).toContain(copy);
    expect(listed).not.toContain(id);
    expect((await resend.automations.remove(copy)).data).toEqual({ object: 'automation', id: copy, deleted: true });
    expect((await resend.automations.get(copy)).error).toMatchObject({ statusCode: 404 });

    const name = `evt-${Date.now()}`;
    const event = (await resend.events.create({ name, schema: { n: 'number' } })).data!;
    expect((await resend.events.create({ name })).error).toMatchObject({ statusCode: 409 });
    expect((await resend.events.get(name)).data).toMatchObject({
      object: 'event',
      id: event.id,
      schema: { n: 'number' },
    });
    expect((await resend.events.update(event.id, { schema: null })).data).toEqual({ object: 'event', id: event.id });
    expect((await api.get(`/api/v1/events/${name}`)).body.data).toMatchObject({ id: event.id, schema: null });
    expect((await resend.events.list()).data!.data.map((e) => e.id)).toContain(event.id);
    expect((await resend.events.remove(name)).data).toEqual({ object: 'event', id: event.id, deleted: true });
  });
});

/** SES's notification of a permanent bounce of `to` (the fixture's, with a message id of its own). */
const bounceOf = (to: string) => {
  const notification = JSON.parse(fixtureText('ses/notification-bounce-permanent-general.json'));
  notification.mail.messageId = `bench-${crypto.randomUUID()}`;
  notification.mail.destination = [to];
  notification.bounce.bouncedRecipients = [{ ...notification.bounce.bouncedRecipients[0], emailAddress: to }];
  return notification as { mail: { messageId: string } };
};
const snsEvent = (message: unknown) =>
  ({
    Records: [{ EventSource: 'aws:sns', Sns: { Message: JSON.stringify(message), MessageId: crypto.randomUUID() } }],
  }) as unknown as SNSEvent;

/*
 * Last in the file: these automations listen to every contact made and every mail sent in the account, so
 * each is stopped before its test ends, and the ones above never meet them.
 */
describe("automations through the SDK: the service's own events as triggers", () => {
  it('contact.created starts a run for a contact made by contacts.create or a new address of events.send', async () => {
    const hello = await template('Hello {{first}}', 'Hello');
    const automationId = await enabled({
      name: 'On contact created',
      steps: [
        { key: 'start', type: 'trigger', config: { eventName: 'contact.created' } },
        {
          key: 'hello',
          type: 'send_email',
          config: { template: { id: hello, variables: { first: { var: 'contact.first_name' } } } },
        },
      ],
      connections: [{ from: 'start', to: 'hello' }],
    });
    try {
      const made = uniqueAddress('made');
      expect((await resend.contacts.create({ email: made, firstName: 'Grace' })).error).toBeNull();
      const byEvent = uniqueAddress('by-event');
      await resend.events.send({ event: 'nobody.listens', email: byEvent });
      // A contact that was there already is not made again: it starts nothing.
      await resend.events.send({ event: 'nobody.listens', email: made });
      // contact.created sent by hand for a new address: its making and the event are one creation, one run.
      const explicit = uniqueAddress('explicit');
      await resend.events.send({ event: 'contact.created', email: explicit });
      await resend.events.send({ event: 'contact.created', email: explicit });
      // A subscription and an import's row make contacts too; an address that is a contact already makes none.
      const list = (await api.post('/api/v1/lists', { name: 'Contacts made by members' })).body.data.id;
      const subscribed = uniqueAddress('subscribed');
      for (const email of [subscribed, made])
        expect((await api.post('/api/v1/subscribers', { email, list_id: list })).status).toBe(201);
      const imported = uniqueAddress('imported');
      const upload = await fetch(`${tracked.service.baseUrl}/api/v1/lists/${list}/import`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'text/csv' },
        body: `email,name\r\n${imported},Imported\r\n${byEvent},Known\r\n`,
      });
      expect(upload.status).toBe(202);
      await runJobs();
      await runAutomations();
      expect(await subjects(made)).toEqual(['Hello Grace']);
      expect(await subjects(byEvent)).toEqual(['Hello ']);
      expect(await subjects(subscribed)).toEqual(['Hello ']);
      expect(await subjects(imported)).toEqual(['Hello ']);
      expect(await subjects(explicit)).toEqual(['Hello ']);
      // A double opt-in list's new person: nothing but the confirmation until the link is followed.
      const doi = (await api.post('/api/v1/lists', { name: 'Confirm first', double_opt_in: true })).body.data.id;
      const waiting = uniqueAddress('waiting');
      expect((await api.post('/api/v1/subscribers', { email: waiting, list_id: doi })).status).toBe(201);
      await drainOnce();
      await runAutomations();
      const [confirmation] = await mailTo(waiting);
      expect(await subjects(waiting)).toEqual(['Please confirm your subscription to Confirm first']);
      const link = /(https?:\/\/\S+\/u\/confirm\/[A-Za-z0-9_.-]+)/.exec(confirmation.body.text ?? '')![1];
      expect((await fetch(link, { method: 'POST' })).status).toBe(200);
      expect((await fetch(link, { method: 'POST' })).status).toBe(200);
      await runAutomations();
      expect((await subjects(waiting)).sort()).toEqual(['Hello ', 'Please confirm your subscription to Confirm first']);
      const runs = await runsOf(automationId);
      expect(runs).toHaveLength(6);
      expect(runs.every((run) => run.status === 'completed')).toBe(true);
    } finally {
      await resend.automations.stop(automationId);
    }
  }, 30_000);

  it('email.bounced starts a run for the recipient who is a contact; a stranger starts none', async () => {
    const automationId = await enabled({
      name: 'On bounce',
      steps: [
        { key: 'start', type: 'trigger', config: { eventName: 'email.bounced' } },
        { key: 'mark', type: 'contact_update', config: { firstName: 'Bounced' } },
      ],
      connections: [{ from: 'start', to: 'mark' }],
    });
    try {
      const known = uniqueAddress('bounces');
      expect((await api.post('/api/v1/contacts', { email: known, first_name: 'Kept' })).status).toBe(201);
      const stranger = uniqueAddress('stranger');
      for (const to of [known, stranger]) {
        const bounce = bounceOf(to);
        await seedMessage(tracked.accountId, bounce.mail.messageId, to);
        await sesEvents(snsEvent(bounce));
      }
      await drainWebhooksOnce();
      // SQS delivers at least once: an event delivered twice to the fan-out starts one run.
      const twice = {
        Records: [
          {
            messageId: crypto.randomUUID(),
            body: JSON.stringify({
              event: {
                id: `evt_${crypto.randomUUID().replace(/-/g, '')}`,
                account_id: tracked.accountId,
                type: 'email.bounced',
                timestamp: new Date().toISOString(),
                message_id: `<${crypto.randomUUID()}@example.com>`,
                to: known,
                source: 'api',
              },
            }),
          },
        ],
      } as unknown as SQSEvent;
      await webhookDeliverer(twice);
      await webhookDeliverer(twice);
      expect(await runsOf(automationId)).toHaveLength(2);
      await runAutomations();
      const runs = await runsOf(automationId);
      expect(runs).toHaveLength(2);
      expect(runs.every((run) => run.status === 'completed')).toBe(true);
      expect(runs[0].status).toBe('completed');
      expect(runs[0].steps.map((s) => [s.key, s.status])).toEqual([
        ['start', 'completed'],
        ['mark', 'completed'],
      ]);
      expect(runs[0].steps[0].output).toMatchObject({ event: 'email.bounced' });
      expect((await api.get(`/api/v1/contacts/${known}`)).body.data.first_name).toBe('Bounced');
      expect((await api.get(`/api/v1/contacts/${stranger}`)).status).toBe(404);
    } finally {
      await resend.automations.stop(automationId);
    }
  }, 30_000);

  it('a wait_for_event may wait for an email event of its contact: its run goes on by event_received', async () => {
    const automationId = await enabled({
      name: 'Wait for a mail',
      steps: [
        { key: 'start', type: 'trigger', config: { eventName: 'await.mail' } },
        { key: 'wait', type: 'wait_for_event', config: { eventName: 'email.sent', timeout: '1 hour' } },
        { key: 'mark', type: 'contact_update', config: { firstName: 'Mailed' } },
      ],
      connections: [
        { from: 'start', to: 'wait' },
        { from: 'wait', to: 'mark', type: 'event_received' },
      ],
    });
    try {
      const to = uniqueAddress('awaits');
      await resend.events.send({ event: 'await.mail', email: to });
      await runAutomations();
      expect((await resend.emails.send({ from: 'news@example.com', to, subject: 'Mail', text: 'x' })).error).toBeNull();
      await drainWebhooksOnce();
      await runAutomations();
      const [run] = await runsOf(automationId);
      expect(run.status).toBe('completed');
      expect(run.steps.map((s) => [s.key, s.status])).toEqual([
        ['start', 'completed'],
        ['wait', 'completed'],
        ['mark', 'completed'],
      ]);
      expect(run.steps[1].output).toMatchObject({ event_received: true, payload: { to } });
      expect((await api.get(`/api/v1/contacts/${to}`)).body.data.first_name).toBe('Mailed');
    } finally {
      await resend.automations.stop(automationId);
    }
  }, 30_000);

  it("email.sent: a mail the API sent starts the run; the run's own mail starts none (no loop)", async () => {
    const again = await template('Again', 'Again');
    const automationId = await enabled({
      name: 'On sent, send',
      steps: [
        { key: 'start', type: 'trigger', config: { eventName: 'email.sent' } },
        { key: 'again', type: 'send_email', config: { template: { id: again } } },
      ],
      connections: [{ from: 'start', to: 'again' }],
    });
    try {
      const to = uniqueAddress('sent');
      expect((await api.post('/api/v1/contacts', { email: to })).status).toBe(201);
      const sent = await resend.emails.send({ from: 'news@example.com', to, subject: 'First', text: 'First' });
      expect(sent.error).toBeNull();
      for (let round = 0; round < 3; round++) {
        await drainWebhooksOnce();
        await runAutomations();
      }
      expect(await subjects(to)).toEqual(['First', 'Again']);
      const runs = await runsOf(automationId);
      expect(runs).toHaveLength(1);
      expect(runs[0].steps[0].output).toMatchObject({ event: 'email.sent' });
    } finally {
      await resend.automations.stop(automationId);
    }
  }, 30_000);
});
