import { useState } from 'preact/hooks';
import { PERMISSIONS } from '../../../functions/domain/types';
import { api, segment, type ApiError, type DataOf } from '../api';
import { ConfirmButton } from '../ui/confirm';
import { Choices, Field, FormError, numberOrText, text, useForm } from '../ui/form';
import { dateTime } from '../ui/format';
import { useLoad } from '../ui/load';
import { ErrorNotice, Loading, SecretOnce } from '../ui/notice';

type Created = DataOf<'api-keys-create'>;

/** The account's keys (never their values); a new key is shown once; revoking takes a second press. */
export const ApiKeys = () => {
  const { loaded, reload } = useLoad(() => api.get<DataOf<'api-keys-list'>>('/api-keys'), []);
  const [created, setCreated] = useState<Created>();
  const [error, setError] = useState<ApiError>();
  const form = useForm(
    (values) =>
      api.post<Created>('/api-keys', {
        name: text(values, 'name') ?? '',
        permissions: values.getAll('permissions').map(String),
        rate_limit_per_minute: numberOrText(values, 'rate_limit_per_minute'),
      }),
    (key, element) => {
      element.reset();
      setCreated(key);
      void reload();
    },
  );
  return (
    <>
      {created && (
        <SecretOnce label={`The key "${created.name}".`} value={created.key} onDone={() => setCreated(undefined)} />
      )}
      <section class="card" aria-labelledby="keys">
        <h2 id="keys">Active keys</h2>
        {error && <ErrorNotice error={error} />}
        {loaded.state === 'loading' && <Loading />}
        {loaded.state === 'error' && <ErrorNotice error={loaded.error} />}
        {loaded.state === 'ok' && (
          <div class="table-wrap">
            <table>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Starts with</th>
                  <th scope="col">Permissions</th>
                  <th scope="col">Per minute</th>
                  <th scope="col">Created</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {loaded.data.api_keys.map((key) => (
                  <tr key={key.id}>
                    <th scope="row">{key.name}</th>
                    <td>
                      <code>{key.prefix}</code>
                    </td>
                    <td>{key.permissions.join(', ')}</td>
                    <td>{key.rate_limit_per_minute}</td>
                    <td>{dateTime(key.created_at)}</td>
                    <td>
                      <ConfirmButton
                        label="Revoke"
                        confirm={`Revoke ${key.name}`}
                        onConfirm={async () => {
                          const answer = await api.delete(`/api-keys/${segment(key.id)}`);
                          if (answer.ok) void reload();
                          else setError(answer.error);
                        }}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <p class="hint">A revoked key stops working within 60 seconds.</p>
      </section>
      <section class="card" aria-labelledby="new-key">
        <h2 id="new-key">New key</h2>
        <form onSubmit={form.submit} noValidate>
          <Field form={form} name="name" label="Name" autoComplete="off" />
          <Choices form={form} name="permissions" legend="Permissions" options={PERMISSIONS} />
          <Field
            form={form}
            name="rate_limit_per_minute"
            label="Requests per minute (optional)"
            inputMode="numeric"
            hint="At most this key's own limit."
            autoComplete="off"
          />
          <FormError form={form} />
          <button type="submit" disabled={form.busy}>
            Create key
          </button>
        </form>
      </section>
    </>
  );
};
