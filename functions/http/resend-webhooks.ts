import { AppError } from '../domain/errors';
import type { WebhookEventStatus, WebhookEventType } from '../domain/webhooks/records';

/** Our endpoint in Resend's words: `endpoint` for `url`, `status` for `enabled`. */
export const resendWebhookOf = (endpoint: {
  id: string;
  url: string;
  events: WebhookEventType[];
  enabled: boolean;
  created_at: string;
}) => ({
  id: endpoint.id,
  endpoint: endpoint.url,
  created_at: endpoint.created_at,
  status: endpoint.enabled ? ('enabled' as const) : ('disabled' as const),
  events: endpoint.events,
});

/** `webhooks.get` never shows the secret again (shown once, at creation and rotation). */
export const MASKED_SECRET = 'whsec_********';

/** Our event statuses in the SDK's words (its `WebhookEventLogStatus`). */
export const RESEND_EVENT_STATUS = {
  delivered: 'success',
  failed: 'failed',
  pending: 'pending',
} as const satisfies Record<WebhookEventStatus, string>;

/** The native use cases name the URL `url`; Resend's field is `endpoint`: a refusal names that. */
export const asResendFields = async <T>(run: () => Promise<T>): Promise<T> => {
  try {
    return await run();
  } catch (error) {
    if (error instanceof AppError && error.options.details) {
      for (const issue of error.options.details) if (issue.field === 'url') issue.field = 'endpoint';
    }
    throw error;
  }
};
