import { validationError } from '../domain/errors';

/** Seconds in each unit Resend's relative times name ("in 2 days", "in 1 min"). */
const UNITS: Record<string, number> = {
  s: 1,
  sec: 1,
  secs: 1,
  second: 1,
  seconds: 1,
  m: 60,
  min: 60,
  mins: 60,
  minute: 60,
  minutes: 60,
  h: 3600,
  hr: 3600,
  hrs: 3600,
  hour: 3600,
  hours: 3600,
  d: 86_400,
  day: 86_400,
  days: 86_400,
  w: 604_800,
  week: 604_800,
  weeks: 604_800,
};
const WORDS: Record<string, number> = { a: 1, an: 1, one: 1 };

/** An ISO 8601 date-time with its zone (`Z` or `+hh:mm`), as our own `send_at` takes. */
const ISO_WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/i;
const RELATIVE = /^in\s+(\d{1,6}|a|an|one)\s*([a-z]+)$/;
const TOMORROW = /^tomorrow(?:\s+at\s+(\d{1,2})(?::(\d{2}))?\s*(am|pm)?)?$/;

const hourOf = (hour: number, half: string | undefined) => {
  if (!half) return hour;
  if (hour < 1 || hour > 12) return Number.NaN;
  return (hour % 12) + (half === 'pm' ? 12 : 0);
};

/**
 * Resend's `scheduled_at`: an ISO time with its zone, or a phrase of the few kinds its documentation
 * shows: `now`, `in N <unit>` (seconds to weeks), `tomorrow` or `tomorrow at 9am` (UTC). Anything else
 * is a 422 naming the field rather than a guess: a broadcast sent at the wrong time cannot be undone.
 */
export const resendTime = (value: string, now: Date, field = 'scheduled_at'): string => {
  const text = value.trim().toLowerCase().replace(/\s+/g, ' ');
  const refuse = () =>
    validationError([
      {
        field,
        message:
          'An ISO 8601 date-time with a zone (2030-01-01T09:00:00Z), or a phrase like "in 2 days", ' +
          '"in 30 minutes", "tomorrow at 9am" (UTC)',
      },
    ]);
  if (ISO_WITH_ZONE.test(value.trim())) {
    const at = new Date(value.trim());
    if (Number.isNaN(at.getTime())) throw refuse();
    return at.toISOString();
  }
  if (text === 'now') return now.toISOString();
  const relative = RELATIVE.exec(text);
  if (relative) {
    const count = WORDS[relative[1]] ?? Number(relative[1]);
    const unit = UNITS[relative[2]];
    if (!unit) throw refuse();
    return new Date(now.getTime() + count * unit * 1000).toISOString();
  }
  const tomorrow = TOMORROW.exec(text);
  if (tomorrow) {
    const at = new Date(now.getTime() + 86_400_000);
    if (tomorrow[1] !== undefined) {
      const hour = hourOf(Number(tomorrow[1]), tomorrow[3]);
      const minute = Number(tomorrow[2] ?? 0);
      if (!(hour >= 0 && hour <= 23 && minute <= 59)) throw refuse();
      at.setUTCHours(hour, minute, 0, 0);
    }
    return at.toISOString();
  }
  throw refuse();
};
