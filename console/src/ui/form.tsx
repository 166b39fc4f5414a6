import type {
  ComponentChildren,
  PartialInputHTMLAttributes,
  SelectHTMLAttributes,
  TextareaHTMLAttributes,
} from 'preact';
import { createElement } from 'preact';
import { useId, useState } from 'preact/hooks';
import type { Answer, ApiError } from '../api';

/** The form a detail names: `events.0` is the `events` field, `to` is `to`. */
const fieldOf = (form: HTMLFormElement, field: string) => {
  for (const name of [field, field.split(/[.[]/)[0]]) if (name && form.elements.namedItem(name)) return name;
  return undefined;
};

export interface FormState {
  busy: boolean;
  error: ApiError | undefined;
  /** The messages of the details that name this field. */
  fieldError: (name: string) => string | undefined;
  submit: (event: Event) => Promise<void>;
}

/**
 * A form that calls one route: on a refusal, each detail is shown next to the field it names (the
 * first such field gets the focus) and the rest with the route's message above the button.
 */
export const useForm = <T,>(
  run: (values: FormData, form: HTMLFormElement) => Promise<Answer<T>>,
  done?: (data: T, form: HTMLFormElement) => void,
): FormState => {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError>();
  const [byField, setByField] = useState<Record<string, string[]>>({});
  const submit = async (event: Event) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    setBusy(true);
    const answer = await run(new FormData(form), form);
    setBusy(false);
    if (answer.ok) {
      setError(undefined);
      setByField({});
      done?.(answer.data, form);
      return;
    }
    const fields: Record<string, string[]> = {};
    for (const detail of answer.error.details) {
      const name = fieldOf(form, detail.field);
      if (name) fields[name] = [...(fields[name] ?? []), detail.message];
    }
    setError(answer.error);
    setByField(fields);
    const first = Object.keys(fields)[0];
    if (first)
      requestAnimationFrame(() => (form.querySelector(`[name="${CSS.escape(first)}"]`) as HTMLElement | null)?.focus());
  };
  return { busy, error, fieldError: (name) => byField[name]?.join('; '), submit };
};

/** The route's message, and the details no field of the form claims (shown with their field's name). */
export const FormError = ({ form }: { form: FormState }) => {
  const { error } = form;
  if (!error) return null;
  const unclaimed = error.details.filter(
    (detail) => !form.fieldError(detail.field) && !form.fieldError(detail.field.split(/[.[]/)[0]),
  );
  return (
    <div class="notice error" role="alert">
      <strong>{error.message}</strong> <span class="code">{error.code}</span>
      {unclaimed.length > 0 && (
        <ul>
          {unclaimed.map((detail) => (
            <li key={detail.field}>
              {detail.field ? <code>{detail.field}</code> : null} {detail.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
};

/** An edit form's ending: its error, then save (off while the form is busy) and cancel. */
export const EditActions = ({ form, save, onCancel }: { form: FormState; save: string; onCancel: () => void }) => (
  <>
    <FormError form={form} />
    <div class="actions">
      <button type="submit" disabled={form.busy}>
        {save}
      </button>{' '}
      <button type="button" class="quiet" onClick={onCancel}>
        Cancel
      </button>
    </div>
  </>
);

type ControlProps = Omit<
  PartialInputHTMLAttributes<HTMLInputElement> & TextareaHTMLAttributes & SelectHTMLAttributes,
  'form' | 'name' | 'label' | 'children'
>;

/** A labelled input, text area or select, with its hint and the route's message about it. */
export const Field = ({
  form,
  name,
  label,
  hint,
  as = 'input',
  children,
  ...props
}: ControlProps & {
  form: FormState;
  name: string;
  label: string;
  hint?: string;
  as?: 'input' | 'textarea' | 'select';
  children?: ComponentChildren;
}) => {
  const id = useId();
  const error = form.fieldError(name);
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const control = {
    id,
    name,
    'aria-invalid': error ? ('true' as const) : undefined,
    'aria-describedby': describedBy,
    ...props,
  };
  return (
    <div class={`field${error ? ' invalid' : ''}`}>
      <label for={id}>{label}</label>
      {createElement(as, control, as === 'select' ? children : undefined)}
      {hint && (
        <p id={`${id}-hint`} class="hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} class="field-error">
          {error}
        </p>
      )}
    </div>
  );
};

/** Check boxes of one field (permissions, events): a fieldset whose legend names it. */
export const Choices = ({
  form,
  name,
  legend,
  options,
  checked = [],
}: {
  form: FormState;
  name: string;
  legend: string;
  options: readonly string[];
  checked?: readonly string[];
}) => {
  const id = useId();
  const error = form.fieldError(name);
  return (
    <fieldset class={`field choices${error ? ' invalid' : ''}`} aria-describedby={error ? `${id}-error` : undefined}>
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option} class="choice">
          <input type="checkbox" name={name} value={option} defaultChecked={checked.includes(option)} /> {option}
        </label>
      ))}
      {error && (
        <p id={`${id}-error`} class="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
};

/** A form's text value, or undefined when left empty (the API then keeps its default). */
export const text = (values: FormData, name: string) => {
  const value = String(values.get(name) ?? '').trim();
  return value === '' ? undefined : value;
};

/** A number field: a number when it reads as one, else the text as typed (the route says what is wrong). */
export const numberOrText = (values: FormData, name: string) => {
  const value = text(values, name);
  return value === undefined ? undefined : Number.isFinite(Number(value)) ? Number(value) : value;
};

/**
 * A `datetime-local` field (the reader's local time) as ISO 8601 in UTC; the text as typed when it
 * does not read as a date (the route says what is wrong), undefined when empty.
 */
export const localDateTime = (values: FormData, name: string) => {
  const local = text(values, name);
  const at = local ? new Date(local) : undefined;
  return at && !Number.isNaN(at.getTime()) ? at.toISOString() : local;
};
