/** docs/promises.md: suppressed cc/bcc addresses are dropped silently; `suppressed` holds lower-case addresses. */
export const withoutSuppressed = (addresses: string[] | undefined, suppressed: Set<string>) =>
  (addresses ?? []).filter((address) => !suppressed.has(address.toLowerCase()));
