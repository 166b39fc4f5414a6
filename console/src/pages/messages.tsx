import { api, refuse, segment, type DataOf } from '../api';
import { go } from '../route';
import { Field, FormError, text, useForm } from '../ui/form';
import { dateTime } from '../ui/format';
import { useLoad } from '../ui/load';
import { ErrorNotice, Loading } from '../ui/notice';
import { NotYet } from './not-yet';

type Status = DataOf<'mail-status'>;

/** A message and its events, oldest first, as a timeline. */
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
      </dl>
      <h3>Events</h3>
      {events.length === 0 ? (
        <p class="muted">No events yet.</p>
      ) : (
        <ol class="timeline">
          {events.map((event, index) => (
            <li key={index}>
              <time dateTime={event.created_at}>{dateTime(event.created_at)}</time> <strong>{event.event_type}</strong>
              {event.machine && <span class="badge warn">machine</span>}
              {event.url && (
                <>
                  {' '}
                  <code>{event.url}</code>
                </>
              )}
              {(event.ip_address || event.user_agent) && (
                <span class="muted">
                  {' '}
                  {[event.ip_address, event.user_agent].filter(Boolean).join(' · ')}
                </span>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
};

/**
 * Messages: a message looked up by its id (GET /mail/status/{id}). The message log with its filters
 * takes the place of the NotYet view once the server lists messages (GET /mail).
 */
export const Messages = ({ id }: { id?: string }) => {
  const form = useForm(
    async (values) => {
      const wanted = text(values, 'message_id');
      if (!wanted) return refuse('message_id', 'Give a message id');
      go(`/messages/${wanted}`);
      return { ok: true, status: 200, data: undefined };
    },
  );
  return (
    <>
      <section class="card" aria-labelledby="find-message">
        <h2 id="find-message">Find a message</h2>
        <form key={id ?? ''} onSubmit={form.submit} noValidate class="inline">
          <Field form={form} name="message_id" label="Message id" defaultValue={id ?? ''} hint="As the send answered it, e.g. <4f1c…@example.com>." autoComplete="off" />
          <FormError form={form} />
          <button type="submit">Look up</button>
        </form>
      </section>
      {id && <Message id={id} />}
      <NotYet what="Message log" path="/mail" />
    </>
  );
};
