import { useState } from 'preact/hooks';
import { api, type DataOf } from '../api';
import { href } from '../route';
import { Field, text, useForm } from '../ui/form';
import { count, dateTime } from '../ui/format';
import { useLoad } from '../ui/load';
import { Card, CreateForm, ListOf } from '../ui/list';
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
      <Card id="all-lists" title="All lists">
        <ListOf
          loaded={loaded}
          items={(data) => data.lists}
          empty="No lists yet."
          headings={['Name', 'Subscribers', 'Description', 'Created']}
          row={(list) => (
            <tr key={list.id}>
              <th scope="row">
                <a href={href(`/lists/${list.id}`)}>{list.name}</a>{' '}
                {list.double_opt_in && <span class="badge ok">double opt-in</span>}
              </th>
              <td>{count(list.subscriber_count)}</td>
              <td>{list.description ?? ''}</td>
              <td>{dateTime(list.created_at)}</td>
            </tr>
          )}
          footer={(data) => (
            <Pager label="List" total={data.total} limit={data.limit} offset={offset} onOffset={setOffset} />
          )}
        />
      </Card>
      <Card id="new-list" title="New list">
        <CreateForm form={form} submit="Create list">
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
        </CreateForm>
      </Card>
    </>
  );
};
