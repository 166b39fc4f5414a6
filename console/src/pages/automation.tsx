import { useEffect, useState } from 'preact/hooks';
import { api, segment, type DataOf } from '../api';
import { href } from '../route';
import { ConfirmButton } from '../ui/confirm';
import { count, dateTime, dateTimeSeconds } from '../ui/format';
import { Card, ListOf, useRowAction } from '../ui/list';
import { useLoad } from '../ui/load';
import { ErrorNotice, Loading } from '../ui/notice';
import { CursorPager, useCursorPages } from '../ui/pager';
import { CONNECTION_LABEL, orderedSteps, stepText, typeName } from './automation-graph';
import { Status, type Automation } from './automations';

type Run = DataOf<'automation-runs-get'>;
type Runs = DataOf<'automation-runs-list'>;
const RUNS_PAGE = 20;

const json = (value: unknown) => JSON.stringify(value, null, 2);

/** A send_email step's template, by its name and linked (its id while the name loads, or if it is gone). */
const TemplateLink = ({ config }: { config: Record<string, unknown> }) => {
  const id = String((config.template as { id?: unknown } | undefined)?.id ?? '');
  const { loaded } = useLoad(() => api.get<DataOf<'templates-get'>>(`/templates/${segment(id)}`), [id]);
  return (
    <p>
      Template: <a href={href(`/templates/${id}`)}>{loaded.state === 'ok' ? loaded.data.name : id}</a>
      {loaded.state === 'error' && (
        <span class="badge bad">{loaded.error.code === 'NOT_FOUND' ? 'not found' : loaded.error.code}</span>
      )}
    </p>
  );
};

/** The graph as the ordered list of its steps: what each does, its config, and where each way out leads. */
const Steps = ({ automation }: { automation: Automation }) => {
  const { ordered, unreached, leaving } = orderedSteps(automation);
  const number = new Map(ordered.map((step, i) => [step.key, i + 1]));
  return (
    <ol class="steps" aria-label="Steps">
      {ordered.map((step) => (
        <li key={step.key} id={`step-${step.key}`}>
          <p class="step-head">
            <strong>{typeName(step.type)}</strong> <code>{step.key}</code>
            {unreached.has(step.key) && <span class="badge warn">not reached from the trigger</span>}
          </p>
          <p>{stepText(step)}</p>
          {step.type === 'send_email' && <TemplateLink config={step.config} />}
          {Object.keys(step.config).length > 0 && (
            <pre class="source config" title="Config">
              {json(step.config)}
            </pre>
          )}
          <ul class="ways">
            {leaving(step.key).map((c) => (
              <li key={c.type}>
                {CONNECTION_LABEL[c.type]}: <a href={`#step-${c.to}`}>step {number.get(c.to)}</a> <code>{c.to}</code>
              </li>
            ))}
            {leaving(step.key).length === 0 && <li class="muted">The run ends here.</li>}
          </ul>
        </li>
      ))}
    </ol>
  );
};

/** When a step ran: its start, and its end (the time alone when on the same day). */
const Span = ({ start, end }: { start: string; end: string | null }) => {
  const from = dateTimeSeconds(start);
  const to = end ? dateTimeSeconds(end) : undefined;
  const [day] = from.split(/,\s*(?=[^,]*$)/);
  return (
    <time dateTime={start}>
      {from}
      {to && to !== from ? ` – ${to.startsWith(day) ? to.slice(day.length).replace(/^,\s*/, '') : to}` : ''}
    </time>
  );
};

/** One run's steps, in the order it reached them: status, when, what each gave and what went wrong. */
const Timeline = ({ automationId, runId }: { automationId: string; runId: string }) => {
  const { loaded } = useLoad(
    () => api.get<Run>(`/automations/${segment(automationId)}/runs/${segment(runId)}`),
    [automationId, runId],
    { everyMs: 3000, keepPolling: (run) => run.status === 'running' },
  );
  // The timeline opens under the runs, often below the fold: it is brought into view once it is there.
  const shown = loaded.state === 'ok';
  useEffect(() => {
    if (shown) document.getElementById('run-timeline')?.scrollIntoView({ block: 'nearest' });
  }, [shown, runId]);
  if (loaded.state === 'loading') return <Loading />;
  if (loaded.state === 'error') return <ErrorNotice error={loaded.error} />;
  const run = loaded.data;
  return (
    <Card id="run-timeline" title={`Run ${run.id}`}>
      <dl class="facts">
        <dt>Status</dt>
        <dd>
          <Status status={run.status} />
        </dd>
        <dt>Started</dt>
        <dd>{dateTimeSeconds(run.started_at)}</dd>
        <dt>Ended</dt>
        <dd>{dateTimeSeconds(run.completed_at)}</dd>
      </dl>
      {run.steps.length === 0 ? (
        <p class="muted">No step reached yet.</p>
      ) : (
        <ol class="timeline run-steps" aria-label="Steps of the run">
          {run.steps.map((step, i) => (
            <li key={`${step.key}-${i}`}>
              <p class="step-head">
                <strong>{typeName(step.type)}</strong> <code>{step.key}</code> <Status status={step.status} />{' '}
                <Span start={step.started_at ?? step.created_at} end={step.completed_at} />
              </p>
              {step.output && <p class="label">Output</p>}
              {step.output && <pre class="source">{json(step.output)}</pre>}
              {step.error && (
                <div class="notice error">
                  <p class="label">Error</p>
                  <pre class="source">{json(step.error)}</pre>
                </div>
              )}
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
};

/** The automation's runs, newest first (paged by run ids); each opens its timeline below. */
const RunList = ({ automationId, changed }: { automationId: string; changed: number }) => {
  const pages = useCursorPages();
  const { cursor } = pages;
  const [chosen, choose] = useState<string>();
  const { loaded } = useLoad(
    () =>
      api.get<Runs>(
        `/automations/${segment(automationId)}/runs?limit=${RUNS_PAGE}${cursor ? `&after=${segment(cursor)}` : ''}`,
      ),
    [automationId, cursor, changed],
  );
  return (
    <>
      <Card id="runs" title="Runs">
        <ListOf
          loaded={loaded}
          items={(data) => data.runs}
          empty="No runs yet: an event its trigger names starts one per contact."
          headings={['Run', 'Status', 'Started', 'Ended']}
          row={(run) => (
            <tr key={run.id} aria-current={run.id === chosen ? 'true' : undefined}>
              <th scope="row">
                <button
                  type="button"
                  class="quiet"
                  aria-label={`Steps of run ${run.id}`}
                  aria-pressed={run.id === chosen}
                  onClick={() => choose(run.id === chosen ? undefined : run.id)}
                >
                  <code>{run.id.slice(0, 8)}</code>
                </button>
              </th>
              <td>
                <Status status={run.status} />
              </td>
              <td>{dateTime(run.started_at)}</td>
              <td>{dateTime(run.completed_at)}</td>
            </tr>
          )}
          footer={(data) => (
            <CursorPager
              label="Run"
              pages={pages}
              next={data.has_more && data.runs.length ? data.runs[data.runs.length - 1].id : null}
            />
          )}
        />
      </Card>
      {chosen && <Timeline automationId={automationId} runId={chosen} />}
    </>
  );
};

/** One automation: its status with enable / disable and stop, its steps in order, its runs and their timelines. */
export const AutomationView = ({ id }: { id: string }) => {
  const { loaded, reload } = useLoad(() => api.get<Automation>(`/automations/${segment(id)}`), [id]);
  const action = useRowAction();
  const [said, say] = useState<string>();
  const [changed, setChanged] = useState(0);
  if (loaded.state === 'loading') return <Loading />;
  if (loaded.state === 'error') return <ErrorNotice error={loaded.error} />;
  const automation = loaded.data;
  const path = `/automations/${segment(automation.id)}`;
  const setStatus = (status: 'enabled' | 'disabled') =>
    action.act(api.patch<Automation>(path, { status }), (updated) => {
      say(`${updated.name} is ${updated.status}.`);
      void reload();
    });
  return (
    <>
      <p>
        <a href={href('/automations')}>All automations</a>
      </p>
      <Card id="automation" title={automation.name}>
        <dl class="facts">
          <dt>Status</dt>
          <dd>
            <Status status={automation.status} />
          </dd>
          <dt>Created</dt>
          <dd>{dateTime(automation.created_at)}</dd>
          <dt>Updated</dt>
          <dd>{dateTime(automation.updated_at)}</dd>
        </dl>
        {action.error && <ErrorNotice error={action.error} />}
        {said && <p role="status">{said}</p>}
        <div class="actions">
          {automation.status === 'disabled' ? (
            <button type="button" onClick={() => void setStatus('enabled')}>
              Enable
            </button>
          ) : (
            <button type="button" class="quiet" onClick={() => void setStatus('disabled')}>
              Disable
            </button>
          )}
          <ConfirmButton
            label="Stop"
            confirm="Stop and cancel its runs"
            onConfirm={async () => {
              await action.act(api.post<DataOf<'automations-stop'>>(`${path}/stop`), (stopped) => {
                say(`Stopped: disabled, ${count(stopped.cancelled_runs)} running runs cancelled.`);
                setChanged((n) => n + 1);
                void reload();
              });
            }}
          />
        </div>
        <p class="hint">
          Disable keeps the runs going on; Stop disables it and cancels every run still going (no further step).
        </p>
      </Card>
      <Card id="steps" title="Steps">
        <Steps automation={automation} />
      </Card>
      <RunList automationId={automation.id} changed={changed} />
    </>
  );
};
