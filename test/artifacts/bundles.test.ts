import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKERS } from '../../functions/queues';
import { routes } from '../../functions/routes';
import type { RouteDefinition } from '../../functions/routes/define-route';
import { SERVICE_VERSION } from '../../functions/version';
import { createApp } from '../../lib/app';
import { apiGatewayEvent } from '../../local/api-gateway-event';
import { ensureTable } from '../../local/table';
import { deployedFunctions } from '../iam/function-policies';
import { fixtureText } from '../support/fixtures';
import { mailTo } from '../support/mailbox';
import { scratchDir } from '../support/scratch-dir';
import { startDnsServer } from '../support/dns-server';
import { uniqueDomain, verifiedDomain } from '../support/receiving-domain';
import { startSecretsManagerPeer } from '../support/secrets-manager-peer';
import { sesReceipt } from '../support/ses-receipt';
import { client, newAccount, startService, uniqueAddress } from '../support/service';
import { REQUIRED_ON_FIRST_USE } from '../../lib/constructs/function-bundle';
import { assetDirOf, inParallel, lambdaEnvironment, runBundle } from './run-bundle';

/**
 * What is deployed is what was tested (docs/promises.md): every function `cdk synth` built runs here
 * from its asset (index.mjs and the files beside it) in a fresh Node 22 process, with no environment
 * but the one its template gives it (pointed at the emulators), invoked with the event its trigger
 * sends. A bundle that misses a file or a variable fails here though every in-process test passes.
 */
/** The synthesized app (about 250 MB), removed after the file. */
const outdir = scratchDir('cdk-bundles-');
let deployed: ReturnType<typeof deployedFunctions>;
let secrets: Awaited<ReturnType<typeof startSecretsManagerPeer>>;
let apiKey: string;
let accountId: string;

beforeAll(async () => {
  // As an operator deploys it for the example.com domains these tests send from (SENDER_DOMAINS_ALLOWED).
  const { app, stack } = createApp({ outdir, context: { senderDomainsAllowed: 'example.com' } });
  app.synth();
  deployed = deployedFunctions(stack);
  // The stack's secrets, generated at deploy time in AWS: a value of our own for each ARN here.
  const arns = Object.keys(deployed.template.Resources).filter(
    (id) => deployed.template.Resources[id].Type === 'AWS::SecretsManager::Secret',
  );
  secrets = await startSecretsManagerPeer(
    Object.fromEntries(arns.map((id) => [deployed.resolve({ Ref: id }), `bundle-test-${id}-${crypto.randomUUID()}`])),
  );
  await ensureTable(process.env.TABLE_NAME!);
  ({ apiKey, accountId } = await newAccount('Bundles'));
}, 240_000);

afterAll(() => secrets?.close());

/** Runs the deployed function of `handler` once with `event`, with the timeout its template gives it. */
const invoke = (handler: string, event: unknown) => {
  const fn = deployed.functions.get(handler);
  if (!fn) throw new Error(`no function runs ${handler}`);
  const dir = assetDirOf(outdir, deployed.template, fn);
  const timeout = Number(deployed.template.Resources[fn.logicalId].Properties.Timeout ?? 3);
  return runBundle(
    dir,
    lambdaEnvironment(fn, deployed.template, dir, { secretsManager: secrets.endpoint }),
    event,
    timeout,
  );
};

const samplePath = (route: RouteDefinition) => route.path.replace(/\{[^}]+\}/g, 'sample');
const sampleParams = (route: RouteDefinition) =>
  Object.fromEntries([...route.path.matchAll(/\{([^}+]+)\+?\}/g)].map(([, name]) => [name, 'sample']));

/** The HTTP API's event for a request to the route (local/api-gateway-event.ts, as the local server builds it). */
const routeEvent = (
  route: RouteDefinition,
  options: { body?: unknown; key?: string; path?: string; params?: Record<string, string> } = {},
) => {
  const body = options.body === undefined ? Buffer.alloc(0) : Buffer.from(JSON.stringify(options.body));
  const headers: Record<string, string> = {
    host: 'api.example.com',
    'user-agent': 'bundle-test',
    ...(body.length ? { 'content-type': 'application/json' } : {}),
  };
  if (options.key) headers.authorization = `Bearer ${options.key}`;
  const request = {
    url: options.path ?? samplePath(route),
    method: route.method,
    headers,
    httpVersion: '1.1',
    socket: { remoteAddress: '198.51.100.7' },
  };
  return apiGatewayEvent(
    request as unknown as IncomingMessage,
    body,
    `${route.method} ${route.path}`,
    options.params ?? sampleParams(route),
  );
};

/** What an EventBridge schedule rule hands its target. */
const scheduledEvent = (rule: string) => ({
  version: '0',
  id: crypto.randomUUID(),
  'detail-type': 'Scheduled Event',
  source: 'aws.events',
  account: '123456789012',
  time: new Date().toISOString(),
  region: 'us-east-1',
  resources: [`arn:aws:events:us-east-1:123456789012:rule/${rule}`],
  detail: {},
});

const routeById = (id: string) => routes.find((route) => route.id === id)!;
const envelope = (outcome: { result?: { body?: string } }) => JSON.parse(outcome.result?.body ?? 'null');

describe('the synthesized bundles, run', () => {
  it('loads every function of the template from its asset under Node 22 and answers each route with no key as the ' +
    'service does', async () => {
    expect(process.versions.node.split('.')[0]).toBe('22');
    const outcomes = await inParallel(
      routes.map((route) => async () => ({
        route,
        outcome: await invoke(
          route.id,
          routeEvent(route, { body: route.method === 'GET' || route.method === 'DELETE' ? undefined : {} }),
        ),
      })),
    );
    const wrong: string[] = [];
    for (const { route, outcome } of outcomes) {
      const status = outcome.result?.statusCode as number | undefined;
      if (!outcome.ok) wrong.push(`${route.id}: ${outcome.error}\n${outcome.output.slice(-2000)}`);
      // Our envelope's UNAUTHORIZED, or Resend's own shape on its compatible routes (under /resend).
      else if (
        route.permission !== null &&
        (status !== 401 ||
          ![envelope(outcome).error?.code, envelope(outcome).name].some(
            (n) => n === 'UNAUTHORIZED' || n === 'missing_api_key',
          ))
      )
        wrong.push(`${route.id}: ${status} ${outcome.result?.body}`);
      else if (route.permission === null && (status === undefined || status >= 500))
        wrong.push(`${route.id}: ${status} ${outcome.result?.body}\n${outcome.output.slice(-2000)}`);
    }
    expect(wrong).toEqual([]);
  }, 240_000);

  it('answers health with 200 and the version, the reference page from its shipped file, and an unknown path with ' +
    'the 404 envelope', async () => {
    const [health, docs, notFound] = await Promise.all([
      invoke('health', routeEvent(routeById('health'))),
      invoke('docs', routeEvent(routeById('docs'), {})),
      invoke(
        'not-found',
        routeEvent(
          { ...routeById('health'), path: '/{proxy+}' },
          { path: '/api/v1/nothing-here', params: { proxy: 'api/v1/nothing-here' } },
        ),
      ),
    ]);
    expect(health.result?.statusCode, health.output).toBe(200);
    expect(envelope(health).data).toEqual({ status: 'ok', version: SERVICE_VERSION });
    expect(docs.result?.statusCode, docs.output).toBe(200);
    expect(notFound.result?.statusCode, notFound.output).toBe(404);
    expect(envelope(notFound).error.code).toBe('NOT_FOUND');
  }, 120_000);

  it('sends a mail through the SES emulator from the send bundle, with a provider from the providers one', async () => {
    const created = await invoke(
      'providers-create',
      routeEvent(routeById('providers-create'), {
        key: apiKey,
        body: { type: 'ses', name: 'SES', from_email: 'bundle@example.com', region: 'us-east-1' },
      }),
    );
    expect(created.result?.statusCode, created.output).toBe(201);
    const to = uniqueAddress('bundle');
    const sent = await invoke(
      'mail-send',
      routeEvent(routeById('mail-send'), {
        key: apiKey,
        body: { to, subject: 'From the bundle', text: 'Sent by index.mjs' },
      }),
    );
    expect(sent.result?.statusCode, `${sent.result?.body}\n${sent.output}`).toBeLessThan(300);
    expect((await mailTo(to)).map((mail) => mail.subject)).toEqual(['From the bundle']);
  }, 120_000);

  it('loads what a send needs only on some calls from the files beside index.mjs: the text part of a template ' +
    "(html-to-text.mjs), a scheduled mail's large file put and dropped on cancel (client-s3.mjs)", async () => {
    const template = await invoke(
      'templates-create',
      routeEvent(routeById('templates-create'), {
        key: apiKey,
        body: {
          name: 'Welcome',
          subject: 'Welcome {{name}}',
          html: '<h1>Welcome</h1><p>Dear {{name}}, <a href="https://example.com/start">start here</a>.</p>',
        },
      }),
    );
    expect(template.result?.statusCode, template.output).toBe(201);
    const to = uniqueAddress('bundle-template');
    const sent = await invoke(
      'mail-send',
      routeEvent(routeById('mail-send'), {
        key: apiKey,
        body: { to, template_id: envelope(template).data.id, variables: { name: 'Ann' } },
      }),
    );
    expect(sent.result?.statusCode, `${sent.result?.body}\n${sent.output}`).toBeLessThan(300);
    const [mail] = await mailTo(to);
    expect(mail.subject).toBe('Welcome Ann');
    expect(mail.body.text).toContain('Dear Ann, start here [https://example.com/start].');

    const file = { filename: 'report.bin', content: randomBytes(1024 * 1024).toString('base64') };
    const stored = async () => {
      const s3 = new S3Client({ forcePathStyle: true });
      const { Contents = [] } = await s3.send(
        new ListObjectsV2Command({ Bucket: process.env.ATTACHMENTS_BUCKET, Prefix: `${accountId}/` }),
      );
      s3.destroy();
      return Contents.length;
    };
    const scheduled = await invoke(
      'mail-send',
      routeEvent(routeById('mail-send'), {
        key: apiKey,
        body: {
          to: uniqueAddress('bundle-later'),
          subject: 'Later',
          text: 'attached',
          attachments: [file],
          scheduled_at: new Date(Date.now() + 3_600_000).toISOString(),
        },
      }),
    );
    expect(scheduled.result?.statusCode, `${scheduled.result?.body}\n${scheduled.output}`).toBe(202);
    expect(await stored()).toBe(1);
    const id = envelope(scheduled).data.message_id as string;
    const path = `/api/v1/mail/${encodeURIComponent(id)}/cancel`;
    const cancelled = await invoke(
      'mail-cancel',
      routeEvent(routeById('mail-cancel'), { key: apiKey, path, params: { message_id: id } }),
    );
    expect(cancelled.result?.statusCode, `${cancelled.result?.body}\n${cancelled.output}`).toBe(200);
    expect(await stored()).toBe(0);
  }, 180_000);

  it('decodes inbound mail in the charsets whose decoders the parser bundle requires on first use, from the files ' +
    'beside index.mjs (iconv-lite tables, encoding-japanese.cjs)', async () => {
    const parser = assetDirOf(outdir, deployed.template, deployed.functions.get(WORKERS.inboundParser.handler)!);
    // Every file the bundle requires on first use is there, and each is read by one of the mails below.
    for (const { file } of REQUIRED_ON_FIRST_USE) expect(existsSync(join(parser, file)), file).toBe(true);
    // The receiving domain is set up through the service in this process (its DNS look-ups answered here).
    const dns = await startDnsServer();
    process.env.DNS_SERVERS = dns.address;
    const service = await startService();
    const s3 = new S3Client({ forcePathStyle: true });
    try {
      const { apiKey: key } = await newAccount('Bundles inbound');
      const api = client(service, key);
      const domain = uniqueDomain('bundle-in');
      await verifiedDomain(api, domain, true);
      const to = `desk@${domain}`;
      // Bytes as a sender's program writes them: "日本語" in ISO-2022-JP, Shift_JIS and EUC-JP, "한국어" in
      // EUC-KR, "中文" in Big5 and GB18030.
      const bytes = (hex: string) => Buffer.from(hex, 'hex');
      const word = (charset: string, hex: string) => `=?${charset}?B?${bytes(hex).toString('base64')}?=`;
      const raw = (subject: string, charset: string, body: string) =>
        Buffer.from(
          [
            'From: a@elsewhere.example',
            `To: ${to}`,
            `Subject: ${subject}`,
            `Message-ID: <${crypto.randomUUID()}@elsewhere.example>`,
            'MIME-Version: 1.0',
            `Content-Type: text/plain; charset=${charset}`,
            'Content-Transfer-Encoding: base64',
            '',
            bytes(body).toString('base64'),
            '',
          ].join('\r\n'),
        );
      const mails = [
        raw(word('ISO-2022-JP', '1b2442467c4b5c386c1b2842'), 'Shift_JIS', '93fa967b8cea'),
        raw(word('EUC-KR', 'c7d1b1b9beee'), 'Big5', 'a4a4a4e5'),
        raw(word('EUC-JP', 'c6fccbdcb8ec'), 'GB18030', 'd6d0cec4'),
      ];
      for (const mail of mails) {
        const parsed = await invoke(WORKERS.inboundParser.handler, await sesReceipt(s3, mail, [to]));
        expect(parsed.ok, parsed.error ?? parsed.output).toBe(true);
      }
      const listed = (await api.get('/api/v1/inbound?limit=10')).body.data.inbound as { id: string }[];
      const read = await Promise.all(listed.map(async ({ id }) => (await api.get(`/api/v1/inbound/${id}`)).body.data));
      expect(read.map((mail) => [mail.subject, mail.text.trim()]).sort()).toEqual(
        [
          ['日本語', '日本語'],
          ['한국어', '中文'],
          ['日本語', '中文'],
        ].sort(),
      );
    } finally {
      s3.destroy();
      await service.close();
      dns.close();
    }
  }, 180_000);

  it('queues a batch from its bundle, and the drainer bundle, started as EventBridge starts it, sends it', async () => {
    const to = uniqueAddress('drained');
    const queued = await invoke(
      'mail-send-batch',
      routeEvent(routeById('mail-send-batch'), {
        key: apiKey,
        body: { messages: [{ to, subject: 'Drained from the bundle', text: 'x' }] },
      }),
    );
    expect(queued.result?.statusCode, `${queued.result?.body}\n${queued.output}`).toBeLessThan(300);
    const drained = await invoke(WORKERS.drainer.handler, scheduledEvent('DrainSchedule'));
    expect(drained.ok, drained.error ?? drained.output).toBe(true);
    expect((await mailTo(to)).map((mail) => mail.subject)).toEqual(['Drained from the bundle']);
  }, 180_000);

  it('runs the SQS-triggered workers on an SQS event, the SNS-subscribed one on an SNS event, the domain checker ' +
    'on its schedule', async () => {
    const sqsEvent = { Records: [] };
    const [webhooks, jobs, sesEvents, domains] = await Promise.all([
      invoke(WORKERS.webhookDeliverer.handler, sqsEvent),
      invoke(WORKERS.jobRunner.handler, sqsEvent),
      invoke(WORKERS.sesEvents.handler, JSON.parse(fixtureText('sns/lambda-event-delivery.json'))),
      invoke('domain-checker', scheduledEvent('DomainCheckSchedule')),
    ]);
    expect(domains.ok, domains.error ?? domains.output).toBe(true);
    expect(webhooks.result, webhooks.error ?? webhooks.output).toEqual({ batchItemFailures: [] });
    expect(jobs.result, jobs.error ?? jobs.output).toEqual({ batchItemFailures: [] });
    expect(sesEvents.ok, sesEvents.error ?? sesEvents.output).toBe(true);
  }, 120_000);

  it('reads its deployment secrets from Secrets Manager by the ARNs the template gives', () => {
    // The send above opened the tracking key (tracking links); the provider create sealed with the provider key.
    expect(new Set(secrets.reads).size).toBeGreaterThanOrEqual(1);
  });
});
