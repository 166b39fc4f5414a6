import { useState } from 'preact/hooks';
import { SUPPRESSION_REASONS } from '../../../functions/domain/types';
import { api, segment, type DataOf } from '../api';
import { ConfirmButton } from '../ui/confirm';
import { Field, text, useForm } from '../ui/form';
import { dateTime } from '../ui/format';
import { useLoad } from '../ui/load';
import { TenantPicker, tenantQuery, useTenant } from '../ui/tenant';
import { Card, CreateForm, ListOf, useRowAction } from '../ui/list';
import { ErrorNotice } from '../ui/notice';

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
  const action = useRowAction();
  const [tenant, setTenant] = useTenant();
  const cursor = cursors[cursors.length - 1];
  const query = `limit=${PAGE}${reason ? `&reason=${reason}` : ''}${tenantQuery(tenant)}${
    cursor ? `&cursor=${cursor}` : ''
  }`;
  const { loaded, reload } = useLoad(() => api.get<Page>(`/suppressions?${query}`), [query]);
  const form = useForm(
    (values) =>
      api.post<Suppression>('/suppressions', { email: text(values, 'email') ?? '', tenant: tenant || undefined }),
    (_added, element) => {
      element.reset();
      void reload();
    },
  );
  return (
    <>
      <Card id="suppressed" title="Suppressed addresses">
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
          <TenantPicker
            tenant={tenant}
            onTenant={(next) => {
              setCursors(['']);
              setTenant(next);
            }}
          />
        </div>
        {tenant && (
          <p class="hint">
            Tenant {tenant}'s own list: its mail's bounces and complaints. The account's list (All) holds for every
            tenant too.
          </p>
        )}
        {action.error && <ErrorNotice error={action.error} />}
        <ListOf
          loaded={loaded}
          items={(data) => data.suppressions}
          empty={`No suppressed addresses${reason ? ` for ${reason.replace('_', ' ')}` : ''}.`}
          headings={['Address', 'Reason', 'Source', 'Since', 'Actions']}
          row={(s) => (
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
                    await action.act(
                      api.delete(
                        `/suppressions/${segment(s.email)}${tenant ? `?tenant=${encodeURIComponent(tenant)}` : ''}`,
                      ),
                      () => void reload(),
                    );
                  }}
                />
              </td>
            </tr>
          )}
          footer={(data) =>
            (cursors.length > 1 || data.next_cursor) && (
              <nav class="pager" aria-label="Suppressed addresses pages">
                <button type="button" disabled={cursors.length === 1} onClick={() => setCursors(cursors.slice(0, -1))}>
                  Previous page
                </button>
                <span>Page {cursors.length}</span>
                <button
                  type="button"
                  disabled={!data.next_cursor}
                  onClick={() => data.next_cursor && setCursors([...cursors, data.next_cursor])}
                >
                  Next page
                </button>
              </nav>
            )
          }
        />
      </Card>
      <Card id="new-suppression" title="Suppress an address">
        <CreateForm form={form} submit="Suppress">
          <Field
            form={form}
            name="email"
            label="Email address"
            type="email"
            hint={
              tenant
                ? `On tenant ${tenant}'s own list: its mail does not reach the address until it is deleted here.`
                : 'No send path reaches it until it is deleted here.'
            }
            autoComplete="off"
          />
        </CreateForm>
      </Card>
    </>
  );
};
