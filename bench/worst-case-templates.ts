import { campaignMailRenderer } from '../functions/domain/campaigns/campaign-mail';
import { MAIL_RENDER_STEPS, RENDER_STEPS, RenderBudget } from '../functions/domain/templates/render-budget';
import { templateRenderer } from '../functions/domain/templates/templates';
import type { Template } from '../functions/domain/templates/template';
import type { Campaign, Provider, Subscriber } from '../functions/domain/types';

/**
 * CPU time of the content work of one request whose template multiplies work (issue 35): sections
 * nested in sections, wide sections, a big value repeated, on the paths a request renders on (a
 * preview or send, a batch of 100 items sharing theirs) and a campaign chunk of 500 readers. In process, no
 * stack: the figure is the render's alone, stopped by its budget or the size limit. Goal: under 100 ms of CPU
 * per single request, a batch or a chunk under 1 s.
 */
export interface WorstCaseTemplate {
  shape: string;
  path: 'request' | 'batch of 100' | 'campaign chunk of 500';
  /** How the render ended: the error that stopped it, or `rendered`. */
  outcome: string;
  cpuMs: number;
}

const items = (count: number) => Array.from({ length: count }, (_, i) => i + 1);
const nested = (names: string[], inner = '') =>
  `${names.map((n) => `{{#${n}}}`).join('')}${inner}${[...names]
    .reverse()
    .map((n) => `{{/${n}}}`)
    .join('')}`;

const SHAPES: {
  shape: string;
  part: 'subject' | 'html' | 'text';
  source: string;
  variables: Record<string, unknown>;
}[] = [
  {
    shape: 'one name nested 4 deep, 150 items (subject)',
    part: 'subject',
    source: nested(['a', 'a', 'a', 'a']),
    variables: { a: items(150) },
  },
  {
    shape: 'one name nested 9 deep, 10 items (html)',
    part: 'html',
    source: `x${nested(Array(9).fill('a'))}`,
    variables: { a: items(10) },
  },
  {
    shape: 'seven names nested, 20 items each (text)',
    part: 'text',
    source: nested(['a', 'b', 'c', 'd', 'e', 'f', 'g'], '-'),
    variables: Object.fromEntries(['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((n) => [n, items(20)])),
  },
  {
    shape: '20,000 sections side by side, 5,000 items (html)',
    part: 'html',
    source: '{{#a}}{{/a}}'.repeat(20_000),
    variables: { a: items(5000) },
  },
  // A batch's or chunk's worst: every mail just under its share (MAIL_RENDER_STEPS), so none stops.
  {
    shape: "a list of 19,000 items (html), under a reader's share",
    part: 'html',
    source: '{{#a}}{{/a}}',
    variables: { a: items(19_000) },
  },
  {
    shape: 'a 16 KiB value in two nested lists of 500 (html)',
    part: 'html',
    source: nested(['a', 'a'], '{{b}}'),
    variables: { a: items(500), b: 'y'.repeat(16 * 1024) },
  },
];

const stoppedBy = (error: unknown) => (error as { code?: string }).code ?? (error as Error).name;

/** The CPU of `work` and how it ended: what it says, the error that stopped it, or `rendered`. */
const cpuMs = (work: () => string | undefined) => {
  const start = process.cpuUsage();
  let outcome = 'rendered';
  try {
    outcome = work() ?? outcome;
  } catch (error) {
    outcome = stoppedBy(error);
  }
  const used = process.cpuUsage(start);
  return { outcome, cpuMs: (used.user + used.system) / 1000 };
};

const template = (part: 'subject' | 'html' | 'text', source: string): Template => ({
  id: 'tpl',
  account_id: 'acct_bench',
  name: 'Worst',
  subject: 'Hello',
  html: null,
  text: 'x',
  [part]: source,
  variables: [],
  seq: 1,
  created_at: '',
  updated_at: '',
});

const READER: Subscriber = {
  id: 'sub',
  email: 'reader@example.com',
  name: 'Reader',
  metadata: {},
} as unknown as Subscriber;
const PROVIDER = { id: 'prov', from_email: 'news@example.com', from_name: null } as unknown as Provider;

/** For each shape and path, the worst of `runs` runs after a first one that pays for the JIT. */
export const measureWorstCaseTemplates = async (runs = 3): Promise<WorstCaseTemplate[]> => {
  const rows: WorstCaseTemplate[] = [];
  for (const { shape, part, source, variables } of SHAPES) {
    const render = await templateRenderer(template(part, source));
    const campaign = {
      id: 'camp',
      account_id: 'acct_bench',
      subject: 'Hello',
      html: null,
      text: 'x',
      [part]: source,
      variables,
      reply_to: null,
    } as unknown as Campaign;
    const paths: [WorstCaseTemplate['path'], () => string | undefined][] = [
      ['request', () => void render(variables)],
      [
        'batch of 100',
        () => {
          const budget = new RenderBudget(100 * MAIL_RENDER_STEPS);
          const outcomes = new Map<string, number>();
          for (let i = 0; i < 100; i++) {
            let outcome = 'rendered';
            try {
              render(variables, budget.share(100 - i));
            } catch (error) {
              outcome = stoppedBy(error);
            }
            outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
          }
          return [...outcomes].map(([outcome, count]) => `${count} ${outcome}`).join(', ');
        },
      ],
      [
        'campaign chunk of 500',
        () => {
          // As the fan-out does (fanout.ts, renderChunk), without its yields: the same CPU, counted at once.
          const reader = campaignMailRenderer(campaign, PROVIDER, {
            key: 'bench',
            baseUrl: 'https://mail.example.com',
            now: new Date(),
          });
          const budget = new RenderBudget(500 * MAIL_RENDER_STEPS);
          for (let i = 0; i < 500; i++) reader(READER, i, budget.part(RENDER_STEPS));
        },
      ],
    ];
    for (const [path, work] of paths) {
      const measured = Array.from({ length: runs + 1 }, () => cpuMs(work));
      rows.push({
        shape,
        path,
        outcome: measured[0].outcome,
        cpuMs: Math.max(...measured.slice(1).map((m) => m.cpuMs)),
      });
    }
  }
  return rows;
};
