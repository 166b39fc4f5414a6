import { WEBHOOK_EVENT_TYPES } from '../../../functions/domain/webhooks/records';
import { api, segment, type DataOf } from '../api';
import { Choices, EditActions, Field, text, useForm } from '../ui/form';

type Endpoint = DataOf<'webhook-endpoints-get'>;

/**
 * One endpoint's URL, events and whether it gets deliveries, changed with PATCH /webhook-endpoints/{id}.
 * Its secret stays as it is: the endpoint's consumer keeps verifying.
 */
export const EditWebhook = ({
  endpoint,
  onSaved,
  onCancel,
}: {
  endpoint: Endpoint;
  onSaved: (endpoint: Endpoint) => void;
  onCancel: () => void;
}) => {
  const form = useForm(
    (values) =>
      api.patch<Endpoint>(`/webhook-endpoints/${segment(endpoint.id)}`, {
        url: text(values, 'url') ?? '',
        events: values.getAll('events').map(String),
        enabled: values.get('enabled') === 'on',
      }),
    onSaved,
  );
  return (
    <section class="card" aria-labelledby="edit-endpoint">
      <h2 id="edit-endpoint">Edit endpoint</h2>
      <form key={endpoint.id} onSubmit={form.submit} noValidate>
        <Field form={form} name="url" label="URL" type="url" defaultValue={endpoint.url} autoComplete="off" />
        <Choices form={form} name="events" legend="Events" options={WEBHOOK_EVENT_TYPES} checked={endpoint.events} />
        <div class="field choices">
          <label class="choice">
            <input type="checkbox" name="enabled" defaultChecked={endpoint.enabled} /> Enabled
          </label>
          <p class="hint">Off: no event is posted to it, retries included, until it is enabled again.</p>
        </div>
        <EditActions form={form} save="Save endpoint" onCancel={onCancel} />
      </form>
    </section>
  );
};
