import { useState } from 'preact/hooks';
import { MESSAGE_STATUSES } from '../../../functions/domain/types';
import { api, refuse, segment, type DataOf } from '../api';
import { go, href } from '../route';
import { Field, FormError, localDateTime, text, useForm, type FormState } from '../ui/form';
import { dateTime, instant } from '../ui/format';
import { useLoad } from '../ui/load';
import { TenantPicker, tenantQuery, useTenant } from '../ui/tenant';
import { MailFrame } from '../ui/mail-frame';
import { ErrorNotice, Loading } from '../ui/notice';
import { CursorPager, useCursorPages } from '../ui/pager';

type Status = DataOf<'mail-status'>;
type Message = Status['message'];
type Log = DataOf<'mail-list'>;

/** A log page: 100 rows, as the route allows at most. */
const PAGE = 100;

/** A timeline entry: what happened, when, and what the event recorded. */
type Moment = { what: string; at: string; event?: Status['events'][number] };

/**
 * The message's life oldest first: accepted (created_at), sent (sent_at) and each recorded event, by
 * instant (the API's times are UTC, some without a zone: `instant` reads them alike).
 */
const timeline = (message: Message, events: Status['events']): Moment[] =>
  [
    { what: 'accepted', at: message.created_at },
    ...(message.sent_at ? [{ what: 'sent', at: message.sent_at }] : []),
    ...events.map((event) => ({ what: event.event_type, at: event.created_at, event })),
  ]
    .map((moment, index) => ({ moment, index, time: instant(moment.at).getTime() }))
    .sort((a, b) => a.time - b.time || a.index - b.index)
    .map(({ moment }) => moment);

type BodyPart = 'html' | 'text';

/**
 * The body as sent (before tracking), when the API keeps it (`message.html`, `message.text`, for
 * MESSAGE_RETENTION_DAYS): a tab for the HTML, rendered in the sandboxed frame the template previews use,
 * and one for the text as it reads.
 */
const Body = ({ message }: { message: Message }) => {
  const parts = (['html', 'text'] as const).filter((part) => message[part]);
  const [chosen, choose] = useState<BodyPart>('html');
  if (!parts.length) return <p class="muted">The body of this message is not kept.</p>;
  const shown = parts.includes(chosen) ? chosen : parts[0];
  return (
    <div class="body-tabs">
      <div role="tablist" aria-label="The message's body">
        {parts.map((part) => (
          <button
            key={part}
            type="button"
            role="tab"
            id={`body-tab-${part}`}
            class={part === shown ? undefined : 'quiet'}
            aria-selected={part === shown}
            aria-controls="body-panel"
            onClick={() => choose(part)}
          >
            {part === 'html' ? 'HTML' : 'Plain text'}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="body-panel" aria-labelledby={`body-tab-${shown}`}>
        {shown === 'html' ? (
          <MailFrame html={message.html!} title="The message's HTML, rendered" />
        ) : (
          <pre class="source" data-body="text">
            {message.text}
          </pre>
        )}
      </div>
    </div>
  );
};

/** The tenant a message went out as, by its name (its id while the name loads, or for a key that may not read it). */
const TenantName = ({ id }: { id: string }) => {
  const { loaded } = useLoad(() => api.get<DataOf<'tenants-get'>>(`/tenants/${segment(id)}`), [id]);
  return <>{loaded.state === 'ok' ? loaded.data.name : id}</>;
};

/** A message: its facts, its rendered body and its timeline, oldest first. */
const Message = ({ id }: { id: string }) => {
  const { loaded } = useLoad(() => api.get<Status>(`/mail/status/${segment(id)}`), [id]);
  if (loaded.state === 'loading') return <Loading />;
  if (loaded.state === 'error') return <ErrorNotice error={loaded.error} />;
  const { message, events } = loaded.data;
  return (
    <section class="card" aria-labelledby="message-title">
      <h2 id="message-title">{message.subject}</h2>
      <dl class="facts">
        <dt>Status</dt>
        <dd>
          <span class={`badge status-${message.status}`}>{message.status}</span>
          {message.error_message && ` ${message.error_message}`}
        </dd>
        <dt>To</dt>
        <dd>{message.to_email}</dd>
        <dt>From</dt>
        <dd>{message.from_email}</dd>
        <dt>Message id</dt>
        <dd>
          <code>{message.message_id}</code>
        </dd>
        <dt>Created</dt>
        <dd>{dateTime(message.created_at)}</dd>
        <dt>Sent</dt>
        <dd>{dateTime(message.sent_at)}</dd>
        <dt>Source</dt>
        <dd>{message.source}</dd>
        {message.tenant_id && (
          <>
            <dt>Tenant</dt>
            <dd>
              <TenantName id={message.tenant_id} />
            </dd>
          </>
        )}
      </dl>
      <h3>Body</h3>
      <Body message={message} />
      <h3>Timeline</h3>
      <ol class="timeline">
        {timeline(message, events).map(({ what, at, event }, index) => (
          <li key={index}>
            <time dateTime={instant(at).toISOString()}>{dateTime(at)}</time> <strong>{what}</strong>
            {event?.machine && (
              <>
                {' '}
                <span class="badge warn">machine</span>
              </>
            )}
            {event?.url && (
              <>
                {' '}
                <code>{event.url}</code>
              </>
            )}
            {(event?.ip_address || event?.user_agent) && (
              <span class="muted"> {[event.ip_address, event.user_agent].filter(Boolean).join(' · ')}</span>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
};

/** The log's filters, as the form reads them: the query string GET /mail is asked with. */
const filterQuery = (values: FormData) => {
  const query = new URLSearchParams();
  for (const name of ['status', 'recipient', 'tag']) {
    const value = text(values, name);
    if (value) query.set(name, value);
  }
  for (const name of ['since', 'until']) {
    const value = localDateTime(values, name);
    if (value) query.set(name, value);
  }
  return query.toString();
};

/** One page of the log as a table: each message by its subject, a link to its events. */
const LogTable = ({ messages }: { messages: Log['messages'] }) => (
  <div class="table-wrap">
    <table class="message-log">
      <thead>
        <tr>
          {['Subject', 'To', 'Status', 'Created', 'Sent'].map((h) => (
            <th key={h} scope="col">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {messages.map((message) => (
          <tr key={message.message_id}>
            <th scope="row">
              <a href={href(`/messages/${encodeURIComponent(message.message_id)}`)}>
                {message.subject || '(no subject)'}
              </a>
            </th>
            <td>{message.to_email}</td>
            <td>
              <span class={`badge status-${message.status}`}>{message.status}</span>
            </td>
            <td>{dateTime(message.created_at)}</td>
            <td>{dateTime(message.sent_at)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  </div>
);

/**
 * The message log (GET /mail): newest first, filtered by status, recipient, tag and time (the route
 * ANDs them), a page at a time by cursor. A filter the route refuses is shown at its field.
 */
const MessageLog = () => {
  const [query, setQuery] = useState('');
  const [tenant, setTenant] = useTenant();
  const pages = useCursorPages();
  const { cursor } = pages;
  const { loaded } = useLoad(
    () =>
      api.get<Log>(
        `/mail?limit=${PAGE}${query ? `&${query}` : ''}${tenantQuery(tenant)}${
          cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''
        }`,
      ),
    [query, tenant, cursor],
  );
  const error = loaded.state === 'error' ? loaded.error : undefined;
  // The filter form speaks through the same fields as every form; its answer is the log's own.
  const form: FormState = {
    busy: loaded.state === 'loading',
    error,
    fieldError: (name) =>
      error?.details
        .filter((detail) => detail.field === name)
        .map((detail) => detail.message)
        .join('; ') || undefined,
    submit: async (event) => {
      event.preventDefault();
      setQuery(filterQuery(new FormData(event.currentTarget as HTMLFormElement)));
      pages.setCursors([]);
    },
  };
  return (
    <section class="card" aria-labelledby="message-log">
      <h2 id="message-log">Message log</h2>
      <div class="toolbar">
        <TenantPicker
          tenant={tenant}
          onTenant={(next) => {
            pages.setCursors([]);
            setTenant(next);
          }}
        />
      </div>
      <form onSubmit={form.submit} noValidate class="inline filters">
        <Field form={form} name="status" label="Status" as="select">
          <option value="">Any</option>
          {MESSAGE_STATUSES.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </Field>
        <Field form={form} name="recipient" label="Recipient" type="email" autoComplete="off" />
        <Field form={form} name="tag" label="Tag" autoComplete="off" />
        <Field form={form} name="since" label="Since (your time)" type="datetime-local" />
        <Field form={form} name="until" label="Until (your time)" type="datetime-local" />
        <button type="submit" disabled={form.busy}>
          Filter
        </button>
      </form>
      <FormError form={form} />
      {loaded.state === 'loading' && <Loading />}
      {loaded.state === 'ok' &&
        (loaded.data.messages.length === 0 ? (
          <p class="muted">{query || tenant ? 'No message matches these filters.' : 'No messages yet.'}</p>
        ) : (
          <LogTable messages={loaded.data.messages} />
        ))}
      {loaded.state === 'ok' && <CursorPager label="Message" pages={pages} next={loaded.data.next_cursor} />}
    </section>
  );
};

/** Messages: a message looked up by its id (GET /mail/status/{id}) with its events, and the log. */
export const Messages = ({ id }: { id?: string }) => {
  const form = useForm(async (values) => {
    const wanted = text(values, 'message_id');
    if (!wanted) return refuse('message_id', 'Give a message id');
    go(`/messages/${encodeURIComponent(wanted)}`);
    return { ok: true, status: 200, data: undefined };
  });
  return (
    <>
      <section class="card" aria-labelledby="find-message">
        <h2 id="find-message">Find a message</h2>
        <form key={id ?? ''} onSubmit={form.submit} noValidate class="inline single">
          <Field
            form={form}
            name="message_id"
            label="Message id"
            defaultValue={id ?? ''}
            hint="As the send answered it, e.g. <4f1c…@example.com>."
            autoComplete="off"
          />
          <FormError form={form} />
          <button type="submit">Look up</button>
        </form>
      </section>
      {id && <Message id={id} />}
      <MessageLog />
    </>
  );
};
