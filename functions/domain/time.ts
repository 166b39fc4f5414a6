/**
 * Mail message timestamps are ISO 8601 UTC without the zone designator, as the spec shows them
 * (`2026-11-22T11:22:00.123`); every other resource uses the `Z` form.
 */
export const mailTimestamp = (date: Date) => date.toISOString().slice(0, -1);

export const isoTimestamp = (date: Date) => date.toISOString();

export const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);
