/** Resend's words for a delay or a wait's timeout: `N seconds|minutes|hours|days|weeks`, 1 second to 30 days. */
const UNITS: Record<string, number> = {
  second: 1_000,
  minute: 60_000,
  hour: 3_600_000,
  day: 86_400_000,
  week: 604_800_000,
};

export const MAX_DURATION_MS = 30 * UNITS.day;

/** The duration in milliseconds, or the problem with it. */
export const parseDuration = (
  value: string,
): { ms: number; problem?: undefined } | { ms?: undefined; problem: string } => {
  const match = /^\s*(\d{1,7})\s*(second|minute|hour|day|week)s?\s*$/i.exec(value);
  if (!match) return { problem: `Not a duration: ${value} (N seconds, minutes, hours, days or weeks)` };
  const ms = Number(match[1]) * UNITS[match[2].toLowerCase()];
  if (ms < UNITS.second) return { problem: 'A duration is at least 1 second' };
  if (ms > MAX_DURATION_MS) return { problem: 'A duration is at most 30 days' };
  return { ms };
};

/** A duration the graph check accepted. */
export const durationMs = (value: unknown) => parseDuration(String(value)).ms ?? MAX_DURATION_MS;
