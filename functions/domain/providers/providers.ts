import type { Clock, Ids, ProviderStore } from '../../ports';
import type { CreateProviderInput, UpdateProviderInput } from './provider-input';
import { AppError, notFound, validationError } from '../errors';
import { foreignSenderDomains } from './sender-claims';
import { domainOf } from './sender-domain';
import { isoTimestamp } from '../time';
import { SECRET_MASK, type EventSource, type Provider } from '../types';
import { isInternalHost } from './smtp-host';

export interface ProviderDeps {
  providers: ProviderStore;
  clock: Clock;
  ids: Ids;
  /** The local stack only: SMTP hosts on this machine or its networks are allowed (config). */
  allowPrivateSmtpHosts: boolean;
}

/**
 * The public shape: secrets are write-only (masked when set), the default flag comes from the
 * account's single default pointer, and the receiver URL is what the user pastes into the provider.
 */
export const presentProvider = (
  provider: Provider,
  defaultId: string | null,
  receiverUrl: (source: EventSource, providerId: string) => string,
) => {
  const common = {
    id: provider.id,
    type: provider.type,
    name: provider.name,
    is_default: provider.id === defaultId,
    from_email: provider.from_email,
    from_name: provider.from_name,
    allowed_from_domains: provider.allowed_from_domains ?? [],
    hourly_limit: provider.hourly_limit,
    daily_limit: provider.daily_limit,
    send_rate_per_second: provider.send_rate_per_second,
  };
  const typed =
    provider.type === 'ses'
      ? { region: provider.region ?? null, configuration_set: provider.configuration_set ?? null }
      : {
          host: provider.host ?? null,
          port: provider.port ?? null,
          secure: provider.secure ?? null,
          username: provider.username ?? null,
          password: provider.password ? SECRET_MASK : null,
        };
  const { events } = provider;
  return {
    ...common,
    ...typed,
    events: events
      ? {
          source: events.source,
          ...(events.sns_topic_arn ? { sns_topic_arn: events.sns_topic_arn } : {}),
          ...(events.signing_key ? { signing_key: SECRET_MASK } : {}),
          ...(events.subscription_state ? { subscription_state: events.subscription_state } : {}),
          receiver_url: receiverUrl(events.source, provider.id),
        }
      : null,
    created_at: provider.created_at,
    updated_at: provider.updated_at,
  };
};

const toRecord = (
  input: CreateProviderInput,
  base: Pick<Provider, 'id' | 'account_id' | 'created_at' | 'updated_at'>,
): Provider => {
  const { is_default: _default, ...fields } = input;
  const shared = {
    ...base,
    type: fields.type,
    name: fields.name,
    from_email: fields.from_email,
    from_name: fields.from_name ?? null,
    allowed_from_domains: [...new Set(fields.allowed_from_domains ?? [])],
    hourly_limit: fields.hourly_limit ?? null,
    daily_limit: fields.daily_limit ?? null,
    send_rate_per_second: fields.send_rate_per_second ?? null,
    // An SNS topic to receive from starts unconfirmed, until SNS's SubscriptionConfirmation arrives.
    events: fields.events
      ? {
          ...fields.events,
          ...(fields.events.source === 'ses' && fields.events.sns_topic_arn
            ? { subscription_state: 'pending_confirmation' as const }
            : {}),
        }
      : null,
  };
  if (fields.type === 'ses') {
    return { ...shared, region: fields.region ?? null, configuration_set: fields.configuration_set ?? null };
  }
  return {
    ...shared,
    host: fields.host,
    port: fields.port,
    // As given: null lets the port decide (465: implicit TLS, else STARTTLS required); see smtp-mailer.ts.
    secure: fields.secure ?? null,
    username: fields.username ?? null,
    password: fields.password ?? null,
  };
};

/** An SMTP host that is internal by its name is refused here; names are checked again at connect time. */
const refuseInternalHost = (deps: Pick<ProviderDeps, 'allowPrivateSmtpHosts'>, provider: Provider) => {
  if (provider.type !== 'smtp' || deps.allowPrivateSmtpHosts || !isInternalHost(provider.host ?? '')) return;
  throw validationError([{ field: 'host', message: 'Private, loopback and link-local hosts are not allowed' }]);
};

/**
 * A provider names no domain another account registered, as its from_email's or in its
 * allowed_from_domains (docs/promises.md, "Send as anyone"): it could never send from it anyway.
 */
const refuseForeignDomains = async (deps: Pick<ProviderDeps, 'providers'>, provider: Provider) => {
  const named = [domainOf(provider.from_email), ...(provider.allowed_from_domains ?? [])];
  const foreign = [...(await foreignSenderDomains(deps.providers, provider.account_id, named))];
  if (!foreign.length) return;
  const why = 'a provider names only domains no other account registered';
  throw new AppError('FROM_NOT_ALLOWED', `${foreign.join(', ')}: a sending domain of another account; ${why}`);
};

export const createProvider = async (deps: ProviderDeps, accountId: string, input: CreateProviderInput) => {
  const now = isoTimestamp(deps.clock.now());
  const provider = toRecord(input, { id: deps.ids.uuid(), account_id: accountId, created_at: now, updated_at: now });
  refuseInternalHost(deps, provider);
  await refuseForeignDomains(deps, provider);
  await deps.providers.put(provider);
  const { defaultId } = await deps.providers.list(accountId);
  // The first provider of an account becomes its default: sending needs one.
  if (input.is_default || defaultId === null) {
    await deps.providers.setDefault(accountId, provider.id);
    return { provider, defaultId: provider.id };
  }
  return { provider, defaultId };
};

export const listProviders = async (deps: Pick<ProviderDeps, 'providers'>, accountId: string) => {
  const { providers, defaultId } = await deps.providers.list(accountId);
  return { providers: providers.sort((a, b) => a.created_at.localeCompare(b.created_at)), defaultId };
};

export const getProvider = async (deps: Pick<ProviderDeps, 'providers'>, accountId: string, providerId: string) => {
  const { providers, defaultId } = await deps.providers.list(accountId);
  const provider = providers.find((p) => p.id === providerId);
  if (!provider) throw notFound('Provider');
  return { provider, defaultId };
};

/** `checkProvider` reads the merged provider as a whole one would be read on creation (a 400 if it is not valid). */
export const updateProvider = async (
  deps: ProviderDeps,
  accountId: string,
  providerId: string,
  changes: UpdateProviderInput,
  checkProvider: (merged: unknown) => CreateProviderInput,
) => {
  const { provider: existing, defaultId } = await getProvider(deps, accountId, providerId);
  // Absent secrets keep their stored value (they are never sent back, so a client cannot echo them).
  // Stored secrets are sealed, longer than the limits on what a client sends: they are put back
  // after validation, not validated again.
  const { password: storedPassword, events: storedEvents, ...stored } = existing;
  const merged = {
    ...stored,
    events: storedEvents && { ...storedEvents, signing_key: undefined },
    ...stripUndefined(changes),
    type: existing.type,
  };
  const provider = toRecord(checkProvider(merged), {
    id: existing.id,
    account_id: accountId,
    created_at: existing.created_at,
    updated_at: isoTimestamp(deps.clock.now()),
  });
  refuseInternalHost(deps, provider);
  await refuseForeignDomains(deps, provider);
  if (provider.type === 'smtp' && changes.password === undefined) provider.password = storedPassword ?? null;
  // Keep the receiver's own state (subscription) and a stored signing key the PUT did not replace.
  if (provider.events && storedEvents) {
    if (provider.events.sns_topic_arn === storedEvents.sns_topic_arn)
      provider.events.subscription_state = storedEvents.subscription_state;
    provider.events.signing_key ??= storedEvents.signing_key;
  }
  await deps.providers.put(provider);
  if (changes.is_default && defaultId !== providerId) {
    await deps.providers.setDefault(accountId, providerId);
    return { provider, defaultId: providerId };
  }
  return { provider, defaultId };
};

export const deleteProvider = async (deps: Pick<ProviderDeps, 'providers'>, accountId: string, providerId: string) => {
  if (!(await deps.providers.delete(accountId, providerId))) throw notFound('Provider');
};

const stripUndefined = <T extends object>(value: T) =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
