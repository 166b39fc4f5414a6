/**
 * Resend's `segments` and `audiences` (its older name for them: the SDK 6 calls `/segments` for both,
 * older ones `/audiences`) over the native lists, and `contacts.imports` over list imports. An area of
 * its own, so a nested stack of its own: the Resend area's stack is near 250 resources
 * (docs/decisions/0075-route-areas-nested-stacks.md).
 */
export const resendAudience = { tag: 'Resend audience', envelope: 'resend', permission: 'subscribers' } as const;
