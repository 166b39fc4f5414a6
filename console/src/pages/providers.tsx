import { useState } from 'preact/hooks';
import { api, segment, type ApiError, type DataOf } from '../api';
import { ConfirmButton } from '../ui/confirm';
import { Field, FormError, numberOrText, text, useForm } from '../ui/form';
import { useLoad } from '../ui/load';
import { ErrorNotice, Loading } from '../ui/notice';
import { EditProvider } from './provider-edit';

type Provider = DataOf<'providers-get'>;

/** The fields of a new provider of either type; secrets are write-only (the list shows them masked). */
const NewProvider = ({ onCreated }: { onCreated: () => void }) => {
  const [type, setType] = useState<'ses' | 'smtp'>('ses');
  const form = useForm(
    (values) => {
      const common = {
        type,
        name: text(values, 'name') ?? '',
        from_email: text(values, 'from_email') ?? '',
        from_name: text(values, 'from_name'),
      };
      const body =
        type === 'ses'
          ? { ...common, region: text(values, 'region') }
          : {
              ...common,
              host: text(values, 'host') ?? '',
              port: numberOrText(values, 'port') ?? '',
              username: text(values, 'username'),
              password: text(values, 'password'),
            };
      return api.post<Provider>('/providers', body);
    },
    (_p, element) => {
      element.reset();
      onCreated();
    },
  );
  return (
    <section class="card" aria-labelledby="new-provider">
      <h2 id="new-provider">New provider</h2>
      <form onSubmit={form.submit} noValidate>
        <Field
          form={form}
          name="type"
          label="Type"
          as="select"
          value={type}
          onChange={(event: Event) => setType((event.currentTarget as HTMLSelectElement).value as 'ses' | 'smtp')}
        >
          <option value="ses">Amazon SES</option>
          <option value="smtp">SMTP relay</option>
        </Field>
        <Field form={form} name="name" label="Name" autoComplete="off" />
        <Field form={form} name="from_email" label="From address" type="email" autoComplete="off" />
        <Field form={form} name="from_name" label="From name (optional)" autoComplete="off" />
        {type === 'ses' ? (
          <Field
            form={form}
            name="region"
            label="Region (optional)"
            hint="The deployment's region when empty."
            autoComplete="off"
          />
        ) : (
          <>
            <Field form={form} name="host" label="Host" autoComplete="off" />
            <Field
              form={form}
              name="port"
              label="Port"
              inputMode="numeric"
              hint="465: TLS from the first byte; otherwise STARTTLS."
              autoComplete="off"
            />
            <Field form={form} name="username" label="User name (optional)" autoComplete="off" />
            <Field
              form={form}
              name="password"
              label="Password (optional)"
              type="password"
              autoComplete="new-password"
            />
          </>
        )}
        <FormError form={form} />
        <button type="submit" disabled={form.busy}>
          Add provider
        </button>
      </form>
    </section>
  );
};

/** How the account sends: its providers, which one is the default, and their limits. */
export const Providers = () => {
  const { loaded, reload } = useLoad(() => api.get<DataOf<'providers-list'>>('/providers'), []);
  const [error, setError] = useState<ApiError>();
  const [editing, setEditing] = useState<string>();
  const [saved, setSaved] = useState<string>();
  const act = async (answer: Promise<{ ok: boolean; error?: ApiError }>) => {
    const done = await answer;
    if (done.ok) {
      setError(undefined);
      void reload();
    } else setError(done.error);
  };
  const edited = loaded.state === 'ok' ? loaded.data.providers.find((provider) => provider.id === editing) : undefined;
  return (
    <>
      <section class="card" aria-labelledby="providers">
        <h2 id="providers">Providers</h2>
        {error && <ErrorNotice error={error} />}
        {saved && <p role="status">Saved {saved}.</p>}
        {loaded.state === 'loading' && <Loading />}
        {loaded.state === 'error' && <ErrorNotice error={loaded.error} />}
        {loaded.state === 'ok' &&
          (loaded.data.providers.length === 0 ? (
            <p class="muted">No provider: nothing can be sent until one is added.</p>
          ) : (
            <div class="table-wrap">
              <table>
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Type</th>
                    <th scope="col">From</th>
                    <th scope="col">Limits</th>
                    <th scope="col">Events</th>
                    <th scope="col">Actions</th>
                  </tr>
                </thead>
                <tbody>
                  {loaded.data.providers.map((provider) => (
                    <tr key={provider.id}>
                      <th scope="row">
                        {provider.name} {provider.is_default && <span class="badge ok">default</span>}
                      </th>
                      <td>
                        {provider.type === 'smtp'
                          ? `SMTP ${provider.host}:${provider.port}`
                          : `SES ${provider.region ?? ''}`}
                      </td>
                      <td>
                        {provider.from_email}
                        {provider.allowed_from_domains.length > 0 && (
                          <span class="muted"> (also {provider.allowed_from_domains.join(', ')})</span>
                        )}
                      </td>
                      <td>
                        {[
                          provider.send_rate_per_second && `${provider.send_rate_per_second}/s`,
                          provider.hourly_limit && `${provider.hourly_limit}/hour`,
                          provider.daily_limit && `${provider.daily_limit}/day`,
                        ]
                          .filter(Boolean)
                          .join(', ') || '—'}
                      </td>
                      <td>{provider.events ? <code>{provider.events.receiver_url}</code> : '—'}</td>
                      <td class="row-actions">
                        <button
                          type="button"
                          aria-label={`Edit ${provider.name}`}
                          onClick={() => {
                            setSaved(undefined);
                            setEditing(provider.id);
                          }}
                        >
                          Edit
                        </button>{' '}
                        {!provider.is_default && (
                          <button
                            type="button"
                            aria-label={`Make ${provider.name} the default`}
                            onClick={() => act(api.put(`/providers/${segment(provider.id)}`, { is_default: true }))}
                          >
                            Make default
                          </button>
                        )}{' '}
                        <ConfirmButton
                          label="Delete"
                          confirm={`Delete ${provider.name}`}
                          onConfirm={() => act(api.delete(`/providers/${segment(provider.id)}`))}
                        />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ))}
      </section>
      {edited && (
        <EditProvider
          provider={edited}
          onSaved={(provider) => {
            setEditing(undefined);
            setSaved(provider.name);
            void reload();
          }}
          onCancel={() => setEditing(undefined)}
        />
      )}
      <NewProvider onCreated={reload} />
    </>
  );
};
