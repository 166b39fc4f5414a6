import type { Clock, Ids, WebhookEvents } from '../../ports';
import { contactId } from '../contacts/contact-id';
import { isoTimestamp } from '../time';
import type { OutboundEvent, WebhookEventType } from './records';

export interface PublishDeps {
  events: WebhookEvents;
  clock: Clock;
  ids: Ids;
}

/**
 * An event of a message, with the id every delivery of it carries (`webhook-id`): a UUIDv7 (as a contact's
 * id is made), so that an endpoint's event history sorts by time on the id alone.
 */
export const messageEvent = (
  deps: Omit<PublishDeps, 'events'>,
  accountId: string,
  type: WebhookEventType,
  messageId: string,
  extra: Pick<OutboundEvent, 'to' | 'url' | 'source' | 'tenant_id'> = {},
): OutboundEvent => ({
  id: `evt_${contactId(deps.clock.now(), deps.ids.uuid()).replace(/-/g, '')}`,
  account_id: accountId,
  type,
  timestamp: isoTimestamp(deps.clock.now()),
  message_id: messageId,
  ...extra,
});

/** Puts an event of a message on the webhook queue; never throws (WebhookEvents.publish). */
export const publishMessageEvent = (
  deps: PublishDeps,
  accountId: string,
  type: WebhookEventType,
  messageId: string,
  extra: Pick<OutboundEvent, 'to' | 'url' | 'source' | 'tenant_id'> = {},
) => deps.events.publish(messageEvent(deps, accountId, type, messageId, extra));
