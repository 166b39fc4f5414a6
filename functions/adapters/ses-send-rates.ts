import { GetAccountCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import type { Provider } from '../domain/types';
import type { ProviderQuotas, SendRates } from '../ports';
import { instrument } from './instrument';

/** SMTP servers publish no rate: without a configured one, stay at a rate any relay accepts. */
const DEFAULT_SMTP_RATE = 10;
const CACHE_MS = 5 * 60_000;

const sesRates = new Map<string, { rate: number; until: number }>();

/**
 * The send rate a provider allows. SES answers GetAccount with the account's MaxSendRate (cached for
 * five minutes); a configured send_rate_per_second can only lower it.
 */
export const sendRates: SendRates = {
  async perSecond(provider: Provider) {
    if (provider.type === 'smtp') return provider.send_rate_per_second ?? DEFAULT_SMTP_RATE;
    const region = provider.region ?? '';
    let cached = sesRates.get(region);
    if (!cached || cached.until < Date.now()) {
      const client = instrument(new SESv2Client(region ? { region } : {}));
      const account = await client.send(new GetAccountCommand({}));
      cached = { rate: account.SendQuota?.MaxSendRate ?? 1, until: Date.now() + CACHE_MS };
      sesRates.set(region, cached);
    }
    return Math.min(cached.rate, provider.send_rate_per_second ?? Number.POSITIVE_INFINITY);
  },
};

/**
 * A provider's quota for GET /usage: SES's GetAccount SendQuota, asked each time (usage is read rarely,
 * and `sent_last_24_hours` moves); an SMTP relay states none.
 */
export const providerQuotas: ProviderQuotas = {
  async quota(provider: Provider) {
    if (provider.type !== 'ses') return null;
    const region = provider.region ?? '';
    const client = instrument(new SESv2Client(region ? { region } : {}));
    const { SendQuota } = await client.send(new GetAccountCommand({}));
    if (SendQuota?.Max24HourSend === undefined || SendQuota.MaxSendRate === undefined) return null;
    return {
      max_24_hour_send: SendQuota.Max24HourSend,
      max_send_rate: SendQuota.MaxSendRate,
      sent_last_24_hours: SendQuota.SentLast24Hours ?? 0,
    };
  },
};
