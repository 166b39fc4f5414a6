export const domains = { tag: 'Domains', permission: 'admin' } as const;
/** The domain's own items (in the account's partition) and the claims on names; nothing else of the table. */
export const read = { read: ['domain'] } as const;
export const write = { write: ['domain', 'domainName'] } as const;
