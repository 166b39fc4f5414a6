/**
 * An API timestamp as an instant. The API's times are UTC, but mail timestamps are stored without a zone
 * (`2026-01-15T10:00:00.000`, older rows `2026-01-15 10:00:00`), which `Date` would read as the browser's
 * local time: a zoneless one is read as UTC.
 */
export const instant = (iso: string) => {
  const normal = iso.includes('T') ? iso : iso.replace(' ', 'T');
  return new Date(/(Z|[+-]\d\d:?\d\d)$/i.test(normal) ? normal : `${normal}Z`);
};

/** One formatter for every date: making one per call (toLocaleString) costs most of a 100-row log's render. */
const DATE_TIME = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Dates as the reader's locale writes them, in the browser's time zone. */
export const dateTime = (iso: string | null | undefined) => (iso ? DATE_TIME.format(instant(iso)) : '—');

const TO_THE_SECOND = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/** As dateTime, to the second: for what happens seconds apart (a webhook's attempts). */
export const dateTimeSeconds = (iso: string | null | undefined) => (iso ? TO_THE_SECOND.format(instant(iso)) : '—');

/** A share (0.05) as a percentage (5%); `null` (too few sends to weigh) as a dash. */
export const percent = (share: number | null | undefined, digits = 2) =>
  share === null || share === undefined ? '—' : `${(share * 100).toFixed(digits).replace(/\.?0+$/, '')}%`;

export const count = (value: number) => value.toLocaleString();
