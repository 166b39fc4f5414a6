import type { Clock, MessageStore, SuppressionStore } from '../../ports';
import { isoTimestamp } from '../time';
import type { MessageStatus } from '../types';
import type { ProviderEvent } from './provider-event';

export interface ProviderEventDeps {
  messages: MessageStore;
  suppressions: SuppressionStore;
  clock: Clock;
}

const STATUS_BY_KIND: Record<ProviderEvent['kind'], MessageStatus> = { delivery: 'delivered', bounce: 'bounced', complaint: 'complained' };

/**
 * Moves the message's status forward (delivered < bounced < complained; the store refuses backward
 * moves, so out-of-order events are harmless) and puts hard-bounced and complaining addresses on the
 * account's suppression list. Bounce records and the subscriber rules of spec 3.1 build on this.
 */
export const applyProviderEvents = async (deps: ProviderEventDeps, events: ProviderEvent[]) => {
  for (const event of events) {
    const message = event.providerMessageId ? await deps.messages.findByProviderMessageId(event.providerMessageId) : undefined;
    if (!message) continue;
    await deps.messages.update(message.account_id, message.message_id, { status: STATUS_BY_KIND[event.kind] });
    if (event.kind === 'complaint' || (event.kind === 'bounce' && event.bounceType === 'hard')) {
      await deps.suppressions.add(message.account_id, event.email, event.kind === 'complaint' ? 'complaint' : 'hard_bounce', isoTimestamp(deps.clock.now()));
    }
  }
};
