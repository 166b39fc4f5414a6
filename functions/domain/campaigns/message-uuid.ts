import { createHash } from 'node:crypto';

/**
 * The message uuid of a campaign's mail to a subscriber: a hash of both, shaped as a UUID (v8, RFC
 * 9562's custom kind). The same pair always gives the same id, so a chunk run twice writes the same
 * records and the drainer's claim sends each at most once.
 */
export const campaignMessageUuid = (campaignId: string, subscriberId: string) => {
  const hex = createHash('sha256').update(`campaign:${campaignId}:${subscriberId}`).digest('hex');
  const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return (
    `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-` +
    `${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`
  );
};
