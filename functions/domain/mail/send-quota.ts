import type { SendQuota } from '../../ports';
import { epochSeconds } from '../time';
import type { Provider } from '../types';

/**
 * The provider's hourly and daily windows (UTC) for an instant. Counter items outlive their window
 * by one more window and are then removed by TTL.
 */
export const sendQuotaFor = (provider: Provider, now: Date): SendQuota => {
  const iso = now.toISOString();
  const hourStart = new Date(`${iso.slice(0, 13)}:00:00.000Z`);
  const dayStart = new Date(`${iso.slice(0, 10)}T00:00:00.000Z`);
  return {
    hourly: provider.hourly_limit
      ? { bucket: `H#${iso.slice(0, 13)}`, limit: provider.hourly_limit, expiresAt: epochSeconds(hourStart) + 2 * 3600 }
      : null,
    daily: provider.daily_limit
      ? { bucket: `D#${iso.slice(0, 10)}`, limit: provider.daily_limit, expiresAt: epochSeconds(dayStart) + 2 * 86_400 }
      : null,
  };
};
