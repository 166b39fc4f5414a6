import type { Ids, ProviderStore, WebhookEvents, MessageRecords, MessageEvents, MessageLookups } from '../../ports';
import { messageEvent } from '../webhooks/events';
import type { OutboundEvent } from '../webhooks/records';
import { recordBounce, type BounceDeps } from '../bounces/record-bounce';
import { messageUuid } from '../mail/message-id';
import { mailTimestamp } from '../time';
import type { Bounce, MailMessage } from '../types';
import type { ProviderEvent } from './provider-event';

export interface ProviderEventDeps extends BounceDeps {
  messages: MessageRecords & MessageEvents & MessageLookups;
  providers: ProviderStore;
  ids: Ids;
  events: WebhookEvents;
}

/**
 * The ids an event may name its message by: the provider's own, and for a Message-ID (Mailgun names
 * ours without its angle brackets) the same with them.
 */
const providerIdsOf = (id: string) => (id.includes('@') && !id.startsWith('<') ? [id, `<${id}>`] : [id]);

/**
 * Finds the messages of a request's events together, before any is applied: events that carry our
 * own id (and whose account is known) are read by key, 100 a read; the others by their provider's
 * id, one index query per distinct id. An event whose own id finds nothing is looked up by its
 * provider's id as well.
 */
const findMessages = async (messages: MessageLookups, events: ProviderEvent[], accountId?: string) => {
  const refOf = (event: ProviderEvent) => {
    const account = accountId ?? event.accountId;
    return account && event.messageUuid ? { accountId: account, messageUuid: event.messageUuid } : undefined;
  };
  const refs = events.flatMap((event) => refOf(event) ?? []);
  const byRef = new Map(
    (refs.length ? await messages.findMany(refs) : []).map((message) => [
      `${message.account_id}#${messageUuid(message.message_id)}`,
      message,
    ]),
  );
  const ownFound = (event: ProviderEvent) => {
    const ref = refOf(event);
    return ref ? byRef.get(`${ref.accountId}#${ref.messageUuid}`) : undefined;
  };
  const rest = events
    .filter((event) => event.providerMessageId && !ownFound(event))
    .flatMap((event) => providerIdsOf(event.providerMessageId));
  const byProviderId = rest.length ? await messages.findByProviderMessageIds(rest) : new Map<string, MailMessage>();
  return events.map(
    (event) =>
      ownFound(event) ??
      (event.providerMessageId
        ? providerIdsOf(event.providerMessageId)
            .map((id) => byProviderId.get(id))
            .find(Boolean)
        : undefined),
  );
};

/**
 * Applies verified provider events. `accountId` is the account of the provider config that verified
 * them (receivers); the SNS-subscribed function has none and takes the account from the message or
 * from our provider tag. Events never touch another account's message. Bounces and complaints for
 * unknown messages are still recorded for the account. Answers how many bounces were recorded.
 */
export const applyProviderEvents = async (
  deps: ProviderEventDeps,
  source: Bounce['source'],
  events: ProviderEvent[],
  accountId?: string,
) => {
  let recorded = 0;
  // Written once for the whole request: one reputation write per account, the webhook events ten to a call.
  const delivered = new Map<string, number>();
  const outbound: OutboundEvent[] = [];
  const foundMessages = await findMessages(deps.messages, events, accountId);
  const providerAccounts = new Map<string, Promise<string | undefined>>();
  const accountOfProvider = (providerId: string) => {
    if (!providerAccounts.has(providerId))
      providerAccounts.set(
        providerId,
        deps.providers.findById(providerId).then((provider) => provider?.account_id),
      );
    return providerAccounts.get(providerId)!;
  };
  for (const [index, event] of events.entries()) {
    const found = foundMessages[index];
    const account =
      accountId ?? found?.account_id ?? (event.providerId ? await accountOfProvider(event.providerId) : undefined);
    if (!account) continue;
    const message: MailMessage | undefined = found?.account_id === account ? found : undefined;

    if (event.kind === 'delivery') {
      await deps.suppressions.resetSoftBounces(account, event.email);
      if (message) {
        // Counted once per message: only the update that moves it to `delivered` counts (deliveries are not
        // deduplicated).
        if (await deps.messages.update(account, message.message_id, { status: 'delivered' })) {
          // Per account and tenant: a tenant's mail counts on its own figures too (issue 42).
          const scope = `${account}/${message.tenant_id ?? ''}`;
          delivered.set(scope, (delivered.get(scope) ?? 0) + 1);
        }
        await deps.messages.addEvent(
          account,
          message.message_id,
          { event_type: 'delivery', ip_address: null, user_agent: null, created_at: mailTimestamp(deps.clock.now()) },
          `delivery-${event.eventId}`,
        );
        outbound.push(
          messageEvent(deps, account, 'email.delivered', message.message_id, {
            to: message.to_email,
            source: message.source ?? 'api',
            ...(message.tenant_id ? { tenant_id: message.tenant_id } : {}),
          }),
        );
      }
    } else if (event.kind === 'failed') {
      if (message)
        await deps.messages.update(account, message.message_id, { status: 'failed', error_message: event.reason });
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
        if (message)
          outbound.push(
            messageEvent(
              deps,
              account,
              event.kind === 'complaint' ? 'email.complained' : 'email.bounced',
              message.message_id,
              {
                to: event.email,
                source: message.source ?? 'api',
                ...(message.tenant_id ? { tenant_id: message.tenant_id } : {}),
              },
            ),
          );
      }
    }
  }
  await Promise.all([
    ...[...delivered].map(([scope, n]) => {
      const [account, tenantId] = scope.split('/');
      return deps.reputation.count(account, deps.clock.now(), { delivered: n }, tenantId || undefined);
    }),
    outbound.length ? deps.events.publishMany(outbound) : undefined,
  ]);
  return recorded;
};
