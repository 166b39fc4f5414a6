import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setClockForTests } from '../../functions/adapters/test-seams';
import { routes } from '../../functions/routes';
import { tableGrants, type TableGrant } from '../../lib/table-access';
import { trackingSettings } from '../../functions/adapters/tracking-settings';
import { unsubscribeUrl } from '../../functions/domain/campaigns/unsubscribe';
import { confirmToken } from '../../functions/domain/audience/double-opt-in';
import { mailTo } from '../support/mailbox';
import { PERMISSIONS } from '../../functions/domain/types';
import {
  client,
  keyWith,
  newAccount,
  startService,
  uniqueAddress,
  type Client,
  type TestService,
} from '../support/service';
import { recordTableRequests, type TableRequest } from '../support/table-requests';

/**
 * IAM cannot be run locally, so the narrowed grants of lib/table-access.ts are checked against what
 * the routes really ask of the table: every request a route's function makes to DynamoDB Local must
 * be one its grants in AWS allow. A route that reaches an item its declaration forgot fails here,
 * not with AccessDenied after a deploy.
 */
const WHOLE_TABLE_READS = ['GetItem', 'BatchGetItem', 'Query', 'Scan', 'ConditionCheckItem'];
const like = (pattern: string) =>
  new RegExp(
    `^${pattern
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  );

const allows = (grant: TableGrant, request: TableRequest) => {
  if ('level' in grant) return grant.level === 'write' || WHOLE_TABLE_READS.includes(request.action);
  // Narrowed grants name the table alone (no index) and every key must match.
  return (
    request.index === undefined &&
    request.leadingKeys.length > 0 &&
    grant.actions.includes(`dynamodb:${request.action}`) &&
    request.leadingKeys.every((key) => grant.leadingKeys.some((pattern) => like(pattern).test(key)))
  );
};

let service: TestService;
let api: Client;
let accountId: string;
const recorder = recordTableRequests();
beforeAll(async () => {
  service = await startService();
  const account = await newAccount('Table access');
  accountId = account.accountId;
  // A key past the default 60 a minute: the read-only case alone calls every GET route once, and there are more.
  api = client(service, await keyWith(account.accountId, [...PERMISSIONS], 100_000));
  // Both send limits, so that sends use the provider's send counters too.
  await api.post('/api/v1/providers', {
    type: 'ses',
    name: 'SES',
    from_email: 'codes@example.com',
    hourly_limit: 1000,
    daily_limit: 1000,
  });
});
afterAll(() => service.close());
afterEach(() => setClockForTests(undefined));

/** Calls the route and answers the table requests its function made, after checking each against the route's grants. */
const call = async (routeId: string, path: string, body?: unknown, { notFound = false } = {}) => {
  const route = routes.find((r) => r.id === routeId)!;
  recorder.take();
  const answer = await api.call(route.method, path, body);
  if (notFound) expect(answer.status, `${routeId}: ${JSON.stringify(answer.body)}`).toBe(404);
  else expect(answer.status, `${routeId}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
  const made = recorder.take();
  const grants = tableGrants(route);
  for (const request of made)
    expect(
      grants.some((grant) => allows(grant, request)),
      `${routeId} made ${JSON.stringify(request)}`,
    ).toBe(true);
  return { answer, made };
};

describe('table grants', () => {
  it('cover every request of the OTP routes, which reach only their own items', async () => {
    const email = uniqueAddress('otp');
    const sent = await call('otp-send', '/api/v1/otp/send', { email });
    expect(sent.made.map((request) => request.action)).toEqual(
      expect.arrayContaining(['BatchGetItem', 'Query', 'PutItem', 'UpdateItem']),
    );
    const { session_id } = sent.answer.body.data;
    await call('otp-status', `/api/v1/otp/status/${session_id}`);
    const at = Date.now() + 31_000;
    setClockForTests(() => new Date(at));
    await call('otp-resend', '/api/v1/otp/resend', { session_id });
    const mails = await mailTo(email);
    const code = /^\s+(\d{4,8})$/m.exec(mails[mails.length - 1].body.text ?? '')![1];
    await call('otp-verify', '/api/v1/otp/verify', { session_id, code });
  });

  it('cover every request of the template routes, which reach only templates, their counter and listing', async () => {
    // With an alias (its claim item) and a sender of its own (the sender rule's reads).
    const alias = `receipt-${randomUUID().slice(0, 8)}`;
    const created = await call('templates-create', '/api/v1/templates', {
      name: 'Receipt',
      alias,
      subject: 'Order {{id}}',
      html: '<p>{{id}}</p>',
      from_email: 'tables@example.com',
    });
    const { id } = created.answer.body.data;
    await call('templates-update', `/api/v1/templates/${alias}`, { text: 'Order {{id}}', alias: `${alias}-2` });
    await call('templates-render', `/api/v1/templates/${alias}-2/render`, { variables: { id: 7 } });
    await call('templates-publish', `/api/v1/templates/${id}/publish`);
    const copy = await call('templates-duplicate', `/api/v1/templates/${id}/duplicate`);
    await call('templates-delete', `/api/v1/templates/${alias}-2`);
    // Resend's templates: the same records, the same items.
    const draft = await call('resend-templates-create', '/resend/templates', {
      name: 'R',
      html: '<p>{{{N}}}</p>',
      alias: `${alias}-r`,
      from: 'T <tables@example.com>',
    });
    const draftId = draft.answer.body.id;
    await call('resend-templates-update', `/resend/templates/${alias}-r`, { subject: 'Hi {{{N}}}', alias: null });
    await call('resend-templates-publish', `/resend/templates/${draftId}/publish`);
    await call('resend-templates-duplicate', `/resend/templates/${draftId}/duplicate`);
    await call('resend-templates-delete', `/resend/templates/${copy.answer.body.data.id}`);
  });

  it(
    'cover every request of the public unsubscribe POST, which reaches only the subscriber, its listing counters ' +
      'and the campaign counters',
    async () => {
      const owner = await newAccount('Unsubscribing');
      const own = client(service, owner.apiKey);
      const list = (await own.post('/api/v1/lists', { name: 'Readers' })).body.data;
      const subscriber = (await own.post('/api/v1/subscribers', { list_id: list.id, email: uniqueAddress() })).body
        .data;
      const campaign = (await own.post('/api/v1/campaigns', { name: 'c', subject: 's', text: 't', list_id: list.id }))
        .body.data;
      const link = unsubscribeUrl(await trackingSettings.key(), '', {
        account_id: owner.accountId,
        subscriber_id: subscriber.id,
        campaign_id: campaign.id,
      });
      // The page answers HTML, not the envelope: called directly, its requests checked as `call` does.
      const route = routes.find((r) => r.id === 'unsubscribe-confirm')!;
      recorder.take();
      expect(
        (
          await fetch(`${service.baseUrl}${link}`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
            body: 'List-Unsubscribe=One-Click',
          })
        ).status,
      ).toBe(200);
      const made = recorder.take();
      for (const request of made)
        expect(
          tableGrants(route).some((grant) => allows(grant, request)),
          `unsubscribe-confirm made ${JSON.stringify(request)}`,
        ).toBe(true);
      expect(made.map((request) => request.action)).toEqual(
        expect.arrayContaining(['GetItem', 'PutItem', 'UpdateItem']),
      );
      expect((await own.get(`/api/v1/subscribers/${subscriber.id}`)).body.data.status).toBe('unsubscribed');
      // The page's "leave every list": every subscription of the address, and its contact.
      recorder.take();
      expect(
        (
          await fetch(`${service.baseUrl}${link}`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
            body: 'List-Unsubscribe=One-Click&scope=all',
          })
        ).status,
      ).toBe(200);
      const all = recorder.take();
      for (const request of all)
        expect(
          tableGrants(route).some((grant) => allows(grant, request)),
          `unsubscribe-confirm (scope=all) made ${JSON.stringify(request)}`,
        ).toBe(true);
    },
  );

  it("cover every request of the domain routes, which reach only the domains and their names' claims", async () => {
    const own = client(service, (await newAccount('Domain grants')).apiKey);
    const name = `grants-${Math.random().toString(36).slice(2, 8)}.example`;
    const check = async (routeId: string, path: string, body?: unknown) => {
      const route = routes.find((r) => r.id === routeId)!;
      recorder.take();
      const answer = await own.call(route.method, path, body);
      expect(answer.status, `${routeId}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
      for (const request of recorder.take())
        expect(
          tableGrants(route).some((grant) => allows(grant, request)),
          `${routeId} made ${JSON.stringify(request)}`,
        ).toBe(true);
      return answer;
    };
    const { id } = (await check('domains-create', '/api/v1/domains', { name })).body.data;
    await check('domains-update', `/api/v1/domains/${id}`, { inbound: true });
    await check('domains-verify', `/api/v1/domains/${id}/verify`);
    await check('domains-delete', `/api/v1/domains/${id}`);
    // The Resend routes over the same use cases declare the same access.
    const resendName = `grants-${Math.random().toString(36).slice(2, 8)}.example`;
    const resendId = (await check('resend-domains-create', '/resend/domains', { name: resendName })).body.id;
    await check('resend-domains-update', `/resend/domains/${resendId}`, { capabilities: { receiving: 'enabled' } });
    await check('resend-domains-verify', `/resend/domains/${resendId}/verify`);
    // A key's rename, natively and through Resend, reaches only the key's two copies.
    const key = (await check('api-keys-create', '/api/v1/api-keys', { name: 'k', permissions: ['mail'] })).body.data;
    await check('api-keys-update', `/api/v1/api-keys/${key.id}`, { name: 'renamed' });
    await check('resend-api-keys-update', `/resend/api-keys/${key.id}`, { name: 'again' });
    await check('resend-domains-delete', `/resend/domains/${resendId}`);
  });

  it('cover every request of the suppression routes, an import and a double opt-in confirmation', async () => {
    const email = uniqueAddress('suppressed');
    await call('suppressions-create', '/api/v1/suppressions', { email });
    await call('suppressions-delete', `/api/v1/suppressions/${encodeURIComponent(email)}`);
    // Resend's suppressions are the same list, by the same use cases.
    await call('resend-suppressions-create', '/resend/suppressions', { email });
    await call('resend-suppressions-delete', `/resend/suppressions/${encodeURIComponent(email)}`);
    await call('resend-suppressions-batch-add', '/resend/suppressions/batch/add', { emails: [email] });
    await call('resend-suppressions-batch-remove', '/resend/suppressions/batch/remove', { emails: [email] });

    const list = (await api.post('/api/v1/lists', { name: 'Imported', double_opt_in: true })).body.data;
    const route = (id: string) => routes.find((r) => r.id === id)!;
    const checked = (id: string, made: ReturnType<typeof recorder.take>) => {
      for (const request of made)
        expect(
          tableGrants(route(id)).some((grant) => allows(grant, request)),
          `${id} made ${JSON.stringify(request)}`,
        ).toBe(true);
    };
    recorder.take();
    const started = await api.call(
      'POST',
      `/api/v1/lists/${list.id}/import`,
      `email,name,plan\n${uniqueAddress()},Ada,pro`,
      { 'Content-Type': 'text/csv' },
    );
    expect(started.status).toBe(202);
    checked('lists-import', recorder.take());

    const subscriber = (await api.post('/api/v1/subscribers', { email: uniqueAddress('doi'), list_id: list.id })).body
      .data;
    const token = confirmToken(
      await trackingSettings.key(),
      { account_id: accountId, subscriber_id: subscriber.id },
      Math.floor(Date.now() / 1000) + 60,
    );
    recorder.take();
    expect((await fetch(`${service.baseUrl}/u/confirm/${token}`)).status).toBe(200);
    checked('confirmation-page', recorder.take());
    expect((await fetch(`${service.baseUrl}/u/confirm/${token}`, { method: 'POST' })).status).toBe(200);
    checked('confirmation-confirm', recorder.take());
    expect((await api.get(`/api/v1/subscribers/${subscriber.id}`)).body.data.confirmed_at).toMatch(/Z$/);
  });

  it('cover the reschedule, and Resend’s scheduled send, update and cancel', async () => {
    const native = (
      await api.post('/api/v1/mail/send', {
        to: uniqueAddress(),
        subject: 'Later',
        text: 'later',
        scheduled_at: new Date(Date.now() + 3_600_000).toISOString(),
      })
    ).body.data;
    await call('mail-reschedule', `/api/v1/mail/${encodeURIComponent(native.message_id)}`, {
      scheduled_at: new Date(Date.now() + 7_200_000).toISOString(),
    });
    // By the bare uuid Resend answers (a bare uuid names the message by its key).
    const scheduledAt = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = await call('resend-emails-send', '/resend/emails', {
      from: 'codes@example.com',
      to: uniqueAddress(),
      subject: 'Later',
      text: 'later',
      scheduled_at: scheduledAt,
    });
    await call('resend-emails-update', `/resend/emails/${scheduled.answer.body.id}`, {
      scheduled_at: new Date(Date.now() + 7_200_000).toISOString(),
    });
    await call('resend-emails-cancel', `/resend/emails/${scheduled.answer.body.id}/cancel`);
  });

  it('cover every request of the read-only routes, whose only writes are the rate limit and the log', async () => {
    const NO_EVENT = `evt_${'0'.repeat(32)}`;
    const NOT_FOUND = [
      'inbound-get',
      'webhook-events-get',
      'webhook-event-attempts-list',
      'resend-webhook-events-get',
      'resend-webhook-event-attempts-list',
      'resend-receiving-get',
      'resend-receiving-attachments-list',
      'resend-receiving-attachments-get',
      'automation-runs-get',
      'resend-automation-runs-get',
    ];
    const list = (await api.post('/api/v1/lists', { name: 'Readers' })).body.data;
    const subscriber = (await api.post('/api/v1/subscribers', { list_id: list.id, email: uniqueAddress() })).body.data;
    const provider = (await api.get('/api/v1/providers')).body.data.providers[0];
    const message = (await api.post('/api/v1/mail/send', { to: uniqueAddress(), subject: 's', text: 't' })).body.data;
    const campaign = (await api.post('/api/v1/campaigns', { name: 'c', subject: 's', text: 't', list_id: list.id }))
      .body.data;
    const template = (await api.post('/api/v1/templates', { name: 't', subject: 's', text: 't' })).body.data;
    const started = (
      await api.call('POST', `/api/v1/lists/${list.id}/import`, `email\n${uniqueAddress()}`, {
        'Content-Type': 'text/csv',
      })
    ).body.data;
    const domain = (
      await api.post('/api/v1/domains', { name: `readers-${Math.random().toString(36).slice(2, 8)}.example` })
    ).body.data;
    const endpoint = (
      await api.post('/api/v1/webhook-endpoints', { url: 'https://hooks.example.com/readers', events: ['email.sent'] })
    ).body.data;
    const property = (await api.post('/api/v1/contact-properties', { key: 'tier', type: 'string' })).body.data;
    const topic = (await api.post('/api/v1/topics', { name: 'Readers', default_subscription: 'opt_in' })).body.data;
    const suppressed = (await api.post('/api/v1/suppressions', { email: uniqueAddress('readers') })).body.data.email;
    const event = (await api.post('/api/v1/events', { name: 'readers.event' })).body.data;
    const automation = (
      await api.post('/api/v1/automations', {
        name: 'Readers',
        steps: [{ key: 'start', type: 'trigger', config: { event_name: 'readers.event' } }],
        connections: [],
      })
    ).body.data;
    const tenant = (await api.post('/api/v1/tenants', { name: 'readers' })).body.data;
    const logged = (await api.get('/api/v1/logs?limit=100')).body.data.logs.find(
      (entry: { endpoint: string }) => entry.endpoint === '/api/v1/mail/send',
    );
    const paths: Record<string, string> = {
      // The send's entry: its body is read back from the message's kept body.
      'logs-list': '/api/v1/logs',
      'logs-get': `/api/v1/logs/${logged.id}`,
      'resend-logs-list': `/resend/logs?after=${logged.id}`,
      'resend-logs-get': `/resend/logs/${logged.id}`,
      'usage-get': '/api/v1/usage',
      'resend-usage-get': '/resend/usage',
      'templates-list': '/api/v1/templates',
      'templates-get': `/api/v1/templates/${template.id}`,
      'resend-templates-list': `/resend/templates?after=${template.id}`,
      'resend-templates-get': `/resend/templates/${template.id}`,
      'mail-status': `/api/v1/mail/status/${encodeURIComponent(message.message_id)}`,
      'mail-list': '/api/v1/mail?tag=x&status=sent',
      'lists-list': '/api/v1/lists',
      'lists-get': `/api/v1/lists/${list.id}`,
      'subscribers-list': `/api/v1/subscribers?list_id=${list.id}`,
      'subscribers-get': `/api/v1/subscribers/${subscriber.id}`,
      'bounces-list': '/api/v1/bounces',
      'suppressions-list': '/api/v1/suppressions?reason=manual',
      'imports-get': `/api/v1/imports/${started.id}`,
      'imports-list': '/api/v1/imports',
      'resend-contact-imports-list': '/resend/contacts/imports',
      'resend-contact-imports-get': `/resend/contacts/imports/${started.id}`,
      'api-keys-list': '/api/v1/api-keys',
      'providers-list': '/api/v1/providers',
      'providers-get': `/api/v1/providers/${provider.id}`,
      'webhook-endpoints-list': '/api/v1/webhook-endpoints',
      'webhook-endpoints-get': `/api/v1/webhook-endpoints/${endpoint.id}`,
      'webhook-events-list': `/api/v1/webhook-endpoints/${endpoint.id}/events`,
      // Nothing was posted to it: the look-ups of an event still read, and only read.
      'webhook-events-get': `/api/v1/webhook-endpoints/${endpoint.id}/events/${NO_EVENT}`,
      'webhook-event-attempts-list': `/api/v1/webhook-endpoints/${endpoint.id}/events/${NO_EVENT}/attempts`,
      'resend-webhooks-list': '/resend/webhooks',
      'resend-webhooks-get': `/resend/webhooks/${endpoint.id}`,
      'resend-webhook-events-list': `/resend/webhooks/${endpoint.id}/events`,
      'resend-webhook-events-get': `/resend/webhooks/${endpoint.id}/events/${NO_EVENT}`,
      'resend-webhook-event-attempts-list': `/resend/webhooks/${endpoint.id}/events/${NO_EVENT}/attempts`,
      'campaigns-list': '/api/v1/campaigns',
      'campaigns-get': `/api/v1/campaigns/${campaign.id}`,
      'stats-get': '/api/v1/stats?days=90',
      'domains-list': '/api/v1/domains',
      'domains-get': `/api/v1/domains/${domain.id}`,
      'inbound-list': '/api/v1/inbound',
      // No mail has arrived (test/api/inbound.test.ts receives some): the look-up of an id still reads, and only reads.
      'inbound-get': `/api/v1/inbound/${randomUUID()}`,
      'resend-emails-get': `/resend/emails/${message.message_id.slice(1, 37)}`,
      // Paged from an anchor: its record is read too.
      'resend-emails-list': `/resend/emails?limit=5&after=${message.message_id.slice(1, 37)}`,
      'resend-domains-list': `/resend/domains?before=${domain.id}`,
      'resend-domains-get': `/resend/domains/${domain.id}`,
      'resend-api-keys-list': '/resend/api-keys',
      // POST /subscribers made the address a contact.
      'contacts-list': '/api/v1/contacts',
      'contacts-get': `/api/v1/contacts/${subscriber.email}`,
      'resend-contacts-get': `/resend/contacts/${subscriber.email}`,
      'resend-contacts-list': '/resend/contacts?limit=5',
      'contact-segments-list': `/api/v1/contacts/${subscriber.email}/segments`,
      'resend-contact-segments-list': `/resend/contacts/${subscriber.email}/segments`,
      'contact-properties-list': '/api/v1/contact-properties',
      'contact-properties-get': `/api/v1/contact-properties/${property.id}`,
      'resend-contact-properties-list': `/resend/contact-properties?after=${property.id}`,
      'resend-contact-properties-get': `/resend/contact-properties/${property.id}`,
      'topics-list': '/api/v1/topics',
      'topics-get': `/api/v1/topics/${topic.id}`,
      'resend-topics-list': `/resend/topics?after=${topic.id}`,
      'resend-topics-get': `/resend/topics/${topic.id}`,
      'contact-topics-list': `/api/v1/contacts/${subscriber.email}/topics`,
      // A broadcast is a campaign; its recipients are the list's members and their mail.
      'campaigns-recipients': `/api/v1/campaigns/${campaign.id}/recipients`,
      'campaigns-clicked-links': `/api/v1/campaigns/${campaign.id}/clicked-links`,
      'resend-broadcasts-list': `/resend/broadcasts?after=${campaign.id}`,
      'resend-broadcasts-get': `/resend/broadcasts/${campaign.id}`,
      'resend-broadcasts-recipients': `/resend/broadcasts/${campaign.id}/recipients`,
      'resend-broadcasts-clicked-links': `/resend/broadcasts/${campaign.id}/clicked-links`,
      'resend-contact-topics-list': `/resend/contacts/${subscriber.email}/topics`,
      // Paged from an anchor: its entry is read too.
      'resend-suppressions-list': `/resend/suppressions?origin=manual&after=${encodeURIComponent(suppressed)}`,
      'resend-receiving-list': '/resend/emails/receiving',
      'resend-receiving-get': `/resend/emails/receiving/${randomUUID()}`,
      'resend-receiving-attachments-list': `/resend/emails/receiving/${randomUUID()}/attachments`,
      'resend-receiving-attachments-get': `/resend/emails/receiving/${randomUUID()}/attachments/${randomUUID()}`,
      'suppressions-get': `/api/v1/suppressions/${encodeURIComponent(suppressed)}`,
      'events-list': '/api/v1/events',
      'events-get': `/api/v1/events/${event.id}`,
      'resend-events-list': '/resend/events',
      'resend-events-get': `/resend/events/${event.name}`,
      'automations-list': '/api/v1/automations',
      'automations-get': `/api/v1/automations/${automation.id}`,
      'resend-automations-list': '/resend/automations',
      'resend-automations-get': `/resend/automations/${automation.id}`,
      'automation-runs-list': `/api/v1/automations/${automation.id}/runs`,
      'resend-automation-runs-list': `/resend/automations/${automation.id}/runs`,
      // No run has started: the look-up of one still reads, and only reads.
      'automation-runs-get': `/api/v1/automations/${automation.id}/runs/${randomUUID()}`,
      'resend-automation-runs-get': `/resend/automations/${automation.id}/runs/${randomUUID()}`,
      'tenants-list': '/api/v1/tenants',
      'tenants-get': `/api/v1/tenants/${tenant.id}`,
      // A segment (and an audience) is a list.
      'resend-segments-list': '/resend/segments',
      'resend-segments-get': `/resend/segments/${list.id}`,
      'resend-audiences-list': '/resend/audiences',
      'resend-audiences-get': `/resend/audiences/${list.id}`,
      'resend-segment-contacts-list': `/resend/segments/${list.id}/contacts`,
      'resend-audience-contacts-list': `/resend/audiences/${list.id}/contacts`,
      'resend-audience-contacts-get': `/resend/audiences/${list.id}/contacts/${subscriber.email}`,
      'resend-suppressions-get': `/resend/suppressions/${encodeURIComponent(suppressed)}`,
    };
    const reading = routes.filter(
      (route) => route.method === 'GET' && route.permission !== null && route.id !== 'otp-status',
    );
    expect(Object.keys(paths).sort()).toEqual(reading.map((route) => route.id).sort());
    for (const [routeId, path] of Object.entries(paths)) {
      const { made } = await call(routeId, path, undefined, { notFound: NOT_FOUND.includes(routeId) });
      expect(
        made.filter(
          (request) =>
            request.action !== 'UpdateItem' &&
            !WHOLE_TABLE_READS.includes(request.action) &&
            !(request.action === 'PutItem' && request.leadingKeys.every((key) => key.startsWith('REQLOG#'))),
        ),
        routeId,
      ).toEqual([]);
    }
  });
});
