import { useState } from 'preact/hooks';
import { api, segment, type DataOf } from '../api';
import { go } from '../route';
import { ConfirmButton } from '../ui/confirm';
import { Field, text, useForm } from '../ui/form';
import { dateTime } from '../ui/format';
import { Card, CreateForm, ListOf, useRowAction } from '../ui/list';
import { useLoad } from '../ui/load';
import { ErrorNotice } from '../ui/notice';
import { CursorPager, useCursorPages } from '../ui/pager';
import { useTenant } from '../ui/tenant';
import { Status } from './automations';

type Page = DataOf<'tenants-list'>;
type Tenant = DataOf<'tenants-get'>;
const PAGE = 50;

/**
 * The customers the account sends for (`admin`), 50 a page: each with its own reputation, brake and suppression
 * list. A paused tenant (its brake: its sends are refused while the others go on) is resumed here; its figures
 * open on the Overview, its messages and suppressions under the same choice of tenant.
 */
export const Tenants = () => {
  const pages = useCursorPages();
  const { cursor } = pages;
  const { loaded, reload } = useLoad(
    () => api.get<Page>(`/tenants?limit=${PAGE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`),
    [cursor],
  );
  const [, setTenant] = useTenant();
  const action = useRowAction();
  const [said, say] = useState<string>();
  const form = useForm(
    (values) => api.post<Tenant>('/tenants', { name: text(values, 'name') ?? '' }),
    (tenant, element) => {
      element.reset();
      say(`Added ${tenant.name}.`);
      void reload();
    },
  );
  return (
    <>
      <Card id="all-tenants" title="All tenants">
        <p class="hint">
          A send names its tenant (<code>tenant</code>, or the SMTP relay's <code>X-Tenant</code>); a tenant's bounces
          and complaints count for it alone, and pause it alone.
        </p>
        {action.error && <ErrorNotice error={action.error} />}
        {said && <p role="status">{said}</p>}
        <ListOf
          loaded={loaded}
          items={(data) => data.tenants}
          empty="No tenants yet: the account sends as itself."
          headings={['Name', 'Status', 'SES tenant', 'Created', 'Actions']}
          row={(tenant) => (
            <tr key={tenant.id}>
              <th scope="row" class="nowrap">
                {tenant.name}
              </th>
              <td>
                <Status status={tenant.status} />
                {tenant.status === 'paused' && (
                  <p class="hint">
                    Since {dateTime(tenant.paused_at)}
                    {tenant.reason ? `: ${tenant.reason}` : ''}
                  </p>
                )}
              </td>
              <td>
                <code class="small">{tenant.ses_tenant_name}</code>
              </td>
              <td class="nowrap">{dateTime(tenant.created_at)}</td>
              <td class="row-actions">
                <button
                  type="button"
                  class="quiet"
                  aria-label={`Overview of ${tenant.name}`}
                  onClick={() => {
                    setTenant(tenant.name);
                    go('/overview');
                  }}
                >
                  Overview
                </button>{' '}
                {tenant.status === 'paused' && (
                  <ConfirmButton
                    label="Resume"
                    confirm={`Resume ${tenant.name}`}
                    onConfirm={async () => {
                      await action.act(api.post<DataOf<'stats-resume'>>('/stats/resume', { tenant: tenant.id }), () => {
                        say(`${tenant.name} sends again.`);
                        void reload();
                      });
                    }}
                  />
                )}{' '}
                <ConfirmButton
                  label="Delete"
                  confirm={`Delete ${tenant.name}`}
                  onConfirm={async () => {
                    await action.act(api.delete(`/tenants/${segment(tenant.id)}`), () => {
                      say(`Deleted ${tenant.name}.`);
                      void reload();
                    });
                  }}
                />
              </td>
            </tr>
          )}
          footer={(data) => <CursorPager label="Tenant" pages={pages} next={data.next_cursor} />}
        />
      </Card>
      <Card id="new-tenant" title="New tenant">
        <CreateForm form={form} submit="Add tenant">
          <Field
            form={form}
            name="name"
            label="Name"
            hint="Letters, digits, - and _ (up to 64): what sends and keys name it by."
            autoComplete="off"
          />
        </CreateForm>
      </Card>
    </>
  );
};
