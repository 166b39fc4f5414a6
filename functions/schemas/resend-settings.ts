import * as z from 'zod/mini';
import { nonEmpty } from './common';

/** Resend's `domains.update` and `apiKeys.update` shapes (the `resend` SDK's types). */
export const resendApiKeyUpdateBody = z.object({ name: nonEmpty(100) });

/** What a domain of this service cannot be told (docs/promises.md): refused by name, never ignored. */
const refused = (why: string) =>
  z.optional(z.unknown().check(z.refine((value) => value === undefined, { message: why })));
const capability = z.enum(['enabled', 'disabled']);
export const resendDomainUpdateBody = z
  .object({
    capabilities: z.optional(
      z.object({
        receiving: z.optional(capability),
        sending: z.optional(z.literal('enabled', { error: 'Sending cannot be disabled: remove the domain' })),
      }),
    ),
    click_tracking: refused('Tracking is chosen per send (track_clicks)'),
    open_tracking: refused('Tracking is chosen per send (track_opens)'),
    tls: refused('TLS is opportunistic: SES chooses'),
    tracking_subdomain: refused("Tracking links use the service's own host"),
  })
  .check(
    z.refine((body) => body.capabilities?.receiving !== undefined || body.capabilities?.sending !== undefined, {
      message: 'Give capabilities.receiving to change',
      path: ['capabilities'],
    }),
  );

export const resendRef = <O extends string>(object: O) => z.object({ object: z.literal(object), id: z.string() });
