import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import type { Answer, ApiError } from '../api';
import { FormError, type FormState } from './form';
import type { Loaded } from './load';
import { ErrorNotice, Loading } from './notice';

/**
 * The scaffolding every list page repeated (a card with its heading, the loading / refused / empty / table
 * states of one GET, a create form's error and button), once: the pages say only what is theirs.
 */

/** A card: a region named by its heading (`id` ties them), which the tests and screen readers find it by. */
export const Card = ({
  id,
  title,
  children,
  class: extra,
}: {
  id: string;
  title: ComponentChildren;
  children?: ComponentChildren;
  class?: string;
}) => (
  <section class={extra ? `card ${extra}` : 'card'} aria-labelledby={id}>
    <h2 id={id}>{title}</h2>
    {children}
  </section>
);

/** A table with its column headings; the rows are the children (each starting with its `th scope="row"`). */
export const Table = ({ headings, children }: { headings: readonly string[]; children: ComponentChildren }) => (
  <div class="table-wrap">
    <table>
      <thead>
        <tr>
          {headings.map((h) => (
            <th key={h} scope="col">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  </div>
);

/**
 * What one list's GET shows: "Loading…", the route's refusal, the sentence for no rows, or the rows in a
 * table; `footer` (a pager) under the table once loaded, whether or not there are rows.
 */
export const ListOf = <D, T>({
  loaded,
  items,
  empty,
  headings,
  row,
  footer,
}: {
  loaded: Loaded<D>;
  items: (data: D) => readonly T[];
  empty: ComponentChildren;
  headings: readonly string[];
  row: (item: T) => ComponentChildren;
  footer?: (data: D) => ComponentChildren;
}) => {
  if (loaded.state === 'loading') return <Loading />;
  if (loaded.state === 'error') return <ErrorNotice error={loaded.error} />;
  const rows = items(loaded.data);
  return (
    <>
      {rows.length === 0 ? <p class="muted">{empty}</p> : <Table headings={headings}>{rows.map(row)}</Table>}
      {footer?.(loaded.data)}
    </>
  );
};

/** A form that makes one thing: its fields, then the route's refusal and the button (off while busy). */
export const CreateForm = ({
  form,
  submit,
  label,
  labelledBy,
  children,
}: {
  form: FormState;
  /** The button's text. */
  submit: string;
  /** The form's accessible name, when no heading names it. */
  label?: string;
  labelledBy?: string;
  children: ComponentChildren;
}) => (
  <form onSubmit={form.submit} noValidate aria-label={label} aria-labelledby={labelledBy}>
    {children}
    <FormError form={form} />
    <button type="submit" disabled={form.busy}>
      {submit}
    </button>
  </form>
);

/**
 * An action on one row (delete, stop, resume): its refusal is shown above the list until the next one
 * succeeds; `then` runs on success (reload the list).
 */
export const useRowAction = () => {
  const [error, setError] = useState<ApiError>();
  const act = async <T,>(call: Promise<Answer<T>>, then?: (data: T) => void) => {
    const answer = await call;
    if (answer.ok) {
      setError(undefined);
      then?.(answer.data);
    } else setError(answer.error);
    return answer;
  };
  return { error, act, clear: () => setError(undefined) };
};
