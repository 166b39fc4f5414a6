import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { DomainSummary } from '../../domain/domains/sending-domain';
import type { Provider } from '../../domain/types';
import { isSealed, type ProviderStore, type SecretBox } from '../../ports';
import { config } from '../../config';
import { batchGet } from './batch';
import { documentClient, findOne } from './client';
import { conditional } from './conditional';
import { provider as providerItems, defaultProvider } from './entities';
import { sortKey, when } from './entity/expression';
import { keys, withoutKeys } from './keys';
import { brakeOf } from './reputation-store';

/** A provider's secrets: the SMTP password and the receivers' signing key. */
export type ProviderSecret = 'password' | 'signing_key';

export interface ProviderSecrets {
  /** Seals the secrets `put` writes, and opens those named in `open`. */
  box: SecretBox;
  /** The secrets this store's reads answer in plain text; the others stay as stored (sealed). */
  open?: readonly ProviderSecret[];
}

/** Where a sealed secret belongs: it opens for this provider and field only. */
const context = (provider: Provider, secret: ProviderSecret) =>
  `provider/${provider.account_id}/${provider.id}/${secret}`;

/** The provider with each secret it holds passed through `change`. */
const changeSecrets = async (
  provider: Provider,
  change: (value: string, secret: ProviderSecret) => Promise<string>,
): Promise<Provider> => {
  const changed = { ...provider };
  if (provider.password) changed.password = await change(provider.password, 'password');
  if (provider.events?.signing_key)
    changed.events = { ...provider.events, signing_key: await change(provider.events.signing_key, 'signing_key') };
  return changed;
};

/**
 * Providers in the table, their secrets sealed. Whether a store can seal and what it opens is the
 * wiring's choice (functions/adapters/wiring.ts): the admin routes seal and never open (they only
 * mask), senders open the password, receivers the signing key, and everything else neither.
 */
export const dynamoProviderStore = (secrets?: ProviderSecrets): ProviderStore => {
  const opened = async (item: Record<string, unknown>) => {
    const provider = withoutKeys<Provider>(item);
    const open = secrets?.open ?? [];
    if (!secrets || open.length === 0) return provider;
    // A value stored before sealing existed is plain text already.
    return changeSecrets(provider, (value, secret) =>
      open.includes(secret) && isSealed(value)
        ? secrets.box.decrypt(value, context(provider, secret))
        : Promise.resolve(value),
    );
  };
  // A value already sealed (a secret an update left alone) is stored as it is.
  const sealed = (provider: Provider) =>
    changeSecrets(provider, async (value, secret) => {
      if (isSealed(value)) return value;
      if (!secrets) throw new Error('This provider store cannot seal secrets: give it a SecretBox');
      return secrets.box.encrypt(value, context(provider, secret));
    });

  return {
    async list(accountId) {
      const { Items = [] } = await documentClient().send(
        new QueryCommand(providerItems.query(keys.account(accountId).pk, sortKey.beginsWith(keys.providerPrefix))),
      );
      // The pointer (`PROVIDER`), the providers (`PROVIDER#<id>`), the sending brake (`PROVIDER~BRAKE`)
      // and the sending domains (`PROVIDER~DOMAIN#<id>`).
      const pointer = Items.find((item) => item.sk === keys.defaultProvider(accountId).sk);
      const brake = brakeOf(Items.find((item) => item.sk === keys.sendingBrake(accountId).sk));
      const providers = await Promise.all(
        Items.filter((item) => (item.sk as string).startsWith(keys.providerRecordPrefix)).map(opened),
      );
      const defaultId = (pointer?.provider_id as string | undefined) ?? null;
      const domains = Items.filter((item) => (item.sk as string).startsWith(keys.domainPrefix)).map(
        (item): DomainSummary => ({ name: item.name, status: item.status, records: item.records ?? [] }),
      );
      return {
        providers,
        defaultId: providers.some((p) => p.id === defaultId) ? defaultId : null,
        brake,
        domains,
        operatorDomains: config.senderDomainsAllowed,
      };
    },

    async nameHolders(names) {
      if (!names.length) return new Map();
      const claims = await batchGet(
        names.map((name) => keys.domainName(name)),
        ['pk', 'account_id'],
      );
      const prefix = keys.domainName('').pk;
      return new Map(claims.map((claim) => [(claim.pk as string).slice(prefix.length), claim.account_id as string]));
    },

    async get(accountId, providerId) {
      const { Item } = await documentClient().send(
        new GetCommand(providerItems.get(providerItems.key(accountId, providerId))),
      );
      return Item ? opened(Item) : undefined;
    },

    async put(provider) {
      await documentClient().send(
        new PutCommand(
          providerItems.put(
            providerItems.item(
              { ...providerItems.key(provider.account_id, provider.id), ...keys.providerById(provider.id) },
              await sealed(provider),
            ),
          ),
        ),
      );
    },

    async delete(accountId, providerId) {
      const { Attributes } = await documentClient().send(
        new DeleteCommand(providerItems.delete(providerItems.key(accountId, providerId), { returnValues: 'ALL_OLD' })),
      );
      if (!Attributes) return false;
      // Drop the default pointer only if it still names this provider.
      await conditional(() =>
        documentClient().send(
          new DeleteCommand(
            defaultProvider.delete(defaultProvider.key(accountId), { when: when.eq('provider_id', providerId) }),
          ),
        ),
      );
      return true;
    },

    async findById(providerId) {
      const { gsi1pk, gsi1sk } = keys.providerById(providerId);
      const item = await findOne(providerItems.queryIndex('byId', gsi1pk, sortKey.eq(gsi1sk)));
      return item ? opened(item) : undefined;
    },

    async setSubscriptionState(accountId, providerId, state) {
      await documentClient().send(
        new UpdateCommand(
          providerItems.update(
            providerItems.key(accountId, providerId),
            { set: { 'events.subscription_state': state } },
            { when: when.exists('events.source') },
          ),
        ),
      );
    },

    async setDefault(accountId, providerId) {
      // A single item names the default, so "at most one default" holds without a transaction.
      await documentClient().send(
        new PutCommand(
          defaultProvider.put(defaultProvider.item(defaultProvider.key(accountId), { provider_id: providerId })),
        ),
      );
    },
  };
};
