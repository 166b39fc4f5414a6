/**
 * Template rendering for many readers: a 100 KB html template (with a text part, and a section over
 * a list) made ready once, then rendered for each reader with their own values, as a campaign's
 * fan-out chunk does (functions/domain/campaigns/campaign-mail.ts). No AWS call, no stack: the figure is
 * the engine's alone. Also the cost of the text part a template without one gets (html-to-text on
 * each rendered html, as a single send or batch item from such a template pays it), from a few renders.
 */
import { loadavg } from 'node:os';
import { compileTemplate } from '../functions/domain/templates/engine';
import { loadTextFromHtml } from '../functions/domain/templates/plain-text';

export interface TemplateRender {
  templateBytes: number;
  readers: number;
  /** Wall-clock ms to make the template ready and render it for every reader. */
  totalMs: number;
  /**
   * CPU ms of the same (user + system time of this process): what the work costs, whatever else the
   * machine runs; wall time on a shared machine also counts the time other processes held the cores.
   */
  cpuMs: number;
  /** The machine's one-minute load average while it ran, beside its core count. */
  loadAverage: number;
  /** ms per rendering of the text part from the html, for templates that have none. */
  textFromHtmlMs: number;
}

const PARAGRAPH =
  '<tr><td style="padding:8px;font-family:sans-serif">Dear {{name}}, here is what is new for {{email}} this week: ' +
  '<a href="https://shop.example.com/p/{{metadata.plan}}">offers for your plan</a> and <b>{{{badge}}}</b>.</td></tr>\n';

export const benchTemplate = (bytes = 100_000) => {
  const body = PARAGRAPH.repeat(Math.ceil(bytes / PARAGRAPH.length));
  return {
    subject: 'News for {{name}}',
    html:
      `<html><body><table>${body}</table><ul>{{#links}}<li><a ` +
      `href="{{url}}">{{label}}</a></li>{{/links}}</ul><a ` +
      `href="{{unsubscribe_url}}">Unsubscribe</a></body></html>`,
    text: 'Dear {{name}}, the news for {{email}}: https://shop.example.com/news\nUnsubscribe: {{unsubscribe_url}}',
  };
};

const reader = (i: number) => ({
  name: `Reader <${i}>`,
  email: `reader${i}@example.com`,
  unsubscribe_url: `https://mail.example.com/u/token${i}`,
  metadata: { plan: i % 2 ? 'gold' : 'basic' },
  badge: '<i>new</i>',
  links: [
    { url: 'https://example.com/a', label: 'A & B' },
    { url: 'https://example.com/c', label: 'C' },
  ],
});

export const measureTemplateRender = async (readers = 1000): Promise<TemplateRender> => {
  const textFromHtml = await loadTextFromHtml();
  const template = benchTemplate();
  const started = performance.now();
  const cpu = process.cpuUsage();
  const render = compileTemplate(template);
  let bytes = 0;
  for (let i = 0; i < readers; i++) bytes += render(reader(i)).html!.length;
  const totalMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  const cpuMs = (used.user + used.system) / 1000;
  if (bytes < readers * 100_000) throw new Error('the rendered mail is shorter than its template');

  const html = render(reader(0)).html!;
  const textRuns = 5;
  const textStarted = performance.now();
  for (let i = 0; i < textRuns; i++) textFromHtml(html);
  return {
    templateBytes: Buffer.byteLength(template.html),
    readers,
    totalMs,
    cpuMs,
    loadAverage: loadavg()[0],
    textFromHtmlMs: (performance.now() - textStarted) / textRuns,
  };
};
