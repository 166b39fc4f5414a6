export const admin = { tag: 'Admin', permission: 'admin' } as const;
