/**
 * Issue 29's measure: a CSV of `rows` subscribers (100,000 by default; BENCH_IMPORT lowers it)
 * imported into a list through the API and the job runner. Reports the time to accept the file and
 * to import every row, the import's progress after its first job (visible while it runs), and every
 * AWS call of the request and the jobs divided by the rows. Goal: at most 1.2 calls per row.
 */
import { awsCalls, capacity, resetAwsCalls } from '../functions/adapters/instrument';
import type { LocalStack } from './local-stack';

export interface ImportBench {
  rows: number;
  acceptSeconds: number;
  importSeconds: number;
  jobs: number;
  /** GET /imports/{id} every 2 s while the jobs run: rows processed, as it grew. */
  progress: number[];
  imported: number;
  calls: Record<string, number>;
  callsPerRow: number;
  writeUnitsPerRow: number;
}

export const measureImport = async (stack: LocalStack, rows: number): Promise<ImportBench> => {
  const { runJobsOnce } = await import('../local/trigger-runs');
  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${stack.baseUrl}/api/v1${path}`, {
      ...init,
      headers: { Authorization: `Bearer ${stack.apiKey}`, 'Content-Type': 'application/json', ...init.headers },
    }).then(async (answer) => ((await answer.json()) as { data: Record<string, any> }).data);
  const list = await api('/lists', { method: 'POST', body: JSON.stringify({ name: `Import bench ${Date.now()}` }) });
  const csv = [
    'email,name,plan',
    ...Array.from({ length: rows }, (_, i) => `import${i}-${list.id.slice(0, 8)}@example.com,Reader ${i},free`),
  ].join('\n');

  process.env.MEASURE_CAPACITY = '1';
  resetAwsCalls();
  let started = Date.now();
  const accepted = await api(`/lists/${list.id}/import`, {
    method: 'POST',
    body: csv,
    headers: { 'Content-Type': 'text/csv' },
  });
  const acceptSeconds = (Date.now() - started) / 1000;
  started = Date.now();
  // Progress as a client sees it, while the jobs run (each look costs 3 calls: the key, its rate limit, the import).
  const progress: number[] = [];
  let running = true;
  const watch = (async () => {
    while (running) {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const now = await api(`/imports/${accepted.id}`);
      if (progress[progress.length - 1] !== now.processed) progress.push(now.processed);
    }
  })();
  let jobs = 0;
  for (let idle = 0; idle < 3; ) {
    const ran = await runJobsOnce();
    jobs += ran;
    idle = ran ? 0 : idle + 1;
  }
  const importSeconds = (Date.now() - started) / 1000;
  running = false;
  await watch;
  const calls = { ...awsCalls };
  const done = await api(`/imports/${accepted.id}`);
  if (done.status !== 'done') throw new Error(`the import ended ${done.status}: ${JSON.stringify(done).slice(0, 300)}`);
  const total = Object.values(calls).reduce((a, b) => a + b, 0);
  return {
    rows,
    acceptSeconds,
    importSeconds,
    jobs,
    progress,
    imported: done.imported,
    calls,
    callsPerRow: total / rows,
    writeUnitsPerRow: capacity.write / rows,
  };
};

/** The values `processed` took, shortened: a long run shows its first steps and its end. */
const shown = (progress: number[]) => {
  const all = progress.map((n) => n.toLocaleString('en'));
  return all.length <= 6
    ? all.join(' → ')
    : `${all.slice(0, 3).join(' → ')} → … → ${all.slice(-2).join(' → ')} (${all.length} values)`;
};

/** The calls by operation, as the table shows them: `Query 3, PutItem 2`. */
const callList = (calls: Record<string, number>) =>
  Object.entries(calls)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');

/** The report's section (also what `npm run bench -- --only import` prints). */
export const importSection = (m: ImportBench) => [
  '## 3f. Bulk import',
  '',
  `A CSV of ${m.rows.toLocaleString('en')} rows imported into a list: POST /lists/{id}/import, then the job runner ` +
    `(${m.jobs} jobs). Calls: every AWS call of the request, the jobs and the GET /imports that watched it every ` +
    `2 s (their key checks included), divided by the rows. Goal: at most 1.2 calls per row.`,
  '',
  '| Rows | Imported | Accept | Import | `processed` seen while it ran | Calls per row | Calls | WRU per row | Goal |',
  '|---|---|---|---|---|---|---|---|---|',
  `| ${m.rows} | ${m.imported} | ${m.acceptSeconds.toFixed(1)} s | ${m.importSeconds.toFixed(0)} s | ` +
    `${shown(m.progress)} | ${m.callsPerRow.toFixed(3)} | ${callList(m.calls)} | ${m.writeUnitsPerRow.toFixed(2)} | ` +
    `${m.callsPerRow <= 1.2 ? 'met' : 'missed'} |`,
  '',
];
