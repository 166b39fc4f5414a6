/**
 * Cold start per function: the size of the synthesized `index.mjs` (the file Lambda imports at init;
 * packages loaded only with `import()` sit beside it in files of their own, lib/constructs/function-bundle.ts)
 * and the time a fresh Node 22 process takes to import it (which runs its init), beside a floor bundle
 * that imports only the same AWS SDK clients, built with the same esbuild settings. Runs alternate
 * function and floor, median of N.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import * as esbuild from 'esbuild';
import { BUNDLE } from '../lib/constructs/bundling-options';
import { ENTRY_BUILD, routeEntrySource } from '../lib/constructs/function-bundle';
import { routes } from '../functions/routes';

/** The construct's bundling settings in esbuild's own API shape. */
const ESBUILD = { ...BUNDLE, banner: { js: BUNDLE.banner } };

export interface ColdStart {
  function: string;
  /** `index.mjs`: the code loaded at init. */
  bundleKb: number;
  /**
   * The other code files of the asset (loaded on first use, if ever), with their sizes: also downloaded on a
   * cold start.
   */
  lazyFiles: string[];
  floorKb: number;
  initMs: number;
  floorInitMs: number;
  clients: string[];
  /** What else weighs in the bundle: packages (and our own code) over 10 KB, largest first. */
  extras: string[];
}

/** The functions that are not routes, by logical id (without its hash): their handler files. */
const OTHER_FUNCTIONS: Record<string, string> = {
  Drainer: 'drainer',
  SesEvents: 'ses-events',
  WebhookDeliverer: 'webhook-deliverer',
  JobRunner: 'jobs',
  InboundMailParser: 'inbound-mail',
  DomainChecker: 'domain-checker',
  AutomationRunner: 'automations',
};

/** The workers' handlers (the bench holds them to their own goal: bench/report.ts). */
export const WORKER_FUNCTIONS: ReadonlySet<string> = new Set(Object.values(OTHER_FUNCTIONS));

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Which SDK clients end up in a function's bundle (files that contribute bytes after tree-shaking),
 * and what else weighs in it besides the SDK.
 */
const contentsOf = async (name: string) => {
  // The construct's own options and entry (a worker's file, a route's generated entry), so that
  // lazily loaded packages are left out here as there.
  const route = routes.find((candidate) => candidate.id === name);
  const root = resolve('.');
  const result = await esbuild.build({
    ...ENTRY_BUILD,
    ...(route
      ? { stdin: { contents: routeEntrySource(root, route), resolveDir: root, loader: 'ts' as const } }
      : { entryPoints: [resolve('functions/handlers', `${name}.ts`)] }),
    metafile: true,
    write: false,
    outfile: 'probe.mjs',
  });
  const clients = new Set<string>();
  const weights = new Map<string, number>();
  for (const [input, { bytesInOutput }] of Object.entries(result.metafile!.outputs['probe.mjs'].inputs)) {
    if (bytesInOutput === 0) continue;
    const match = input.match(/node_modules\/@aws-sdk\/(client-[a-z0-9-]+|lib-dynamodb)\//);
    if (match) clients.add(match[1]);
    const pkg = input.match(/node_modules\/((?:@[^/]+\/)?[^/]+)\//)?.[1] ?? 'our code';
    if (
      !/^@(aws-sdk|smithy|aws-crypto)\//.test(pkg) &&
      !['tslib', 'fast-xml-parser', 'strnum', 'bowser', 'mnemonist', 'uuid'].includes(pkg)
    ) {
      weights.set(pkg, (weights.get(pkg) ?? 0) + bytesInOutput);
    }
  }
  const extras = [...weights]
    .filter(([, bytes]) => bytes > 10 * 1024)
    .sort((a, b) => b[1] - a[1])
    .map(([pkg, bytes]) => `${pkg} ${(bytes / 1024).toFixed(0)} KB`);
  return { clients: [...clients].sort(), extras };
};

/**
 * The clients a floor builds. S3 is one since the send functions load it on first use (beside the entry,
 * lib/constructs/function-bundle.ts): only the functions that need it on every call (the inbound parser,
 * GET /inbound/{id}) carry it in index.mjs, and their floor carries it too.
 */
const CLIENT_CLASS: Record<string, string> = {
  'client-dynamodb': 'DynamoDBClient',
  'client-s3': 'S3Client',
  'client-secrets-manager': 'SecretsManagerClient',
  'client-sesv2': 'SESv2Client',
  'client-sqs': 'SQSClient',
};

const buildFloor = async (clients: string[], outfile: string) => {
  const lines = clients
    .filter((c) => CLIENT_CLASS[c])
    .map((c, i) => `import { ${CLIENT_CLASS[c]} as C${i} } from '@aws-sdk/${c}';\nexport const c${i} = new C${i}({});`);
  if (clients.includes('lib-dynamodb'))
    lines.push(
      "import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';\nexport const doc = " +
        'DynamoDBDocumentClient.from(c0);',
    );
  if (clients.includes('lib-dynamodb') && clients[0] !== 'client-dynamodb')
    throw new Error('the floor wraps c0 in the document client: c0 must be the DynamoDB client');
  const source = lines.join('\n') || 'export {};';
  await esbuild.build({
    ...ESBUILD,
    stdin: { contents: source, resolveDir: process.cwd(), loader: 'js' },
    bundle: true,
    platform: 'node',
    outfile,
  });
};

const initTime = (file: string, node: string) => {
  const script =
    `const t=performance.now();await ` +
    `import(${JSON.stringify(`file://${file}`)});process.stdout.write(String(performance.now()-t));`;
  const out = execFileSync(node, ['--input-type=module', '-e', script], {
    env: {
      ...process.env,
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'x',
      AWS_SECRET_ACCESS_KEY: 'x',
      TABLE_NAME: 't',
      LOG_LEVEL: 'silent',
    },
  });
  return Number(out.toString());
};

/**
 * Every function of the synthesized stack, or only those named in `only` (BENCH_FUNCTIONS: many runs of a
 * few functions, to tell an init ratio from noise).
 */
export const measureColdStarts = async (cdkOut: string, runs: number, only?: string[]): Promise<ColdStart[]> => {
  // The core stack and every route area's nested stack (lib/route-areas.ts): each holds functions.
  const resources = readdirSync(cdkOut)
    .filter((file) => file.endsWith('.template.json'))
    .flatMap((file) => Object.entries<any>(JSON.parse(readFileSync(join(cdkOut, file), 'utf8')).Resources));
  const floors = resolve('bench/out/floors');
  mkdirSync(floors, { recursive: true });
  const node = process.execPath;
  const results: ColdStart[] = [];
  for (const [logicalId, resource] of resources) {
    if (resource.Type !== 'AWS::Lambda::Function' || !resource.Metadata?.['aws:asset:path']) continue;
    const asset = resolve(cdkOut, resource.Metadata['aws:asset:path']);
    const bundle = join(asset, 'index.mjs');
    // Code and data files read on first use: `.mjs` (import()), `.cjs` and the charset tables (require()).
    const lazyFiles = readdirSync(asset, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.(mjs|cjs)$|^tables\/.*\.json$/.test(file) && file !== 'index.mjs')
      .map((file) => `${file} ${(statSync(join(asset, file)).size / 1024).toFixed(0)} KB`);
    const handlerName = logicalId.startsWith('Route')
      ? readHandlerName(resource)
      : OTHER_FUNCTIONS[logicalId.replace(/[0-9A-F]{8}$/, '')];
    if (!handlerName) throw new Error(`bench/cold-start.ts does not know the handler of ${logicalId}`);
    if (only && !only.includes(handlerName)) continue;
    const { clients, extras } = await contentsOf(handlerName);
    const floor = join(floors, `${handlerName}.mjs`);
    await buildFloor(clients, floor);
    const times: number[] = [];
    const floorTimes: number[] = [];
    for (let i = 0; i < runs; i++) {
      times.push(initTime(bundle, node));
      floorTimes.push(initTime(floor, node));
    }
    results.push({
      function: handlerName,
      bundleKb: statSync(bundle).size / 1024,
      lazyFiles,
      floorKb: statSync(floor).size / 1024,
      initMs: median(times),
      floorInitMs: median(floorTimes),
      clients,
      extras,
    });
  }
  writeFileSync(
    join(floors, 'README.txt'),
    'Floor bundles: only the AWS SDK clients each function uses, built with the same esbuild settings.\n',
  );
  return results;
};

/** Route functions carry "METHOD /path" as their description; map it back to the route's handler id. */
const routeIds = new Map<string, string>();
export const registerRoutes = (routes: readonly { id: string; method: string; path: string }[]) => {
  for (const route of routes) routeIds.set(`${route.method} ${route.path}`, route.id);
  routeIds.set('not-found', 'not-found');
};
const readHandlerName = (resource: any) => routeIds.get(resource.Properties.Description) ?? 'not-found';
