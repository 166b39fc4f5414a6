import type { Ids, MessageStore, ProviderStore, WebhookEvents } from '../../ports';
import { publishMessageEvent } from '../webhooks/events';
import { recordBounce, type BounceDeps } from '../bounces/record-bounce';
import { mailTimestamp } from '../time';
import type { Bounce, MailMessage } from '../types';
import type { ProviderEvent } from './provider-event';

export interface ProviderEventDeps extends BounceDeps {
  providers: ProviderStore;
  ids: Ids;
  events: WebhookEvents;
}

/** Providers name a message by their own id; Mailgun by our Message-ID without its angle brackets. */
const findMessage = async (messages: MessageStore, providerMessageId: string) =>
  (await messages.findByProviderMessageId(providerMessageId)) ??
  (providerMessageId.startsWith('<') ? undefined : await messages.findByProviderMessageId(`<${providerMessageId}>`));

/**
 * Applies verified provider events. `accountId` is the account of the provider config that verified
 * them (receivers); the SNS-subscribed function has none and takes the account from the message or
 * from our provider tag. Events never touch another account's message. Bounces and complaints for
 * unknown messages are still recorded for the account. Answers how many bounces were recorded.
 */
export const applyProviderEvents = async (deps: ProviderEventDeps, source: Bounce['source'], events: ProviderEvent[], accountId?: string) => {
  let recorded = 0;
  for (const event of events) {
    const found = event.providerMessageId ? await findMessage(deps.messages, event.providerMessageId) : undefined;
    const account = accountId ?? found?.account_id ?? (event.providerId ? (await deps.providers.findById(event.providerId))?.account_id : undefined);
    if (!account) continue;
    const message: MailMessage | undefined = found?.account_id === account ? found : undefined;

    if (event.kind === 'delivery') {
      await deps.suppressions.resetSoftBounces(account, event.email);
      if (message) {
        // Counted once per message: only the update that moves it to `delivered` counts (deliveries are not deduplicated).
        if (await deps.messages.update(account, message.message_id, { status: 'delivered' })) await deps.reputation.count(account, deps.clock.now(), { delivered: 1 });
        await deps.messages.addEvent(account, message.message_id, { event_type: 'delivery', ip_address: null, user_agent: null, created_at: mailTimestamp(deps.clock.now()) }, `delivery-${event.eventId}`);
        await publishMessageEvent(deps, account, 'email.delivered', message.message_id, { to: message.to_email });
      }
    } else if (event.kind === 'failed') {
      if (message) await deps.messages.update(account, message.message_id, { status: 'failed', error_message: event.reason });
    } else {
      const result = await recordBounce(deps, {
        accountId: account,
        email: event.email,
        bounceType: event.kind === 'complaint' ? 'complaint' : event.bounceType,
        subtype: event.kind === 'complaint' ? (event.subtype ?? 'complaint') : event.subtype,
        diagnostic: event.kind === 'bounce' ? event.diagnostic : null,
        source,
        eventKey: `${source}:${event.eventId}:${event.email.toLowerCase()}`,
        message,
      });
      if ('id' in result) {
        recorded++;
        if (message) await publishMessageEvent(deps, account, event.kind === 'complaint' ? 'email.complained' : 'email.bounced', message.message_id, { to: event.email });
      }
    }
  }
  return recorded;
};
