import { CAMPAIGN_MOVES } from '../../domain/campaigns/campaign-status';
import { MESSAGE_MOVES } from '../../domain/mail/message-status';
import { entity } from './entity/entity';
import { keys } from './keys';

/**
 * Every kind of item in the table, declared once: its `entity` name, its key (keys.ts, with the
 * layouts docs/data-model.md lists), the indexes it is found by and its status moves (domain). The
 * stores derive their requests from these (entity/entity.ts); no store writes an expression by hand.
 */
export const entities = {
  account: entity({ name: 'account', key: keys.account }),
  apiKey: entity({ name: 'apiKey', key: keys.apiKey }),
  apiKeyHash: entity({ name: 'apiKeyHash', key: keys.apiKeyByHash }),
  provider: entity({ name: 'provider', key: keys.provider, indexes: { byId: 'gsi1' } }),
  defaultProvider: entity({ name: 'defaultProvider', key: keys.defaultProvider }),
  sendingBrake: entity({ name: 'sendingBrake', key: keys.sendingBrake }),
  domain: entity({ name: 'domain', key: keys.domain, indexes: { checked: 'gsi1' } }),
  domainName: entity({ name: 'domainName', key: keys.domainName }),
  webhookEndpoint: entity({ name: 'webhookEndpoint', key: keys.webhookEndpoint }),
  message: entity({
    name: 'message',
    key: keys.message,
    indexes: {
      /** Until it settles (keys only), and a scheduled one until its time: keys.pendingMessage, keys.scheduledMessage. */
      due: 'gsi5',
      providerId: 'gsi6',
      /** Where messages sent before gsi6 existed carry their provider's id (read, never written). */
      legacyProviderId: 'gsi1',
      log: 'gsi7',
    },
    moves: MESSAGE_MOVES,
  }),
  messageEvent: entity({ name: 'messageEvent', key: keys.messageEvent }),
  counter: entity({ name: 'counter', key: keys.counter }),
  list: entity({ name: 'list', key: keys.list }),
  listCampaign: entity({ name: 'listCampaign', key: keys.listCampaign }),
  subscriber: entity({ name: 'subscriber', key: keys.subscriber }),
  subscriberAddress: entity({ name: 'subscriberAddress', key: keys.subscriberAddress }),
  bounce: entity({ name: 'bounce', key: keys.bounce }),
  seenEvent: entity({ name: 'seenEvent', key: keys.seenEvent }),
  /** Per-address soft-bounce run (written by updates alone: it carries no `entity` attribute). */
  address: entity({ name: 'address', key: keys.address }),
  usedToken: entity({ name: 'usedToken', key: keys.usedToken }),
  suppression: entity({ name: 'suppression', key: keys.suppression }),
  otpSession: entity({ name: 'otpSession', key: keys.otpSession }),
  otpAddressWindow: entity({ name: 'otpAddressWindow', key: keys.otpAddressWindow }),
  rateWindow: entity({ name: 'rateWindow', key: keys.rateWindow }),
  sendCounter: entity({ name: 'sendCounter', key: keys.sendCounter }),
  viewBlock: entity({ name: 'viewBlock', key: keys.viewBlock }),
  drainLease: entity({ name: 'drainLease', key: keys.drainLease }),
  campaign: entity({ name: 'campaign', key: keys.campaign, indexes: { listing: 'gsi1' }, moves: CAMPAIGN_MOVES }),
  campaignStats: entity({ name: 'campaignStats', key: keys.campaignStats }),
  firstHit: entity({ name: 'firstHit', key: keys.firstHit }),
  stats: entity({ name: 'stats', key: keys.stats }),
  template: entity({ name: 'template', key: keys.template, indexes: { listing: 'gsi1' } }),
  inbound: entity({ name: 'inbound', key: keys.inbound }),
  import: entity({ name: 'import', key: keys.importRecord }),
  importChunk: entity({ name: 'importChunk', key: keys.importChunk }),
  idempotency: entity({ name: 'idempotency', key: keys.idempotency }),
};
