import { useState } from 'preact/hooks';
import { api, segment, type ApiError, type DataOf } from '../api';
import { href } from '../route';
import { dateTime, dateTimeSeconds } from '../ui/format';
import { useLoad } from '../ui/load';
import { ErrorNotice, Loading } from '../ui/notice';
import { CursorPager, useCursorPages } from '../ui/pager';

type Events = DataOf<'webhook-events-list'>;
type Event = Events['events'][number];
type Attempts = DataOf<'webhook-event-attempts-list'>;
const PAGE = 25;

/** Each post of one event, oldest first: the answer's status (or none), how long it took, what it said. */
const AttemptList = ({ path, attempts }: { path: string; attempts: number }) => {
  // `attempts` (the event's count) reloads the list after a replay made one more.
  const { loaded } = useLoad(() => api.get<Attempts>(`${path}/attempts`), [path, attempts]);
  if (loaded.state === 'loading') return <Loading />;
  if (loaded.state === 'error') return <ErrorNotice error={loaded.error} />;
  if (loaded.data.attempts.length === 0) return <p class="muted">Not posted yet.</p>;
  return (
    <table>
      <thead>
        <tr>
          {['Attempted', 'Status code', 'Duration', 'Response'].map((h) => (
            <th key={h} scope="col">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {loaded.data.attempts.map((attempt) => (
          <tr key={attempt.id}>
            <td>{dateTimeSeconds(attempt.attempted_at)}</td>
            <td>
              <span class={`badge ${attempt.status_code !== null && attempt.status_code < 300 ? 'ok' : 'bad'}`}>
                {attempt.status_code ?? 'no answer'}
              </span>
            </td>
            <td>{attempt.duration_ms} ms</td>
            <td>
              <pre class="snippet">{attempt.response_snippet}</pre>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
};

/** One event: its type, status and counts; its attempts on demand; Replay posts it again (the same webhook-id). */
const EventRow = ({ base, event, onReplayed }: { base: string; event: Event; onReplayed: () => void }) => {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError>();
  const path = `${base}/events/${segment(event.id)}`;
  const label = `${event.type} of ${dateTime(event.created_at)}`;
  return (
    <>
      <tr>
        <th scope="row">
          {event.type} <code class="muted">{event.id}</code>
        </th>
        <td>
          <span class={`badge status-${event.status}`}>{event.status}</span>
        </td>
        <td>{dateTime(event.created_at)}</td>
        <td>{event.attempts}</td>
        <td>
          {dateTime(event.last_attempt_at)}
          {event.next_attempt_at && <span class="muted"> · next {dateTime(event.next_attempt_at)}</span>}
        </td>
        <td class="row-actions">
          <button type="button" aria-expanded={open} aria-label={`Attempts of ${label}`} onClick={() => setOpen(!open)}>
            Attempts
          </button>{' '}
          <button
            type="button"
            aria-label={`Replay ${label}`}
            disabled={busy}
            onClick={async () => {
              setBusy(true);
              const answer = await api.post<DataOf<'webhook-events-replay'>>(`${path}/replay`);
              setBusy(false);
              setError(answer.ok ? undefined : answer.error);
              if (answer.ok) {
                setOpen(true);
                onReplayed();
              }
            }}
          >
            Replay
          </button>
        </td>
      </tr>
      {(open || error) && (
        <tr>
          <td colSpan={6}>
            {error && <ErrorNotice error={error} />}
            {open && <AttemptList path={path} attempts={event.attempts} />}
          </td>
        </tr>
      )}
    </>
  );
};

/**
 * The events posted to one endpoint in the last 30 days, newest first, a page at a time, each with its
 * status (delivered, failed, pending), its attempts and a Replay.
 */
export const WebhookHistory = ({ id }: { id: string }) => {
  const base = `/webhook-endpoints/${segment(id)}`;
  const endpoint = useLoad(() => api.get<DataOf<'webhook-endpoints-get'>>(base), [base]);
  const pages = useCursorPages();
  const { cursor } = pages;
  const { loaded, reload } = useLoad(
    () => api.get<Events>(`${base}/events?limit=${PAGE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`),
    [base, cursor],
    // While a delivery is due (a retry, a replay) the page asks again, so its outcome shows up by itself.
    { everyMs: 5000, keepPolling: (page) => page.events.some((event) => event.status === 'pending') },
  );
  const [replayed, setReplayed] = useState<string>();
  return (
    <>
      <p>
        <a href={href('/webhooks')}>All endpoints</a>
      </p>
      <section class="card" aria-labelledby="endpoint-history">
        <h2 id="endpoint-history">
          Events of {endpoint.loaded.state === 'ok' ? endpoint.loaded.data.url : 'the endpoint'}
        </h2>
        {endpoint.loaded.state === 'error' && <ErrorNotice error={endpoint.loaded.error} />}
        <p class="muted">
          Kept 30 days. A replay is a new delivery of the same event with the same webhook-id, so a receiver that
          already has it drops the repeat.
        </p>
        <div class="toolbar">
          <button type="button" onClick={() => void reload()}>
            Refresh
          </button>
        </div>
        {replayed && <p role="status">Replayed {replayed}.</p>}
        {loaded.state === 'loading' && <Loading />}
        {loaded.state === 'error' && <ErrorNotice error={loaded.error} />}
        {loaded.state === 'ok' &&
          (loaded.data.events.length === 0 ? (
            <p class="muted">No events posted to this endpoint in the last 30 days.</p>
          ) : (
            <div class="table-wrap">
              <table>
                <thead>
                  <tr>
                    {['Event', 'Status', 'Created', 'Attempts', 'Last attempt', 'Actions'].map((h) => (
                      <th key={h} scope="col">
                        {h}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {loaded.data.events.map((event) => (
                    <EventRow
                      key={event.id}
                      base={base}
                      event={event}
                      onReplayed={() => {
                        setReplayed(`${event.type} ${event.id}`);
                        void reload();
                      }}
                    />
                  ))}
                </tbody>
              </table>
            </div>
          ))}
        {loaded.state === 'ok' && <CursorPager label="Event" pages={pages} next={loaded.data.next_cursor} />}
      </section>
    </>
  );
};
