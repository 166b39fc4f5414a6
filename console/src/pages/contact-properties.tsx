import { useState } from 'preact/hooks';
import { api, segment, type DataOf } from '../api';
import { ConfirmButton } from '../ui/confirm';
import { EditActions, Field, numberOrText, text, useForm, type FormState } from '../ui/form';
import { dateTime } from '../ui/format';
import { useLoad } from '../ui/load';
import { Card, CreateForm, ListOf, useRowAction } from '../ui/list';
import { ErrorNotice } from '../ui/notice';

export type Property = DataOf<'contact-properties-get'>;
export type Properties = DataOf<'contact-properties-list'>;

/** A fallback as the declaration's type reads it: a number for `number` (the route refuses other text). */
const fallbackOf = (values: FormData, type: string | undefined) =>
  (type === 'number' ? numberOrText(values, 'fallback_value') : text(values, 'fallback_value')) ?? null;

const FallbackField = ({ form, value }: { form: FormState; value?: string | number | null }) => (
  <Field
    form={form}
    name="fallback_value"
    label="Fallback value (optional)"
    defaultValue={value === null || value === undefined ? '' : String(value)}
    hint="What {{contact.<key>}} reads for a contact without a value."
    autoComplete="off"
  />
);

/** A declaration's fallback (PATCH /contact-properties/{id}): its key and type stay, contacts hold values of them. */
const EditProperty = ({
  property,
  onSaved,
  onCancel,
}: {
  property: Property;
  onSaved: (property: Property) => void;
  onCancel: () => void;
}) => {
  const form = useForm(
    (values) =>
      api.patch<Property>(`/contact-properties/${segment(property.id)}`, {
        fallback_value: fallbackOf(values, property.type),
      }),
    onSaved,
  );
  return (
    <form key={property.id} onSubmit={form.submit} noValidate aria-label={`Edit ${property.key}`}>
      <h3>
        Edit <code>{property.key}</code> ({property.type})
      </h3>
      <FallbackField form={form} value={property.fallback_value} />
      <EditActions form={form} save="Save property" onCancel={onCancel} />
    </form>
  );
};

/**
 * The properties the account declares for its contacts (at most 100, one answer): a contact holds values of
 * these only, of the declared type. Each to change or delete, and a form to declare one.
 */
export const ContactProperties = () => {
  const { loaded, reload } = useLoad(() => api.get<Properties>('/contact-properties'), []);
  const [editing, setEditing] = useState<string>();
  const [saved, setSaved] = useState<string>();
  const action = useRowAction();
  const edited =
    loaded.state === 'ok' ? loaded.data.contact_properties.find((property) => property.id === editing) : undefined;
  const form = useForm(
    (values) =>
      api.post<Property>('/contact-properties', {
        key: text(values, 'key') ?? '',
        type: text(values, 'type') ?? '',
        fallback_value: fallbackOf(values, text(values, 'type')) ?? undefined,
      }),
    (_property, element) => {
      element.reset();
      void reload();
    },
  );
  return (
    <Card id="contact-properties" title="Contact properties">
      {action.error && <ErrorNotice error={action.error} />}
      {saved && <p role="status">Saved {saved}.</p>}
      <ListOf
        loaded={loaded}
        items={(data) => data.contact_properties}
        empty="No properties declared yet."
        headings={['Key', 'Type', 'Fallback', 'Declared', 'Actions']}
        row={(property) => (
          <tr key={property.id}>
            <th scope="row">
              <code>{property.key}</code>
            </th>
            <td>{property.type}</td>
            <td>{property.fallback_value ?? ''}</td>
            <td>{dateTime(property.created_at)}</td>
            <td class="row-actions">
              <button
                type="button"
                aria-label={`Edit ${property.key}`}
                onClick={() => {
                  setSaved(undefined);
                  setEditing(property.id);
                }}
              >
                Edit
              </button>{' '}
              <ConfirmButton
                label="Delete"
                confirm={`Delete ${property.key}`}
                onConfirm={async () => {
                  await action.act(api.delete(`/contact-properties/${segment(property.id)}`), () => void reload());
                }}
              />
            </td>
          </tr>
        )}
      />
      {edited && (
        <EditProperty
          property={edited}
          onSaved={(property) => {
            setEditing(undefined);
            setSaved(property.key);
            void reload();
          }}
          onCancel={() => setEditing(undefined)}
        />
      )}
      <h3 id="declare-property">Declare a property</h3>
      <CreateForm form={form} submit="Declare property" labelledBy="declare-property">
        <Field
          form={form}
          name="key"
          label="Key"
          hint="Letters, digits and _; templates read it as {{contact.<key>}}."
          autoComplete="off"
        />
        <Field form={form} name="type" label="Type" as="select">
          <option value="string">Text</option>
          <option value="number">Number</option>
        </Field>
        <FallbackField form={form} />
      </CreateForm>
    </Card>
  );
};
