/** A provider's notification about one recipient of one message, in our own terms. */
export type ProviderEvent =
  | { kind: 'delivery'; email: string; providerMessageId: string; eventId: string; at: string }
  | {
      kind: 'bounce';
      bounceType: 'hard' | 'soft';
      subtype: string;
      diagnostic: string | null;
      email: string;
      providerMessageId: string;
      eventId: string;
      at: string;
    }
  | { kind: 'complaint'; subtype: string | null; email: string; providerMessageId: string; eventId: string; at: string };
