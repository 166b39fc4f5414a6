import { useState } from 'preact/hooks';
import { api, segment, type Answer, type ApiError } from '../api';
import { go, href } from '../route';
import { ConfirmButton } from '../ui/confirm';
import { dateTime } from '../ui/format';
import { useLoad } from '../ui/load';
import { CopyButton, ErrorNotice, Loading } from '../ui/notice';
import { StateBadge, type Domain } from './domains';
import { type DomainWarning, SenderWarning } from './sender-warning';
import { takeFlash } from '../ui/flash';

type DnsRecord = Domain['records'][number];

/** Which record a row is, for the copy button's name (three DKIM rows share a kind). */
const rowName = (record: DnsRecord, records: readonly DnsRecord[]) => {
  const same = records.filter((other) => other.record === record.record);
  return same.length > 1 ? `${record.record} ${same.indexOf(record) + 1}` : record.record;
};

/** The records to publish at the DNS provider, each with what the last check found. */
const Records = ({ records }: { records: readonly DnsRecord[] }) => (
  <div class="table-wrap">
    <table class="records">
      <thead>
        <tr>
          {['Record', 'Type', 'Name', 'Value', 'Priority', 'Status', 'Found'].map((h) => (
            <th key={h} scope="col">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {records.map((record) => {
          const name = rowName(record, records);
          return (
            <tr key={`${record.record} ${record.name} ${record.value}`} data-record={record.record}>
              <th scope="row">{name}</th>
              <td>{record.type}</td>
              <td class="value">
                <code>{record.name}</code> <CopyButton value={record.name} label={`${name} name`} />
              </td>
              <td class="value">
                <code>{record.value}</code> <CopyButton value={record.value} label={`${name} value`} />
              </td>
              <td>{record.priority ?? '—'}</td>
              <td>
                <StateBadge status={record.status} />
                {record.reason && <p class="hint">{record.reason}</p>}
              </td>
              <td>{record.found ? <code>{record.found}</code> : '—'}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  </div>
);

/**
 * One sending domain: its records, Verify now (POST /domains/{id}/verify: a DNS look-up and SES's
 * state, answered as the domain), the inbound flag (PUT /domains/{id}), delete.
 */
export const DomainView = ({ id }: { id: string }) => {
  const { loaded } = useLoad(() => api.get<Domain>(`/domains/${segment(id)}`), [id]);
  // What Verify now or the inbound toggle answered: the domain as it is now.
  const [fresh, setFresh] = useState<Domain>();
  const [error, setError] = useState<ApiError>();
  const [busy, setBusy] = useState(false);
  // The inbound flag as asked while the route answers; then (or on a refusal) the domain's own.
  const [inbound, setInbound] = useState<boolean>();
  // What POST /domains warned of, when this view was opened by adding the domain.
  const [warnings] = useState(() => takeFlash<DomainWarning[]>(`domain-warnings:${id}`) ?? []);
  const act = async (call: () => Promise<Answer<Domain>>) => {
    setBusy(true);
    const answer = await call();
    setBusy(false);
    if (answer.ok) {
      setFresh(answer.data);
      setError(undefined);
    } else setError(answer.error);
  };
  if (loaded.state === 'loading') return <Loading />;
  if (loaded.state === 'error') return <ErrorNotice error={loaded.error} />;
  const domain = fresh?.id === id ? fresh : loaded.data;
  const path = `/domains/${segment(id)}`;
  return (
    <>
      <p>
        <a href={href('/domains')}>All domains</a>
      </p>
      <section class="card" aria-labelledby="domain-title">
        <h2 id="domain-title">{domain.name}</h2>
        <SenderWarning warnings={warnings} domain={domain.name} />
        <dl class="facts">
          <dt>Status</dt>
          <dd data-domain-status>
            <StateBadge status={domain.status} />
          </dd>
          <dt>Region</dt>
          <dd>{domain.region}</dd>
          <dt>Last checked</dt>
          <dd>{dateTime(domain.last_checked_at)}</dd>
        </dl>
        <p class="hint">
          Publish these records at your DNS provider; each turns verified once the look-up finds it. Mail may be sent
          from this domain once it is verified.
        </p>
        <Records records={domain.records} />
        {error && <ErrorNotice error={error} />}
        <div class="actions">
          <button type="button" disabled={busy} onClick={() => act(() => api.post<Domain>(`${path}/verify`))}>
            Verify now
          </button>
          <label class="choice">
            <input
              type="checkbox"
              checked={inbound ?? domain.inbound}
              disabled={busy}
              onChange={async (event) => {
                const wanted = (event.currentTarget as HTMLInputElement).checked;
                setInbound(wanted);
                await act(() => api.put<Domain>(path, { inbound: wanted }));
                setInbound(undefined);
              }}
            />{' '}
            Receive mail at this domain (inbound)
          </label>
          <ConfirmButton
            label="Delete domain"
            confirm={`Delete ${domain.name}`}
            onConfirm={async () => {
              const answer = await api.delete(path);
              if (answer.ok) go('/domains');
              else setError(answer.error);
            }}
          />
        </div>
      </section>
    </>
  );
};
