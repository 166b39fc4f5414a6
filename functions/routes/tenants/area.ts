/** Tenants (issue 42): the customers an account sends for, an area (and nested stack) of their own. */
export const tenantsArea = { tag: 'Tenants', permission: 'admin' } as const;
