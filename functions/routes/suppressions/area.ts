/** The account's suppression list in the open: what no send path reaches, and why (docs/promises.md). */
export const suppressions = { tag: 'Suppressions', permission: 'subscribers' } as const;
