/**
 * Automations and events (issue 40): event-triggered journeys over contacts, natively. Their Resend
 * shapes are functions/routes/resend-automations; both are the same records.
 */
export const automations = { tag: 'Automations', permission: 'campaigns' } as const;
