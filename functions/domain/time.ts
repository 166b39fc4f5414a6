/**
 * Mail message timestamps are ISO 8601 UTC without the zone designator, as the spec shows them
 * (`2026-11-22T11:22:00.123`); every other resource uses the `Z` form.
 */
export const mailTimestamp = (date: Date) => date.toISOString().slice(0, -1);

/** A mail timestamp read back as the `Z` form (one that carries a zone already is left as it is). */
export const mailTimeUtc = (at: string) => (/(?:Z|[+-]\d\d:?\d\d)$/.test(at) ? at : `${at}Z`);

/** A mail timestamp as the moment it names. */
export const mailTimeDate = (at: string) => new Date(mailTimeUtc(at));

export const isoTimestamp = (date: Date) => date.toISOString();

export const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);
