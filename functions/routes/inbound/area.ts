/**
 * Received mail (docs/promises.md, Inbound mail): the records, their large bodies and attachment links in the inbound
 * bucket.
 */
export const inbound = { tag: 'Inbound', permission: 'mail', table: { read: ['inbound'] } } as const;
