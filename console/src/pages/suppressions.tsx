import { useState } from 'preact/hooks';
import { SUPPRESSION_REASONS } from '../../../functions/domain/types';
import { api, segment, type ApiError, type DataOf } from '../api';
import { ConfirmButton } from '../ui/confirm';
import { Field, FormError, text, useForm } from '../ui/form';
import { dateTime } from '../ui/format';
import { useLoad } from '../ui/load';
import { ErrorNotice, Loading } from '../ui/notice';

type Page = DataOf<'suppressions-list'>;
type Suppression = DataOf<'suppressions-create'>;

const PAGE = 50;

/**
 * The account's suppression list: what no send path reaches, and why. Filter by reason, page by the
 * API's cursor (the cursors of the pages behind are kept to go back), add an address, lift one.
 */
export const Suppressions = () => {
  const [reason, setReason] = useState('');
  // The cursors of the pages shown so far: the last is the current page's ('' for the first).
  const [cursors, setCursors] = useState<string[]>(['']);
  const [error, setError] = useState<ApiError>();
  const cursor = cursors[cursors.length - 1];
  const query = `limit=${PAGE}${reason ? `&reason=${reason}` : ''}${cursor ? `&cursor=${cursor}` : ''}`;
  const { loaded, reload } = useLoad(() => api.get<Page>(`/suppressions?${query}`), [query]);
  const form = useForm(
    (values) => api.post<Suppression>('/suppressions', { email: text(values, 'email') ?? '' }),
    (_added, element) => {
      element.reset();
      void reload();
    },
  );
  return (
    <>
      <section class="card" aria-labelledby="suppressed">
        <h2 id="suppressed">Suppressed addresses</h2>
        <div class="toolbar">
          <label for="reason-filter">Reason</label>
          <select
            id="reason-filter"
            value={reason}
            onChange={(event) => {
              setCursors(['']);
              setReason((event.currentTarget as HTMLSelectElement).value);
            }}
          >
            <option value="">Any</option>
            {SUPPRESSION_REASONS.map((r) => (
              <option key={r} value={r}>
                {r.replace('_', ' ')}
              </option>
            ))}
          </select>
        </div>
        {error && <ErrorNotice error={error} />}
        {loaded.state === 'loading' && <Loading />}
        {loaded.state === 'error' && <ErrorNotice error={loaded.error} />}
        {loaded.state === 'ok' &&
          (loaded.data.suppressions.length === 0 ? (
            <p class="muted">No suppressed addresses{reason ? ` for ${reason.replace('_', ' ')}` : ''}.</p>
          ) : (
            <div class="table-wrap">
              <table>
                <thead>
                  <tr>
                    <th scope="col">Address</th>
                    <th scope="col">Reason</th>
                    <th scope="col">Source</th>
                    <th scope="col">Since</th>
                    <th scope="col">Actions</th>
                  </tr>
                </thead>
                <tbody>
                  {loaded.data.suppressions.map((s) => (
                    <tr key={s.email}>
                      <th scope="row">{s.email}</th>
                      <td>{s.reason.replace('_', ' ')}</td>
                      <td>{s.source}</td>
                      <td>{dateTime(s.created_at)}</td>
                      <td>
                        <ConfirmButton
                          label="Delete"
                          confirm={`Let mail reach ${s.email} again`}
                          onConfirm={async () => {
                            const answer = await api.delete(`/suppressions/${segment(s.email)}`);
                            if (answer.ok) {
                              setError(undefined);
                              void reload();
                            } else setError(answer.error);
                          }}
                        />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ))}
        {loaded.state === 'ok' && (cursors.length > 1 || loaded.data.next_cursor) && (
          <nav class="pager" aria-label="Suppressed addresses pages">
            <button type="button" disabled={cursors.length === 1} onClick={() => setCursors(cursors.slice(0, -1))}>
              Previous page
            </button>
            <span>Page {cursors.length}</span>
            <button
              type="button"
              disabled={!loaded.data.next_cursor}
              onClick={() => loaded.data.next_cursor && setCursors([...cursors, loaded.data.next_cursor])}
            >
              Next page
            </button>
          </nav>
        )}
      </section>
      <section class="card" aria-labelledby="new-suppression">
        <h2 id="new-suppression">Suppress an address</h2>
        <form onSubmit={form.submit} noValidate>
          <Field
            form={form}
            name="email"
            label="Email address"
            type="email"
            hint="No send path reaches it until it is deleted here."
            autoComplete="off"
          />
          <FormError form={form} />
          <button type="submit" disabled={form.busy}>
            Suppress
          </button>
        </form>
      </section>
    </>
  );
};
