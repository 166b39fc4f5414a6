export const mail = { tag: 'Mail', permission: 'mail' } as const;
/** The send routes carry attachments (4 MiB decoded, ~5.4 MiB as base64): 6 MiB bodies (docs/promises.md). */
export const SEND_BODY_BYTES = 6 * 1024 * 1024;
