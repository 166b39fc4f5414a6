import { useState } from 'preact/hooks';
import { api, segment, type DataOf } from '../api';
import { href } from '../route';
import { dateTimeSeconds } from '../ui/format';
import { Card, ListOf } from '../ui/list';
import { useLoad } from '../ui/load';
import { ErrorNotice, Loading } from '../ui/notice';
import { CursorPager, useCursorPages } from '../ui/pager';

type Page = DataOf<'logs-list'>;
type Entry = DataOf<'logs-get'>;
const PAGE = 100;

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
const OUTCOMES = [
  ['2xx', 'Succeeded (2xx)'],
  ['4xx', 'Refused (4xx)'],
  ['5xx', 'Failed (5xx)'],
] as const;

const statusClass = (status: number) => (status < 300 ? 'ok' : status < 500 ? 'warn' : 'bad');

/** The API's filters (`GET /logs`): over every page of the log, not just the one shown. */
interface Filter {
  method: string;
  outcome: string;
  path: string;
}

const logQuery = (filter: Filter, cursor: string | undefined) =>
  new URLSearchParams({
    limit: String(PAGE),
    ...(filter.method ? { method: filter.method } : {}),
    ...(filter.outcome ? { status: filter.outcome } : {}),
    ...(filter.path ? { endpoint: filter.path } : {}),
    ...(cursor ? { cursor } : {}),
  }).toString();

const Select = ({
  id,
  label,
  value,
  onChange,
  options,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly (readonly [string, string])[];
}) => (
  <>
    <label for={id}>{label}</label>
    <select id={id} value={value} onChange={(event) => onChange((event.currentTarget as HTMLSelectElement).value)}>
      <option value="">Any</option>
      {options.map(([v, l]) => (
        <option key={v} value={v}>
          {l}
        </option>
      ))}
    </select>
  </>
);

/**
 * The requests made with the account's keys in the last 30 days, newest first, 100 a page; filtered by method,
 * outcome and path; each opens its bodies as logged (secrets already "[redacted]" by the service).
 */
const RequestList = () => {
  const pages = useCursorPages();
  const { cursor } = pages;
  const [filter, setFilter] = useState<Filter>({ method: '', outcome: '', path: '' });
  // The path applies when typed out (Enter or leaving the field), not at each key: each is a request.
  const [path, setPath] = useState('');
  const { loaded, reload } = useLoad(
    () => api.get<Page>(`/logs?${logQuery(filter, cursor)}`),
    [cursor, filter.method, filter.outcome, filter.path],
  );
  // A new filter starts again from the newest entry.
  const set = (key: keyof Filter) => (value: string) => {
    pages.setCursors([]);
    setFilter({ ...filter, [key]: value.trim() });
  };
  const filtering = Boolean(filter.method || filter.outcome || filter.path);
  return (
    <Card id="requests" title="Requests">
      <p class="hint">
        Every request made with one of the account's keys in the last 30 days. A filtered page reads at most 1,000
        entries: it may show fewer than {PAGE}, with a next page to go on.
      </p>
      <div class="toolbar wrap">
        <Select
          id="log-method"
          label="Method"
          value={filter.method}
          onChange={set('method')}
          options={METHODS.map((m) => [m, m])}
        />
        <Select id="log-outcome" label="Status" value={filter.outcome} onChange={set('outcome')} options={OUTCOMES} />
        <label for="log-path">Path contains</label>
        <input
          id="log-path"
          class="narrow"
          value={path}
          onInput={(event) => setPath((event.currentTarget as HTMLInputElement).value)}
          onChange={() => set('path')(path)}
          onKeyDown={(event) => event.key === 'Enter' && set('path')(path)}
          autoComplete="off"
        />
        <button type="button" class="quiet" onClick={() => void reload()}>
          Refresh
        </button>
      </div>
      <ListOf
        loaded={loaded}
        items={(data) => data.logs}
        empty={
          filtering
            ? 'No request among the entries read matches; a next page, if any, reads on.'
            : 'No requests logged yet.'
        }
        headings={['Request', 'Status', 'Time', 'Client']}
        row={(entry) => (
          <tr key={entry.id}>
            <th scope="row">
              <a href={href(`/request-log/${entry.id}`)} class="breakable">
                <code>
                  {entry.method} {entry.endpoint}
                </code>
              </a>
            </th>
            <td>
              <span class={`badge ${statusClass(entry.response_status)}`}>{entry.response_status}</span>
            </td>
            <td class="nowrap">{dateTimeSeconds(entry.created_at)}</td>
            <td class="muted">
              <span class="clipped" title={entry.user_agent ?? undefined}>
                {entry.user_agent ?? ''}
              </span>
            </td>
          </tr>
        )}
        footer={(data) => <CursorPager label="Request" pages={pages} next={data.next_cursor} />}
      />
    </Card>
  );
};

/** A logged body: JSON laid out, a cut one (past 64 KiB, a string) as its text, none said so. */
const Body = ({ value }: { value: unknown }) =>
  value === null || value === undefined ? (
    <p class="muted">No body.</p>
  ) : (
    <pre class="source">{typeof value === 'string' ? value : JSON.stringify(value, null, 2)}</pre>
  );

/** One request: what was called, its answer's status, and both bodies as the log keeps them (redacted). */
const RequestView = ({ id }: { id: string }) => {
  const { loaded } = useLoad(() => api.get<Entry>(`/logs/${segment(id)}`), [id]);
  return (
    <>
      <p>
        <a href={href('/request-log')}>All requests</a>
      </p>
      {loaded.state === 'loading' && <Loading />}
      {loaded.state === 'error' && <ErrorNotice error={loaded.error} />}
      {loaded.state === 'ok' && (
        <>
          <Card
            id="request"
            title={
              <code>
                {loaded.data.method} {loaded.data.endpoint}
              </code>
            }
          >
            <dl class="facts">
              <dt>Status</dt>
              <dd>
                <span class={`badge ${statusClass(loaded.data.response_status)}`}>{loaded.data.response_status}</span>
              </dd>
              <dt>Time</dt>
              <dd>{dateTimeSeconds(loaded.data.created_at)}</dd>
              <dt>Client</dt>
              <dd>{loaded.data.user_agent ?? '—'}</dd>
              <dt>Id</dt>
              <dd>
                <code>{loaded.data.id}</code>
              </dd>
            </dl>
            <p class="hint">
              Secrets (keys, passwords, signing secrets, codes, attachment contents) were replaced by "[redacted]"
              before the request was logged; bodies past 64 KiB are cut.
            </p>
          </Card>
          <Card id="request-body" title="Request body">
            <Body value={loaded.data.request_body} />
          </Card>
          <Card id="response-body" title="Response body">
            <Body value={loaded.data.response_body} />
          </Card>
        </>
      )}
    </>
  );
};

export const RequestLog = ({ id }: { id?: string }) => (id ? <RequestView id={id} /> : <RequestList />);
