import { api, type DataOf } from '../api';
import { count, dateTime, percent } from '../ui/format';
import { Card, Table } from '../ui/list';
import { useLoad } from '../ui/load';
import { ErrorNotice, Loading } from '../ui/notice';

type Usage = DataOf<'usage-get'>;
const FIGURES = ['sent', 'delivered', 'bounced', 'complained'] as const;

/**
 * The account's mail today and this month (UTC), and the default provider's quota as SES states it (the whole SES
 * account's, shared with whatever else sends through it).
 */
export const UsagePage = () => {
  const { loaded } = useLoad(() => api.get<Usage>('/usage'), []);
  if (loaded.state === 'loading') return <Loading />;
  if (loaded.state === 'error') return <ErrorNotice error={loaded.error} />;
  const { today, month, quota } = loaded.data;
  const periods = [
    ['Today', today],
    ['This month', month],
  ] as const;
  return (
    <>
      <Card id="mail-usage" title="Mail">
        <Table headings={['Period', ...FIGURES.map((f) => f[0].toUpperCase() + f.slice(1)), 'Since', 'Resets']}>
          {periods.map(([name, period]) => (
            <tr key={name}>
              <th scope="row">{name}</th>
              {FIGURES.map((figure) => (
                <td key={figure} class="number">
                  {count(period[figure])}
                </td>
              ))}
              <td>{dateTime(period.from)}</td>
              <td>{dateTime(period.resets_at)}</td>
            </tr>
          ))}
        </Table>
        <p class="hint">Bounced counts hard and soft bounces; the days are UTC days.</p>
      </Card>
      <Card id="quota" title="Sending quota">
        {quota === null ? (
          <p class="muted">
            Not known: the default provider is SMTP, there is no default provider, or SES did not answer.
          </p>
        ) : (
          <>
            <dl class="figures plain">
              <div>
                <dt>Sent in the last 24 hours</dt>
                <dd>{count(quota.sent_last_24_hours)}</dd>
              </div>
              <div>
                <dt>Most in 24 hours</dt>
                <dd>{count(quota.max_24_hour_send)}</dd>
              </div>
              <div>
                <dt>Most per second</dt>
                <dd>{count(quota.max_send_rate)}</dd>
              </div>
              <div>
                <dt>Used</dt>
                <dd>
                  {quota.max_24_hour_send > 0 ? percent(quota.sent_last_24_hours / quota.max_24_hour_send, 1) : '—'}
                </dd>
              </div>
            </dl>
            {quota.max_24_hour_send > 0 && (
              <meter
                class="quota"
                aria-label="Share of the 24-hour quota used"
                min={0}
                max={quota.max_24_hour_send}
                high={quota.max_24_hour_send * 0.8}
                value={quota.sent_last_24_hours}
              />
            )}
            <p class="hint">As SES states it for its whole account: other senders on it count too.</p>
          </>
        )}
      </Card>
    </>
  );
};
