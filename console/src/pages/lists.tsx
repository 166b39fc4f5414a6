import { useState } from 'preact/hooks';
import { api, type DataOf } from '../api';
import { href } from '../route';
import { Field, FormError, text, useForm } from '../ui/form';
import { count, dateTime } from '../ui/format';
import { useLoad } from '../ui/load';
import { ErrorNotice, Loading } from '../ui/notice';
import { Pager } from '../ui/pager';

type Page = DataOf<'lists-list'>;
const PAGE = 20;

/** The account's lists with their subscriber counts, and a form for a new one. */
export const Lists = () => {
  const [offset, setOffset] = useState(0);
  const { loaded, reload } = useLoad(() => api.get<Page>(`/lists?limit=${PAGE}&offset=${offset}`), [offset]);
  const form = useForm(
    (values) =>
      api.post<DataOf<'lists-create'>>('/lists', {
        name: text(values, 'name') ?? '',
        description: text(values, 'description'),
        double_opt_in: values.get('double_opt_in') === 'on',
      }),
    (_list, element) => {
      element.reset();
      void reload();
    },
  );
  return (
    <>
      <section class="card" aria-labelledby="all-lists">
        <h2 id="all-lists">All lists</h2>
        {loaded.state === 'loading' && <Loading />}
        {loaded.state === 'error' && <ErrorNotice error={loaded.error} />}
        {loaded.state === 'ok' &&
          (loaded.data.lists.length === 0 ? (
            <p class="muted">No lists yet.</p>
          ) : (
            <div class="table-wrap">
              <table>
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Subscribers</th>
                    <th scope="col">Description</th>
                    <th scope="col">Created</th>
                  </tr>
                </thead>
                <tbody>
                  {loaded.data.lists.map((list) => (
                    <tr key={list.id}>
                      <th scope="row">
                        <a href={href(`/lists/${list.id}`)}>{list.name}</a>{' '}
                        {list.double_opt_in && <span class="badge ok">double opt-in</span>}
                      </th>
                      <td>{count(list.subscriber_count)}</td>
                      <td>{list.description ?? ''}</td>
                      <td>{dateTime(list.created_at)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ))}
        {loaded.state === 'ok' && (
          <Pager
            label="List"
            total={loaded.data.total}
            limit={loaded.data.limit}
            offset={offset}
            onOffset={setOffset}
          />
        )}
      </section>
      <section class="card" aria-labelledby="new-list">
        <h2 id="new-list">New list</h2>
        <form onSubmit={form.submit} noValidate>
          <Field form={form} name="name" label="Name" autoComplete="off" />
          <Field form={form} name="description" label="Description (optional)" autoComplete="off" />
          <div class="field choices">
            <label class="choice">
              <input type="checkbox" name="double_opt_in" /> Double opt-in
            </label>
            <p class="hint">
              A subscriber added one by one gets a confirmation mail first; campaigns reach them once they confirm.
            </p>
          </div>
          <FormError form={form} />
          <button type="submit" disabled={form.busy}>
            Create list
          </button>
        </form>
      </section>
    </>
  );
};
