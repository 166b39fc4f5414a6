import { useEffect, useState } from 'preact/hooks';
import { onRateLimited } from '../api';

const CLOCK = new Intl.DateTimeFormat(undefined, { timeStyle: 'medium' });

/**
 * While a call waits for the key's rate limit (429 `RATE_LIMITED`, api.ts retries it after `Retry-After`): when
 * it retries. The time is announced once (a status); the countdown beside it is for the eye only, so a screen
 * reader is not told every second.
 */
export const RateLimitNotice = () => {
  const [until, setUntil] = useState<number>();
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    onRateLimited(setUntil);
    return () => onRateLimited(() => {});
  }, []);
  useEffect(() => {
    if (until === undefined) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [until]);
  return (
    <div role="status" class={until === undefined ? 'rate-limit' : 'rate-limit notice info'}>
      {until !== undefined && (
        <p>
          <strong>This key's rate limit is reached.</strong> The console retries at {CLOCK.format(until)}
          <span aria-hidden="true">: retrying in {Math.max(0, Math.ceil((until - now) / 1000))} s</span>.
        </p>
      )}
    </div>
  );
};
