import { useMemo, useState } from 'preact/hooks';
import { THRESHOLDS } from '../../../functions/domain/reputation/figures';
import { api, type ApiError, type DataOf } from '../api';
import { Chart, type Line } from '../ui/chart';
import { ConfirmButton } from '../ui/confirm';
import { count, dateTime, percent } from '../ui/format';
import { useLoad } from '../ui/load';
import { TenantPicker, tenantQuery, useTenant } from '../ui/tenant';
import { href } from '../route';
import { ErrorNotice, Loading } from '../ui/notice';

type Stats = DataOf<'stats-get'>;
type Day = Stats['daily'][number];

const PERIODS = [7, 30, 90] as const;
const COLORS = {
  sent: '#1d4ed8',
  delivered: '#15803d',
  opened: '#7e22ce',
  clicked: '#b45309',
  failed: '#b91c1c',
  review: '#a16207',
  pause: '#b91c1c',
};

/** A day's rate, or a gap on a day without mail (nothing to weigh). */
const dailyRate = (day: Day, figure: 'bounced_hard' | 'complained') => (day.sent > 0 ? day[figure] / day.sent : null);

/** A rate against SES's two lines: a meter from 0 to the pause threshold, the review one as "high". */
const Rate = ({
  label,
  rate,
  review,
  pause,
  note,
}: {
  label: string;
  rate: number | null;
  review: number;
  pause: number;
  note: string;
}) => (
  <div class="rate">
    <div class="rate-head">
      <span>{label}</span> <strong>{percent(rate, 3)}</strong>
    </div>
    <meter
      min={0}
      max={pause}
      low={review * 0.8}
      high={review}
      optimum={0}
      value={rate ?? 0}
      aria-label={`${label}: ${percent(rate, 3)}, SES reviews at ${percent(review)} and pauses at ${percent(pause)}`}
    />
    <p class="hint">
      SES reviews at {percent(review)}, pauses at {percent(pause)}. {note}
    </p>
  </div>
);

/**
 * The brake, and before it whether the account can send at all: with no provider nothing leaves, and the
 * next step is to add one. `providers` is undefined when the key may not read them (then nothing is said).
 */
const Brake = ({
  sending,
  providers,
  tenant,
  onResumed,
}: {
  sending: Stats['sending'];
  providers: number | undefined;
  /** The tenant whose brake this is (its own, beside the account's), or '' for the account. */
  tenant: string;
  onResumed: () => void;
}) => {
  const [error, setError] = useState<ApiError>();
  if (!sending.paused && providers === 0)
    return (
      <section class="card alert" aria-labelledby="brake-title">
        <h2 id="brake-title">Sending</h2>
        <p>
          <span class="badge warn">No provider</span> No provider yet: nothing can be sent until one is added.
        </p>
        <p>
          <a href={href('/providers')}>Add a provider</a> (Amazon SES or an SMTP relay) with the address your mail comes
          from.
        </p>
      </section>
    );
  if (!sending.paused)
    return (
      <section class="card" aria-labelledby="brake-title">
        <h2 id="brake-title">Sending</h2>
        <p>
          <span class="badge ok">On</span> {tenant ? `Tenant ${tenant} sends.` : 'This account sends.'}
          {sending.resumed_at ? ` Last resumed ${dateTime(sending.resumed_at)}.` : ''}
        </p>
      </section>
    );
  return (
    <section class="card alert" aria-labelledby="brake-title">
      <h2 id="brake-title">Sending</h2>
      <p>
        <span class="badge bad">Paused</span> since {dateTime(sending.paused_at)}: new sends
        {tenant ? ` of tenant ${tenant}` : ''} are refused (SENDING_PAUSED) and queued mail waits.
      </p>
      {sending.reason && <p>{sending.reason}</p>}
      {error && <ErrorNotice error={error} />}
      <ConfirmButton
        label="Resume sending"
        confirm="Resume now"
        onConfirm={async () => {
          const answer = await api.post<DataOf<'stats-resume'>>('/stats/resume', tenant ? { tenant } : undefined);
          if (answer.ok) onResumed();
          else setError(answer.error);
        }}
      />
      <p class="hint">
        Resume once the cause is fixed (a bad list, a leaked key): only what follows the resume is weighed again.
      </p>
    </section>
  );
};

const Figures = ({ stats }: { stats: Stats }) => (
  <dl class="figures">
    {(['sent', 'delivered', 'opened', 'clicked', 'bounced_hard', 'bounced_soft', 'complained', 'failed'] as const).map(
      (figure) => (
        <div key={figure}>
          <dt>{figure.replace('_', ' ')}</dt>
          <dd>{count(stats[figure])}</dd>
        </div>
      ),
    )}
  </dl>
);

const DailyTable = ({ daily }: { daily: Day[] }) => (
  <details>
    <summary>Figures per day</summary>
    <div class="table-wrap">
      <table>
        <thead>
          <tr>
            {['Day (UTC)', 'Sent', 'Delivered', 'Opened', 'Clicked', 'Hard bounces', 'Complaints', 'Failed'].map(
              (h) => (
                <th key={h} scope="col">
                  {h}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>
          {daily.map((day) => (
            <tr key={day.date}>
              <th scope="row">{day.date}</th>
              <td>{day.sent}</td>
              <td>{day.delivered}</td>
              <td>{day.opened}</td>
              <td>{day.clicked}</td>
              <td>{day.bounced_hard}</td>
              <td>{day.complained}</td>
              <td>{day.failed}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  </details>
);

const Charts = ({ daily }: { daily: Day[] }) => {
  const days = useMemo(() => daily.map((day) => day.date), [daily]);
  const volume = useMemo<Line[]>(
    () =>
      (['sent', 'delivered', 'opened', 'clicked', 'failed'] as const).map((figure) => ({
        label: figure,
        color: COLORS[figure],
        values: daily.map((day) => day[figure]),
      })),
    [daily],
  );
  const rates = (
    figure: 'bounced_hard' | 'complained',
    lines: { review: number; pause: number },
    label: string,
  ): Line[] => [
    { label, color: COLORS.sent, values: daily.map((day) => dailyRate(day, figure)) },
    {
      label: `SES review (${percent(lines.review)})`,
      color: COLORS.review,
      dash: [6, 4],
      values: daily.map(() => lines.review),
    },
    {
      label: `SES pause (${percent(lines.pause)})`,
      color: COLORS.pause,
      dash: [2, 3],
      values: daily.map(() => lines.pause),
    },
  ];
  const bounces = useMemo(() => rates('bounced_hard', THRESHOLDS.bounce_rate, 'Hard bounce rate'), [daily]);
  const complaints = useMemo(() => rates('complained', THRESHOLDS.complaint_rate, 'Complaint rate'), [daily]);
  const share = (v: number) => percent(v, 2);
  return (
    <div class="charts">
      <Chart
        title="Mail per day"
        description={
          `Sent, delivered, opened, clicked and failed mail for each of the last ${days.length} days; ` +
          `the table below holds the figures.`
        }
        days={days}
        lines={volume}
        format={(v) => count(v)}
      />
      <Chart
        title="Hard bounce rate per day"
        description="Hard bounces per mail sent each day, against SES's review line at 5% and pause line at 10%."
        days={days}
        lines={bounces}
        format={share}
      />
      <Chart
        title="Complaint rate per day"
        description="Complaints per mail sent each day, against SES's review line at 0.1% and pause line at 0.5%."
        days={days}
        lines={complaints}
        format={share}
      />
    </div>
  );
};

/** `GET /stats` as a person reads it: the brake first, then rates against SES's lines, then the days. */
export const Overview = () => {
  const [days, setDays] = useState<number>(30);
  const [tenant, setTenant] = useTenant();
  const { loaded, reload } = useLoad(() => api.get<Stats>(`/stats?days=${days}${tenantQuery(tenant)}`), [days, tenant]);
  const providers = useLoad(() => api.get<DataOf<'providers-list'>>('/providers'), []);
  return (
    <>
      <div class="toolbar">
        <label for="period">Period</label>
        <select
          id="period"
          value={days}
          onChange={(event) => setDays(Number((event.currentTarget as HTMLSelectElement).value))}
        >
          {PERIODS.map((n) => (
            <option key={n} value={n}>
              Last {n} days
            </option>
          ))}
        </select>
        <TenantPicker tenant={tenant} onTenant={setTenant} />
      </div>
      {loaded.state === 'loading' && <Loading />}
      {loaded.state === 'error' && <ErrorNotice error={loaded.error} />}
      {loaded.state === 'ok' && (
        <>
          <Brake
            sending={loaded.data.sending}
            providers={providers.loaded.state === 'ok' ? providers.loaded.data.providers.length : undefined}
            tenant={tenant}
            onResumed={reload}
          />
          {loaded.data.warnings.length > 0 && (
            <section class="card" aria-labelledby="warnings-title">
              <h2 id="warnings-title">Warnings</h2>
              <ul class="warnings">
                {loaded.data.warnings.map((warning) => (
                  <li key={`${warning.code}-${warning.window}`} class={warning.level}>
                    <span class={`badge ${warning.level === 'crossed' ? 'bad' : 'warn'}`}>{warning.level}</span>{' '}
                    {warning.code === 'sending_paused'
                      ? ''
                      : warning.window === 'last_24_hours'
                        ? 'Last 24 hours: '
                        : 'This period: '}
                    {warning.message}
                  </li>
                ))}
              </ul>
            </section>
          )}
          <section class="card" aria-labelledby="rates-title">
            <h2 id="rates-title">Rates</h2>
            <div class="rates">
              <Rate
                label="Hard bounces, period"
                rate={loaded.data.bounce_rate}
                {...THRESHOLDS.bounce_rate}
                note="Rates count from 100 mails sent."
              />
              <Rate
                label="Complaints, period"
                rate={loaded.data.complaint_rate}
                {...THRESHOLDS.complaint_rate}
                note="Rates count from 100 mails sent."
              />
              <Rate
                label="Hard bounces, last 24 hours"
                rate={loaded.data.last_24_hours.bounce_rate}
                {...THRESHOLDS.bounce_rate}
                note="The brake pauses sending at the pause line."
              />
              <Rate
                label="Complaints, last 24 hours"
                rate={loaded.data.last_24_hours.complaint_rate}
                {...THRESHOLDS.complaint_rate}
                note="The brake pauses sending at the pause line."
              />
            </div>
          </section>
          <section class="card" aria-labelledby="figures-title">
            <h2 id="figures-title">
              {loaded.data.from} to {loaded.data.to} (UTC)
            </h2>
            <Figures stats={loaded.data} />
            <Charts daily={loaded.data.daily} />
            <DailyTable daily={loaded.data.daily} />
          </section>
        </>
      )}
    </>
  );
};
