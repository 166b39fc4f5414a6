import { api, segment, type DataOf } from '../api';
import { EditActions, Field, numberOrText, text, useForm } from '../ui/form';

type Provider = DataOf<'providers-get'>;

/** An optional field: its value, or null when emptied (PUT clears it). */
const orNull = (values: FormData, name: string) => text(values, name) ?? null;
const numberOrNull = (values: FormData, name: string) => numberOrText(values, name) ?? null;

/**
 * One provider's fields, changed with PUT /providers/{id} (it changes what it is given). The password is
 * write-only: left empty, the stored one stays.
 */
export const EditProvider = ({
  provider,
  onSaved,
  onCancel,
}: {
  provider: Provider;
  onSaved: (provider: Provider) => void;
  onCancel: () => void;
}) => {
  const form = useForm((values) => {
    const password = text(values, 'password');
    const body = {
      name: text(values, 'name') ?? '',
      from_email: text(values, 'from_email') ?? '',
      from_name: orNull(values, 'from_name'),
      hourly_limit: numberOrNull(values, 'hourly_limit'),
      daily_limit: numberOrNull(values, 'daily_limit'),
      send_rate_per_second: numberOrNull(values, 'send_rate_per_second'),
      ...(provider.type === 'ses'
        ? { region: orNull(values, 'region') }
        : {
            host: text(values, 'host') ?? '',
            port: numberOrText(values, 'port') ?? '',
            username: orNull(values, 'username'),
            ...(password ? { password } : {}),
          }),
    };
    return api.put<Provider>(`/providers/${segment(provider.id)}`, body);
  }, onSaved);
  const limit = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));
  return (
    <section class="card" aria-labelledby="edit-provider">
      <h2 id="edit-provider">Edit {provider.name}</h2>
      <form key={provider.id} onSubmit={form.submit} noValidate>
        <Field form={form} name="name" label="Name" defaultValue={provider.name} autoComplete="off" />
        <Field
          form={form}
          name="from_email"
          label="From address"
          type="email"
          defaultValue={provider.from_email}
          autoComplete="off"
        />
        <Field
          form={form}
          name="from_name"
          label="From name (optional)"
          defaultValue={provider.from_name ?? ''}
          autoComplete="off"
        />
        {provider.type === 'ses' ? (
          <Field
            form={form}
            name="region"
            label="Region (optional)"
            defaultValue={provider.region ?? ''}
            hint="The deployment's region when empty."
            autoComplete="off"
          />
        ) : (
          <>
            <Field form={form} name="host" label="Host" defaultValue={provider.host ?? ''} autoComplete="off" />
            <Field
              form={form}
              name="port"
              label="Port"
              inputMode="numeric"
              defaultValue={limit(provider.port)}
              autoComplete="off"
            />
            <Field
              form={form}
              name="username"
              label="User name (optional)"
              defaultValue={provider.username ?? ''}
              autoComplete="off"
            />
            <Field
              form={form}
              name="password"
              label="New password (optional)"
              type="password"
              hint="Empty keeps the stored password."
              autoComplete="new-password"
            />
          </>
        )}
        <Field
          form={form}
          name="send_rate_per_second"
          label="Sends per second (optional)"
          inputMode="decimal"
          defaultValue={limit(provider.send_rate_per_second)}
          autoComplete="off"
        />
        <Field
          form={form}
          name="hourly_limit"
          label="Sends per hour (optional)"
          inputMode="numeric"
          defaultValue={limit(provider.hourly_limit)}
          autoComplete="off"
        />
        <Field
          form={form}
          name="daily_limit"
          label="Sends per day (optional)"
          inputMode="numeric"
          defaultValue={limit(provider.daily_limit)}
          autoComplete="off"
        />
        <EditActions form={form} save="Save provider" onCancel={onCancel} />
      </form>
    </section>
  );
};
