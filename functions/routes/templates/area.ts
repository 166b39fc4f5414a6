/** Stored templates: Mustache, for every send path (mail by template id, batch items, campaigns). */
export const templates = { tag: 'Templates', permission: 'mail' } as const;
