import { useState } from 'preact/hooks';
import { SUBSCRIBER_STATUSES } from '../../../functions/domain/types';
import { api, segment, type ApiError, type DataOf } from '../api';
import { go, href } from '../route';
import { ConfirmButton } from '../ui/confirm';
import { Field, FormError, text, useForm } from '../ui/form';
import { count, dateTime } from '../ui/format';
import { useLoad } from '../ui/load';
import { ErrorNotice, Loading } from '../ui/notice';
import { Pager } from '../ui/pager';
import { ImportCsv } from './list-import';

type Subscribers = DataOf<'subscribers-list'>;
type Subscriber = Subscribers['subscribers'][number];
const PAGE = 50;

const Row = ({
  subscriber,
  onChanged,
  onError,
}: {
  subscriber: Subscriber;
  onChanged: () => void;
  onError: (error: ApiError) => void;
}) => {
  const path = `/subscribers/${segment(subscriber.id)}`;
  const done = (answer: { ok: true } | { ok: false; error: ApiError }) =>
    answer.ok ? onChanged() : onError(answer.error);
  const next = subscriber.status === 'subscribed' ? 'unsubscribed' : 'subscribed';
  return (
    <tr>
      <th scope="row">{subscriber.email}</th>
      <td>{subscriber.name ?? ''}</td>
      <td>
        <span class={`badge status-${subscriber.status}`}>{subscriber.status}</span>
      </td>
      <td>{dateTime(subscriber.created_at)}</td>
      <td class="row-actions">
        <button
          type="button"
          aria-label={`${next === 'subscribed' ? 'Subscribe' : 'Unsubscribe'} ${subscriber.email}`}
          onClick={async () => done(await api.put(path, { status: next }))}
        >
          {next === 'subscribed' ? 'Subscribe' : 'Unsubscribe'}
        </button>{' '}
        <ConfirmButton
          label="Remove"
          confirm={`Remove ${subscriber.email}`}
          onConfirm={async () => done(await api.delete(path))}
        />
      </td>
    </tr>
  );
};

/** One list: its subscribers by status, a form to add one, and each one's status to change. */
export const ListView = ({ id }: { id: string }) => {
  const list = useLoad(() => api.get<DataOf<'lists-get'>>(`/lists/${segment(id)}`), [id]);
  const [status, setStatus] = useState('');
  const [offset, setOffset] = useState(0);
  const [error, setError] = useState<ApiError>();
  const subscribers = useLoad(
    () =>
      api.get<Subscribers>(
        `/subscribers?list_id=${segment(id)}&limit=${PAGE}&offset=${offset}${status ? `&status=${status}` : ''}`,
      ),
    [id, status, offset],
  );
  const changed = () => {
    setError(undefined);
    void subscribers.reload();
    void list.reload();
  };
  const form = useForm(
    (values) =>
      api.post<DataOf<'subscribers-create'>>('/subscribers', {
        list_id: id,
        email: text(values, 'email') ?? '',
        name: text(values, 'name'),
      }),
    (_s, element) => {
      element.reset();
      changed();
    },
  );
  if (list.loaded.state === 'loading') return <Loading />;
  if (list.loaded.state === 'error') return <ErrorNotice error={list.loaded.error} />;
  return (
    <>
      <p>
        <a href={href('/lists')}>All lists</a>
      </p>
      <section class="card" aria-labelledby="list-title">
        <h2 id="list-title">
          {list.loaded.data.name} <span class="muted">({count(list.loaded.data.subscriber_count)} subscribers)</span>
        </h2>
        {list.loaded.data.description && <p>{list.loaded.data.description}</p>}
        {list.loaded.data.double_opt_in && (
          <p data-double-opt-in>
            <span class="badge ok">double opt-in</span> A subscriber added here gets a confirmation mail and is reached
            by campaigns once confirmed; imported ones count as confirmed (the account collected their consent).
          </p>
        )}
        <div class="toolbar">
          <label for="status-filter">Status</label>
          <select
            id="status-filter"
            value={status}
            onChange={(event) => {
              setOffset(0);
              setStatus((event.currentTarget as HTMLSelectElement).value);
            }}
          >
            <option value="">Any</option>
            {SUBSCRIBER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
        {error && <ErrorNotice error={error} />}
        {subscribers.loaded.state === 'loading' && <Loading />}
        {subscribers.loaded.state === 'error' && <ErrorNotice error={subscribers.loaded.error} />}
        {subscribers.loaded.state === 'ok' &&
          (subscribers.loaded.data.subscribers.length === 0 ? (
            <p class="muted">No subscribers{status ? ` with status ${status}` : ''}.</p>
          ) : (
            <div class="table-wrap">
              <table>
                <thead>
                  <tr>
                    <th scope="col">Email</th>
                    <th scope="col">Name</th>
                    <th scope="col">Status</th>
                    <th scope="col">Added</th>
                    <th scope="col">Actions</th>
                  </tr>
                </thead>
                <tbody>
                  {subscribers.loaded.data.subscribers.map((subscriber) => (
                    <Row key={subscriber.id} subscriber={subscriber} onChanged={changed} onError={setError} />
                  ))}
                </tbody>
              </table>
            </div>
          ))}
        {subscribers.loaded.state === 'ok' && (
          <Pager
            label="Subscriber"
            total={subscribers.loaded.data.total}
            limit={subscribers.loaded.data.limit}
            offset={offset}
            onOffset={setOffset}
          />
        )}
      </section>
      <section class="card" aria-labelledby="add-subscriber">
        <h2 id="add-subscriber">Add a subscriber</h2>
        <form onSubmit={form.submit} noValidate>
          <Field form={form} name="email" label="Email" type="email" autoComplete="off" />
          <Field form={form} name="name" label="Name (optional)" autoComplete="off" />
          <FormError form={form} />
          <button type="submit" disabled={form.busy}>
            Add subscriber
          </button>
        </form>
      </section>
      <ImportCsv listId={id} onImported={changed} />
      <section class="card" aria-labelledby="delete-list">
        <h2 id="delete-list">Delete this list</h2>
        <p class="hint">Its subscriptions go too, and its scheduled or sending campaigns stop.</p>
        <ConfirmButton
          label="Delete list"
          confirm="Delete for good"
          onConfirm={async () => {
            const answer = await api.delete(`/lists/${segment(id)}`);
            if (answer.ok) go('/lists');
            else setError(answer.error);
          }}
        />
      </section>
    </>
  );
};
