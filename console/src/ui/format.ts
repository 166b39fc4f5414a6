/** Dates as the reader's locale writes them; the API's are ISO 8601 in UTC. */
export const dateTime = (iso: string | null | undefined) =>
  iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : '—';

/** A share (0.05) as a percentage (5%); `null` (too few sends to weigh) as a dash. */
export const percent = (share: number | null | undefined, digits = 2) =>
  share === null || share === undefined ? '—' : `${(share * 100).toFixed(digits).replace(/\.?0+$/, '')}%`;

export const count = (value: number) => value.toLocaleString();
