import { api, refuse, type DataOf } from '../api';
import { go, href } from '../route';
import { Field, text, useForm } from '../ui/form';
import { dateTime } from '../ui/format';
import { useLoad } from '../ui/load';
import { Card, CreateForm, ListOf } from '../ui/list';

export type Automation = DataOf<'automations-get'>;

/** A badge of an automation's, a run's or a step's status (the colours of styles.css's `status-*`). */
export const Status = ({ status }: { status: string }) => <span class={`badge status-${status}`}>{status}</span>;

const EXAMPLE_STEPS = `[
  { "key": "start", "type": "trigger", "config": { "event_name": "user.signed_up" } },
  { "key": "welcome", "type": "send_email", "config": { "template": { "id": "<template id>" } } }
]`;
const EXAMPLE_CONNECTIONS = `[{ "from": "start", "to": "welcome" }]`;

/** A JSON array field as typed, or the API-shaped refusal naming it. */
const jsonArray = (source: string | undefined, field: string) => {
  try {
    const value: unknown = JSON.parse(source ?? '[]');
    return Array.isArray(value)
      ? { ok: true as const, value }
      : { ok: false as const, answer: refuse(field, 'Give a JSON array', 'Give a JSON array') };
  } catch (error) {
    const message = `Not JSON: ${error instanceof Error ? error.message : String(error)}`;
    return { ok: false as const, answer: refuse(field, message, message) };
  }
};

/**
 * A new automation from its graph as the API takes it (steps and connections, JSON): the route checks it
 * whole and names each fault (no trigger, a dangling connection, a cycle without a delay) at its field.
 * It is made disabled unless asked; its view shows the graph as a list and enables it.
 */
const NewAutomation = () => {
  const form = useForm(
    async (values) => {
      const steps = jsonArray(text(values, 'steps'), 'steps');
      if (!steps.ok) return steps.answer;
      const connections = jsonArray(text(values, 'connections'), 'connections');
      if (!connections.ok) return connections.answer;
      return api.post<Automation>('/automations', {
        name: text(values, 'name') ?? '',
        status: values.get('enabled') === 'on' ? 'enabled' : 'disabled',
        steps: steps.value,
        connections: connections.value,
      });
    },
    (automation) => go(`/automations/${automation.id}`),
  );
  return (
    <Card id="new-automation" title="New automation">
      <CreateForm form={form} submit="Create automation">
        <Field form={form} name="name" label="Name" autoComplete="off" />
        <Field
          form={form}
          name="steps"
          label="Steps (JSON)"
          as="textarea"
          rows={8}
          defaultValue={EXAMPLE_STEPS}
          hint={
            'One trigger; then delay, send_email, wait_for_event, condition, contact_update, contact_delete, ' +
            'add_to_segment.'
          }
        />
        <Field
          form={form}
          name="connections"
          label="Connections (JSON)"
          as="textarea"
          rows={3}
          defaultValue={EXAMPLE_CONNECTIONS}
          hint="Types: default, condition_met, condition_not_met, event_received, timeout."
        />
        <div class="field choices">
          <label class="choice">
            <input type="checkbox" name="enabled" /> Enabled at once
          </label>
        </div>
      </CreateForm>
    </Card>
  );
};

/** The account's automations (at most 100, one answer), each opening its graph and runs; a form for a new one. */
export const Automations = () => {
  const { loaded } = useLoad(() => api.get<DataOf<'automations-list'>>('/automations'), []);
  return (
    <>
      <Card id="all-automations" title="All automations">
        <p class="hint">An event sent for a contact starts each enabled automation whose trigger names it.</p>
        <ListOf
          loaded={loaded}
          items={(data) => data.automations}
          empty="No automations yet."
          headings={['Name', 'Status', 'Created', 'Updated']}
          row={(automation) => (
            <tr key={automation.id}>
              <th scope="row">
                <a href={href(`/automations/${automation.id}`)}>{automation.name}</a>
              </th>
              <td>
                <Status status={automation.status} />
              </td>
              <td>{dateTime(automation.created_at)}</td>
              <td>{dateTime(automation.updated_at)}</td>
            </tr>
          )}
        />
      </Card>
      <NewAutomation />
    </>
  );
};
