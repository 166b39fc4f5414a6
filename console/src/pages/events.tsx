import { useState } from 'preact/hooks';
import { api, refuse, segment, type DataOf } from '../api';
import { ConfirmButton } from '../ui/confirm';
import { Field, text, useForm } from '../ui/form';
import { count, dateTime } from '../ui/format';
import { jsonObject } from '../ui/json-field';
import { Card, CreateForm, ListOf, useRowAction } from '../ui/list';
import { useLoad } from '../ui/load';
import { ErrorNotice } from '../ui/notice';

type Event = DataOf<'events-get'>;
type Sent = DataOf<'events-send'>;

/** A payload schema as a line: `plan: string, total: number`. */
const schemaText = (schema: Event['schema']) =>
  schema && Object.keys(schema).length
    ? Object.entries(schema)
        .map(([key, type]) => `${key}: ${type}`)
        .join(', ')
    : '';

/** A declared event: its name, and the payload schema sends of it are checked against (optional). */
const DeclareEvent = ({ onDeclared }: { onDeclared: () => void }) => {
  const form = useForm(
    async (values) => {
      const schema = jsonObject(String(values.get('schema') ?? ''));
      if (!schema.ok) return refuse('schema', schema.message, schema.message);
      return api.post<Event>('/events', {
        name: text(values, 'name') ?? '',
        schema: Object.keys(schema.value).length ? schema.value : undefined,
      });
    },
    (_event, element) => {
      element.reset();
      onDeclared();
    },
  );
  return (
    <Card id="declare-event" title="Declare an event">
      <CreateForm form={form} submit="Declare event">
        <Field form={form} name="name" label="Name" hint="e.g. user.signed_up" autoComplete="off" />
        <Field
          form={form}
          name="schema"
          label="Payload schema (optional, JSON)"
          as="textarea"
          rows={3}
          hint='Each key with its type: {"plan": "string", "total": "number"} (string, number, boolean, date).'
        />
      </CreateForm>
    </Card>
  );
};

/**
 * Sends an event for a contact as an application would (POST /events/send): it starts the enabled automations
 * whose trigger names it and wakes the runs waiting for it. The answer says how many.
 */
const SendEvent = ({ events }: { events: readonly Event[] }) => {
  const [sent, setSent] = useState<Sent>();
  const form = useForm(async (values) => {
    const payload = jsonObject(String(values.get('payload') ?? ''));
    if (!payload.ok) return refuse('payload', payload.message, payload.message);
    setSent(undefined);
    return api.post<Sent>('/events/send', {
      event: text(values, 'event') ?? '',
      email: text(values, 'email') ?? '',
      payload: payload.value,
    });
  }, setSent);
  return (
    <Card id="send-event" title="Send a test event">
      <CreateForm form={form} submit="Send event">
        <Field
          form={form}
          name="event"
          label="Event"
          autoComplete="off"
          // The declared events are offered; any other name can be sent too. (`list` is not among Field's typed props.)
          {...({ list: 'declared-events' } as object)}
        />
        <datalist id="declared-events">
          {events.map((event) => (
            <option key={event.id} value={event.name} />
          ))}
        </datalist>
        <Field
          form={form}
          name="email"
          label="Contact's email"
          type="email"
          hint="A contact with this address is made if there is none."
          autoComplete="off"
        />
        <Field form={form} name="payload" label="Payload (optional, JSON)" as="textarea" rows={3} />
      </CreateForm>
      {sent && (
        <p role="status">
          Sent {sent.event}: {count(sent.runs_started)} {sent.runs_started === 1 ? 'run' : 'runs'} started,{' '}
          {count(sent.waits_received)} waiting {sent.waits_received === 1 ? 'run' : 'runs'} woken.
        </p>
      )}
    </Card>
  );
};

/** The account's declared events (at most 200, one answer), a form to declare one, and one to send a test. */
export const Events = () => {
  const { loaded, reload } = useLoad(() => api.get<DataOf<'events-list'>>('/events'), []);
  const action = useRowAction();
  return (
    <>
      <Card id="declared-events-list" title="Declared events">
        <p class="hint">
          An event need not be declared to be sent; a declared one's payload is checked against its schema.
        </p>
        {action.error && <ErrorNotice error={action.error} />}
        <ListOf
          loaded={loaded}
          items={(data) => data.events}
          empty="No events declared yet."
          headings={['Name', 'Payload schema', 'Declared', 'Actions']}
          row={(event) => (
            <tr key={event.id}>
              <th scope="row">
                <code>{event.name}</code>
              </th>
              <td>{schemaText(event.schema) || <span class="muted">any payload</span>}</td>
              <td>{dateTime(event.created_at)}</td>
              <td class="row-actions">
                <ConfirmButton
                  label="Delete"
                  confirm={`Delete ${event.name}`}
                  onConfirm={async () => {
                    await action.act(api.delete(`/events/${segment(event.id)}`), () => void reload());
                  }}
                />
              </td>
            </tr>
          )}
        />
      </Card>
      <SendEvent events={loaded.state === 'ok' ? loaded.data.events : []} />
      <DeclareEvent onDeclared={() => void reload()} />
    </>
  );
};
