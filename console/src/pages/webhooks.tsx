import { useState } from 'preact/hooks';
import { WEBHOOK_EVENT_TYPES } from '../../../functions/domain/webhooks/records';
import { api, segment, type ApiError, type DataOf } from '../api';
import { href } from '../route';
import { ConfirmButton } from '../ui/confirm';
import { Choices, Field, FormError, text, useForm } from '../ui/form';
import { dateTime } from '../ui/format';
import { useLoad } from '../ui/load';
import { ErrorNotice, Loading, SecretOnce } from '../ui/notice';
import { EditWebhook } from './webhook-edit';

type Created = DataOf<'webhook-endpoints-create'>;

/** The account's webhook endpoints, each to edit; a new one's signing secret is shown once. */
export const Webhooks = () => {
  const { loaded, reload } = useLoad(() => api.get<DataOf<'webhook-endpoints-list'>>('/webhook-endpoints'), []);
  const [created, setCreated] = useState<Created>();
  const [error, setError] = useState<ApiError>();
  const [editing, setEditing] = useState<string>();
  const [saved, setSaved] = useState<string>();
  const edited =
    loaded.state === 'ok' ? loaded.data.webhook_endpoints.find((endpoint) => endpoint.id === editing) : undefined;
  const form = useForm(
    (values) =>
      api.post<Created>('/webhook-endpoints', {
        url: text(values, 'url') ?? '',
        events: values.getAll('events').map(String),
      }),
    (endpoint, element) => {
      element.reset();
      setCreated(endpoint);
      void reload();
    },
  );
  return (
    <>
      {created && (
        <SecretOnce
          label={`Signing secret of ${created.url}.`}
          value={created.secret}
          onDone={() => setCreated(undefined)}
        />
      )}
      <section class="card" aria-labelledby="endpoints">
        <h2 id="endpoints">Endpoints</h2>
        {error && <ErrorNotice error={error} />}
        {saved && <p role="status">Saved {saved}.</p>}
        {loaded.state === 'loading' && <Loading />}
        {loaded.state === 'error' && <ErrorNotice error={loaded.error} />}
        {loaded.state === 'ok' &&
          (loaded.data.webhook_endpoints.length === 0 ? (
            <p class="muted">No endpoints yet.</p>
          ) : (
            <div class="table-wrap">
              <table>
                <thead>
                  <tr>
                    <th scope="col">URL</th>
                    <th scope="col">Events</th>
                    <th scope="col">Created</th>
                    <th scope="col">Actions</th>
                  </tr>
                </thead>
                <tbody>
                  {loaded.data.webhook_endpoints.map((endpoint) => (
                    <tr key={endpoint.id}>
                      <th scope="row">
                        {endpoint.url} {!endpoint.enabled && <span class="badge warn">disabled</span>}
                      </th>
                      <td>{endpoint.events.join(', ')}</td>
                      <td>{dateTime(endpoint.created_at)}</td>
                      <td class="row-actions">
                        <a href={href(`/webhooks/${endpoint.id}`)} aria-label={`Events of ${endpoint.url}`}>
                          Events
                        </a>{' '}
                        <button
                          type="button"
                          aria-label={`Edit ${endpoint.url}`}
                          onClick={() => {
                            setSaved(undefined);
                            setEditing(endpoint.id);
                          }}
                        >
                          Edit
                        </button>{' '}
                        <ConfirmButton
                          label="Delete"
                          confirm={`Delete ${endpoint.url}`}
                          onConfirm={async () => {
                            const answer = await api.delete(`/webhook-endpoints/${segment(endpoint.id)}`);
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
          ))}
      </section>
      {edited && (
        <EditWebhook
          endpoint={edited}
          onSaved={(endpoint) => {
            setEditing(undefined);
            setSaved(endpoint.url);
            void reload();
          }}
          onCancel={() => setEditing(undefined)}
        />
      )}
      <section class="card" aria-labelledby="new-endpoint">
        <h2 id="new-endpoint">New endpoint</h2>
        <form onSubmit={form.submit} noValidate>
          <Field
            form={form}
            name="url"
            label="URL"
            type="url"
            hint="https; each delivery is signed (Standard Webhooks)."
            autoComplete="off"
          />
          <Choices form={form} name="events" legend="Events" options={WEBHOOK_EVENT_TYPES} />
          <FormError form={form} />
          <button type="submit" disabled={form.busy}>
            Add endpoint
          </button>
        </form>
      </section>
    </>
  );
};
