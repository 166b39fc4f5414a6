import { api, type DataOf } from '../api';
import { go, href } from '../route';
import { Field, FormError, text, useForm } from '../ui/form';
import { flash } from '../ui/flash';
import { dateTime } from '../ui/format';
import { useLoad } from '../ui/load';
import { ErrorNotice, Loading } from '../ui/notice';
import { CursorPager, useCursorPages } from '../ui/pager';

type Page = DataOf<'domains-list'>;
export type Domain = DataOf<'domains-get'>;

const PAGE = 20;

/** A domain's or a record's state (verified, pending, missing, mismatch, failed, temporary_failure). */
export const StateBadge = ({ status }: { status: string }) => (
  <span class={`badge status-${status.replace(/_/g, '-')}`}>{status.replace(/_/g, ' ')}</span>
);

/** A new sending domain: its view lists the records to publish. */
const AddDomain = () => {
  const form = useForm(
    (values) => api.post<DataOf<'domains-create'>>('/domains', { name: text(values, 'name') ?? '' }),
    (domain) => {
      // The domain's view says what the warnings mean, beside its records.
      flash(`domain-warnings:${domain.id}`, domain.warnings);
      go(`/domains/${domain.id}`);
    },
  );
  return (
    <section class="card" aria-labelledby="new-domain">
      <h2 id="new-domain">Add a domain</h2>
      <form onSubmit={form.submit} noValidate class="inline">
        <Field
          form={form}
          name="name"
          label="Domain"
          hint="The domain you send from, e.g. shop.example."
          autoComplete="off"
        />
        <FormError form={form} />
        <button type="submit" disabled={form.busy}>
          Add domain
        </button>
      </form>
    </section>
  );
};

/** The account's sending domains with their state; cursor paging, the way back remembered. */
export const Domains = () => {
  const pages = useCursorPages();
  const { cursor } = pages;
  const { loaded } = useLoad(
    () => api.get<Page>(`/domains?limit=${PAGE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`),
    [cursor],
  );
  return (
    <>
      <section class="card" aria-labelledby="domain-list">
        <h2 id="domain-list">Sending domains</h2>
        {loaded.state === 'loading' && <Loading />}
        {loaded.state === 'error' && <ErrorNotice error={loaded.error} />}
        {loaded.state === 'ok' &&
          (loaded.data.domains.length === 0 ? (
            <p class="muted">No domains yet: mail is sent as the provider allows.</p>
          ) : (
            <div class="table-wrap">
              <table>
                <thead>
                  <tr>
                    {['Domain', 'Status', 'Records verified', 'Inbound', 'Last checked'].map((h) => (
                      <th key={h} scope="col">
                        {h}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {loaded.data.domains.map((domain) => (
                    <tr key={domain.id}>
                      <th scope="row">
                        <a href={href(`/domains/${domain.id}`)}>{domain.name}</a>
                      </th>
                      <td>
                        <StateBadge status={domain.status} />
                      </td>
                      <td>
                        {domain.records.filter((record) => record.status === 'verified').length} of{' '}
                        {domain.records.length}
                      </td>
                      <td>{domain.inbound ? 'on' : 'off'}</td>
                      <td>{dateTime(domain.last_checked_at)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ))}
        {loaded.state === 'ok' && <CursorPager label="Domain" pages={pages} next={loaded.data.next_cursor} />}
      </section>
      <AddDomain />
    </>
  );
};
