import { useState } from 'preact/hooks';
import { api, segment, type DataOf } from '../api';
import { ConfirmButton } from '../ui/confirm';
import { EditActions, Field, text, useForm } from '../ui/form';
import { dateTime } from '../ui/format';
import { useLoad } from '../ui/load';
import { Card, CreateForm, ListOf, useRowAction } from '../ui/list';
import { ErrorNotice } from '../ui/notice';

type Topic = DataOf<'topics-get'>;

const CHOICES = [
  ['opt_in', 'Opted in (reached until they opt out)'],
  ['opt_out', 'Opted out (reached once they opt in)'],
] as const;
const VISIBILITIES = [
  ['private', 'Private'],
  ['public', 'Public (offered on the preference page)'],
] as const;

/** A select's options; `selected` marks the one an edit form starts on. */
const Options = ({ options, selected }: { options: readonly (readonly [string, string])[]; selected?: string }) => (
  <>
    {options.map(([value, label]) => (
      <option key={value} value={value} selected={value === selected}>
        {label}
      </option>
    ))}
  </>
);

/**
 * A topic's name, description and visibility (PATCH /topics/{id}). Its default subscription is shown, not
 * offered: the API keeps it, as Resend does, since it decides whom the topic's campaigns already reach.
 */
const EditTopic = ({
  topic,
  onSaved,
  onCancel,
}: {
  topic: Topic;
  onSaved: (topic: Topic) => void;
  onCancel: () => void;
}) => {
  const form = useForm(
    (values) =>
      api.patch<Topic>(`/topics/${segment(topic.id)}`, {
        name: text(values, 'name') ?? '',
        description: text(values, 'description') ?? null,
        visibility: text(values, 'visibility'),
      }),
    onSaved,
  );
  return (
    <section class="card" aria-labelledby="edit-topic">
      <h2 id="edit-topic">Edit {topic.name}</h2>
      <form key={topic.id} onSubmit={form.submit} noValidate>
        <Field form={form} name="name" label="Name" defaultValue={topic.name} autoComplete="off" />
        <Field form={form} name="description" label="Description (optional)" defaultValue={topic.description ?? ''} />
        <Field form={form} name="visibility" label="Visibility" as="select">
          <Options options={VISIBILITIES} selected={topic.visibility} />
        </Field>
        <p class="hint">
          Default subscription: <strong>{topic.default_subscription}</strong>. It stays as created: it decides whom this
          topic's campaigns reach among the contacts who made no choice.
        </p>
        <EditActions form={form} save="Save topic" onCancel={onCancel} />
      </form>
    </section>
  );
};

/** The account's topics (at most 100, one answer): each to edit or delete, and a form for a new one. */
export const Topics = () => {
  const { loaded, reload } = useLoad(() => api.get<DataOf<'topics-list'>>('/topics'), []);
  const [editing, setEditing] = useState<string>();
  const [saved, setSaved] = useState<string>();
  const action = useRowAction();
  const edited = loaded.state === 'ok' ? loaded.data.topics.find((topic) => topic.id === editing) : undefined;
  const form = useForm(
    (values) =>
      api.post<Topic>('/topics', {
        name: text(values, 'name') ?? '',
        description: text(values, 'description'),
        default_subscription: text(values, 'default_subscription') ?? '',
        visibility: text(values, 'visibility'),
      }),
    (_topic, element) => {
      element.reset();
      void reload();
    },
  );
  return (
    <>
      <Card id="all-topics" title="All topics">
        <p class="hint">A campaign with a topic reaches only its list's contacts opted in to it.</p>
        {action.error && <ErrorNotice error={action.error} />}
        {saved && <p role="status">Saved {saved}.</p>}
        <ListOf
          loaded={loaded}
          items={(data) => data.topics}
          empty="No topics yet."
          headings={['Name', 'Default', 'Visibility', 'Description', 'Created', 'Actions']}
          row={(topic) => (
            <tr key={topic.id}>
              <th scope="row">{topic.name}</th>
              <td>{topic.default_subscription}</td>
              <td>{topic.visibility}</td>
              <td>{topic.description ?? ''}</td>
              <td>{dateTime(topic.created_at)}</td>
              <td class="row-actions">
                <button
                  type="button"
                  aria-label={`Edit ${topic.name}`}
                  onClick={() => {
                    setSaved(undefined);
                    setEditing(topic.id);
                  }}
                >
                  Edit
                </button>{' '}
                <ConfirmButton
                  label="Delete"
                  confirm={`Delete ${topic.name}`}
                  onConfirm={async () => {
                    await action.act(api.delete(`/topics/${segment(topic.id)}`), () => void reload());
                  }}
                />
              </td>
            </tr>
          )}
        />
      </Card>
      {edited && (
        <EditTopic
          topic={edited}
          onSaved={(topic) => {
            setEditing(undefined);
            setSaved(topic.name);
            void reload();
          }}
          onCancel={() => setEditing(undefined)}
        />
      )}
      <Card id="new-topic" title="New topic">
        <CreateForm form={form} submit="Create topic">
          <Field form={form} name="name" label="Name" autoComplete="off" />
          <Field form={form} name="description" label="Description (optional)" autoComplete="off" />
          <Field
            form={form}
            name="default_subscription"
            label="Contacts who made no choice are"
            as="select"
            hint="Fixed once the topic is made."
          >
            <Options options={CHOICES} />
          </Field>
          <Field form={form} name="visibility" label="Visibility" as="select">
            <Options options={VISIBILITIES} />
          </Field>
        </CreateForm>
      </Card>
    </>
  );
};
