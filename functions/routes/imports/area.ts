/** Bulk imports of subscribers into a list from a CSV file, run in the background (docs/promises.md, "Imports"). */
export const imports = { tag: 'Subscribers', permission: 'subscribers' } as const;

/** 100,000 rows of about 50 bytes; a Lambda request carries at most 6 MB in all. */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
