import { useState } from 'preact/hooks';
import { api, segment, type ApiError, type DataOf } from '../api';
import { go, href } from '../route';
import { ConfirmButton } from '../ui/confirm';
import { EditActions, Field, FormError, numberOrText, text, useForm } from '../ui/form';
import { dateTime } from '../ui/format';
import { useLoad } from '../ui/load';
import { ErrorNotice, Loading } from '../ui/notice';
import type { Properties } from './contact-properties';
import { fullName, type Contact } from './contacts';

type Segments = DataOf<'contact-segments-list'>;
type Topics = DataOf<'contact-topics-list'>;

/**
 * Names, the unsubscribed flag and a value for each declared property (PATCH /contacts/{id}). An emptied
 * property is sent as null, which clears it; Cancel puts back the stored values.
 */
const Details = ({ contact, onSaved }: { contact: Contact; onSaved: () => void }) => {
  const declared = useLoad(() => api.get<Properties>('/contact-properties'), []);
  const [reset, setReset] = useState(0);
  const properties = declared.loaded.state === 'ok' ? declared.loaded.data.contact_properties : [];
  const form = useForm(
    (values) =>
      api.patch<Contact>(`/contacts/${segment(contact.id)}`, {
        first_name: text(values, 'first_name') ?? null,
        last_name: text(values, 'last_name') ?? null,
        unsubscribed: values.get('unsubscribed') === 'on',
        properties: Object.fromEntries(
          properties.map(({ key, type }) => {
            const name = `properties.${key}`;
            return [key, (type === 'number' ? numberOrText(values, name) : text(values, name)) ?? null];
          }),
        ),
      }),
    onSaved,
  );
  return (
    <form key={`${contact.updated_at}/${reset}`} onSubmit={form.submit} noValidate aria-labelledby="contact-title">
      <Field form={form} name="first_name" label="First name" defaultValue={contact.first_name ?? ''} />
      <Field form={form} name="last_name" label="Last name" defaultValue={contact.last_name ?? ''} />
      <div class="field choices">
        <label class="choice">
          <input type="checkbox" name="unsubscribed" defaultChecked={contact.unsubscribed} /> Unsubscribed
        </label>
        <p class="hint">No campaign reaches an unsubscribed contact; its transactional mail and OTP codes still go.</p>
      </div>
      {declared.loaded.state === 'error' && <ErrorNotice error={declared.loaded.error} />}
      {properties.length > 0 && (
        <fieldset class="field">
          <legend>Properties</legend>
          {properties.map((property) => (
            <Field
              key={property.id}
              form={form}
              name={`properties.${property.key}`}
              label={`${property.key} (${property.type})`}
              inputMode={property.type === 'number' ? 'decimal' : undefined}
              defaultValue={String(contact.properties[property.key] ?? '')}
              hint={property.fallback_value === null ? undefined : `Empty: templates read ${property.fallback_value}.`}
              autoComplete="off"
            />
          ))}
        </fieldset>
      )}
      {declared.loaded.state === 'ok' && properties.length === 0 && (
        <p class="hint">
          No properties are declared: <a href={href('/contacts')}>declare them</a> to give contacts values.
        </p>
      )}
      <EditActions form={form} save="Save contact" onCancel={() => setReset(reset + 1)} />
    </form>
  );
};

/** The lists the contact is a member of (its subscribers), one to leave, and one more to join. */
const Memberships = ({ contact }: { contact: Contact }) => {
  const path = `/contacts/${segment(contact.id)}/segments`;
  const segments = useLoad(() => api.get<Segments>(path), [path]);
  const lists = useLoad(() => api.get<DataOf<'lists-list'>>('/lists?limit=100'), []);
  const [error, setError] = useState<ApiError>();
  const form = useForm(
    (values) => api.post<DataOf<'contact-segments-add'>>(`${path}/${segment(text(values, 'list_id') ?? '')}`),
    () => void segments.reload(),
  );
  const joined = new Set(segments.loaded.state === 'ok' ? segments.loaded.data.segments.map((s) => s.id) : []);
  return (
    <section class="card" aria-labelledby="contact-lists">
      <h2 id="contact-lists">Lists</h2>
      {error && <ErrorNotice error={error} />}
      {segments.loaded.state === 'loading' && <Loading />}
      {segments.loaded.state === 'error' && <ErrorNotice error={segments.loaded.error} />}
      {segments.loaded.state === 'ok' &&
        (segments.loaded.data.segments.length === 0 ? (
          <p class="muted">In no list.</p>
        ) : (
          <ul>
            {segments.loaded.data.segments.map((list) => (
              <li key={list.id}>
                <a href={href(`/lists/${list.id}`)}>{list.name}</a>{' '}
                <ConfirmButton
                  label={`Leave ${list.name}`}
                  confirm={`Remove from ${list.name}`}
                  onConfirm={async () => {
                    const answer = await api.delete(`${path}/${segment(list.id)}`);
                    if (answer.ok) {
                      setError(undefined);
                      void segments.reload();
                    } else setError(answer.error);
                  }}
                />
              </li>
            ))}
          </ul>
        ))}
      {lists.loaded.state === 'error' && <ErrorNotice error={lists.loaded.error} />}
      <form onSubmit={form.submit} noValidate class="inline single">
        <Field form={form} name="list_id" label="Add to list" as="select">
          <option value="">Choose a list</option>
          {lists.loaded.state === 'ok' &&
            lists.loaded.data.lists
              .filter((list) => !joined.has(list.id))
              .map((list) => (
                <option key={list.id} value={list.id}>
                  {list.name}
                </option>
              ))}
        </Field>
        <FormError form={form} />
        <button type="submit" disabled={form.busy}>
          Add to list
        </button>
      </form>
    </section>
  );
};

/** The contact's subscription to each topic (its own choice, else the topic's default), saved together. */
const TopicChoices = ({ contact }: { contact: Contact }) => {
  const path = `/contacts/${segment(contact.id)}/topics`;
  const { loaded, reload } = useLoad(() => api.get<Topics>(path), [path]);
  const [reset, setReset] = useState(0);
  const [saved, setSaved] = useState(false);
  const topics = loaded.state === 'ok' ? loaded.data.topics : [];
  const form = useForm(
    (values) => {
      setSaved(false);
      return api.patch<Topics>(path, {
        topics: topics.map((topic) => ({ id: topic.id, subscription: text(values, `topic.${topic.id}`) })),
      });
    },
    () => {
      setSaved(true);
      void reload();
    },
  );
  return (
    <section class="card" aria-labelledby="contact-topics">
      <h2 id="contact-topics">Topics</h2>
      {saved && <p role="status">Saved the topics.</p>}
      {loaded.state === 'loading' && <Loading />}
      {loaded.state === 'error' && <ErrorNotice error={loaded.error} />}
      {loaded.state === 'ok' && topics.length === 0 && (
        <p class="muted">
          The account has no topics yet: <a href={href('/topics')}>make one</a>.
        </p>
      )}
      {topics.length > 0 && (
        <form key={reset} onSubmit={form.submit} noValidate aria-labelledby="contact-topics">
          {topics.map((topic) => (
            <Field
              key={topic.id}
              form={form}
              name={`topic.${topic.id}`}
              label={topic.name}
              as="select"
              hint={topic.description ?? undefined}
            >
              {(['opt_in', 'opt_out'] as const).map((choice) => (
                <option key={choice} value={choice} selected={topic.subscription === choice}>
                  {choice === 'opt_in' ? 'Opted in' : 'Opted out'}
                </option>
              ))}
            </Field>
          ))}
          <EditActions form={form} save="Save topics" onCancel={() => setReset(reset + 1)} />
        </form>
      )}
    </section>
  );
};

/** One contact: its fields and properties to edit, its lists, its topics, and its deletion. */
export const ContactView = ({ id }: { id: string }) => {
  const { loaded, reload } = useLoad(() => api.get<Contact>(`/contacts/${segment(id)}`), [id]);
  const [error, setError] = useState<ApiError>();
  const [saved, setSaved] = useState(false);
  if (loaded.state === 'loading') return <Loading />;
  if (loaded.state === 'error') return <ErrorNotice error={loaded.error} />;
  const contact = loaded.data;
  return (
    <>
      <p>
        <a href={href('/contacts')}>All contacts</a>
      </p>
      <section class="card" aria-labelledby="contact-title">
        <h2 id="contact-title">
          {contact.email} {fullName(contact) && <span class="muted">({fullName(contact)})</span>}
        </h2>
        <p>
          {contact.unsubscribed ? (
            <span class="badge status-unsubscribed">unsubscribed</span>
          ) : (
            <span class="badge ok">subscribed</span>
          )}{' '}
          Created {dateTime(contact.created_at)} · changed {dateTime(contact.updated_at)}
        </p>
        {saved && <p role="status">Saved the contact.</p>}
        <Details
          contact={contact}
          onSaved={() => {
            setSaved(true);
            void reload();
          }}
        />
      </section>
      <Memberships contact={contact} />
      <TopicChoices contact={contact} />
      <section class="card" aria-labelledby="delete-contact">
        <h2 id="delete-contact">Delete this contact</h2>
        <p class="hint">Its list memberships go too.</p>
        {error && <ErrorNotice error={error} />}
        <ConfirmButton
          label="Delete contact"
          confirm="Delete for good"
          onConfirm={async () => {
            const answer = await api.delete(`/contacts/${segment(id)}`);
            if (answer.ok) go('/contacts');
            else setError(answer.error);
          }}
        />
      </section>
    </>
  );
};
