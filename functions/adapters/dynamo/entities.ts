import { CAMPAIGN_MOVES } from '../../domain/campaigns/campaign-status';
import { MESSAGE_MOVES } from '../../domain/mail/message-status';
import { entity } from './entity/entity';
import { keys } from './keys';

/**
 * Every kind of item in the table, declared once: its `entity` name, its key (keys.ts, with the
 * layouts docs/data-model.md lists), the indexes it is found by and its status moves (domain). The
 * stores derive their requests from these (entity/entity.ts); no store writes an expression by hand.
 * One export each, pure: a function's bundle keeps only the entities its stores use.
 */
export const account = /* @__PURE__ */ entity({ name: 'account', key: keys.account });
export const apiKey = /* @__PURE__ */ entity({ name: 'apiKey', key: keys.apiKey });
export const apiKeyHash = /* @__PURE__ */ entity({ name: 'apiKeyHash', key: keys.apiKeyByHash });
export const provider = /* @__PURE__ */ entity({ name: 'provider', key: keys.provider, indexes: { byId: 'gsi1' } });
export const defaultProvider = /* @__PURE__ */ entity({ name: 'defaultProvider', key: keys.defaultProvider });
export const sendingBrake = /* @__PURE__ */ entity({ name: 'sendingBrake', key: keys.sendingBrake });
export const domain = /* @__PURE__ */ entity({ name: 'domain', key: keys.domain, indexes: { checked: 'gsi1' } });
export const domainName = /* @__PURE__ */ entity({ name: 'domainName', key: keys.domainName });
export const webhookEndpoint = /* @__PURE__ */ entity({ name: 'webhookEndpoint', key: keys.webhookEndpoint });
export const webhookEvent = /* @__PURE__ */ entity({
  name: 'webhookEvent',
  key: keys.webhookEvent,
  /** A tenant's events of the endpoint (keys.tenantWebhookEvent). */
  indexes: { tenantHistory: 'gsi1' },
});
export const message = /* @__PURE__ */ entity({
  name: 'message',
  key: keys.message,
  indexes: {
    /** Until it settles (keys only), and a scheduled one until its time: keys.pendingMessage, keys.scheduledMessage. */
    due: 'gsi5',
    providerId: 'gsi6',
    /** Where messages sent before gsi6 existed carry their provider's id (read, never written). */
    legacyProviderId: 'gsi1',
    log: 'gsi7',
    /** A tenant's messages (keys.tenantMessageLog). */
    tenantLog: 'gsi1',
  },
  moves: MESSAGE_MOVES,
});
export const messageBody = /* @__PURE__ */ entity({ name: 'messageBody', key: keys.messageBody });
export const messageEvent = /* @__PURE__ */ entity({ name: 'messageEvent', key: keys.messageEvent });
export const counter = /* @__PURE__ */ entity({ name: 'counter', key: keys.counter });
export const list = /* @__PURE__ */ entity({ name: 'list', key: keys.list });
export const listCampaign = /* @__PURE__ */ entity({ name: 'listCampaign', key: keys.listCampaign });
export const subscriber = /* @__PURE__ */ entity({ name: 'subscriber', key: keys.subscriber });
export const subscriberAddress = /* @__PURE__ */ entity({ name: 'subscriberAddress', key: keys.subscriberAddress });
export const contact = /* @__PURE__ */ entity({ name: 'contact', key: keys.contact });
export const contactEmail = /* @__PURE__ */ entity({ name: 'contactEmail', key: keys.contactEmail });
export const contactProperty = /* @__PURE__ */ entity({ name: 'contactProperty', key: keys.contactProperty });
export const tenant = /* @__PURE__ */ entity({ name: 'tenant', key: keys.tenant });
export const tenantName = /* @__PURE__ */ entity({ name: 'tenantName', key: keys.tenantName });
export const topic = /* @__PURE__ */ entity({ name: 'topic', key: keys.topic });
export const contactPropertyKey = /* @__PURE__ */ entity({ name: 'contactPropertyKey', key: keys.contactPropertyKey });
export const bounce = /* @__PURE__ */ entity({ name: 'bounce', key: keys.bounce });
export const seenEvent = /* @__PURE__ */ entity({ name: 'seenEvent', key: keys.seenEvent });
/** Per-address soft-bounce run (written by updates alone: it carries no `entity` attribute). */
export const address = /* @__PURE__ */ entity({ name: 'address', key: keys.address });
export const usedToken = /* @__PURE__ */ entity({ name: 'usedToken', key: keys.usedToken });
export const suppression = /* @__PURE__ */ entity({ name: 'suppression', key: keys.suppression });
export const otpSession = /* @__PURE__ */ entity({ name: 'otpSession', key: keys.otpSession });
export const otpAddressWindow = /* @__PURE__ */ entity({ name: 'otpAddressWindow', key: keys.otpAddressWindow });
export const rateWindow = /* @__PURE__ */ entity({ name: 'rateWindow', key: keys.rateWindow });
export const sendCounter = /* @__PURE__ */ entity({ name: 'sendCounter', key: keys.sendCounter });
export const viewBlock = /* @__PURE__ */ entity({ name: 'viewBlock', key: keys.viewBlock });
export const drainLease = /* @__PURE__ */ entity({ name: 'drainLease', key: keys.drainLease });
export const campaign = /* @__PURE__ */ entity({
  name: 'campaign',
  key: keys.campaign,
  indexes: { listing: 'gsi1' },
  moves: CAMPAIGN_MOVES,
});
export const campaignStats = /* @__PURE__ */ entity({ name: 'campaignStats', key: keys.campaignStats });
export const campaignLink = /* @__PURE__ */ entity({ name: 'campaignLink', key: keys.campaignLink });
export const firstHit = /* @__PURE__ */ entity({ name: 'firstHit', key: keys.firstHit });
export const stats = /* @__PURE__ */ entity({ name: 'stats', key: keys.stats });
export const template = /* @__PURE__ */ entity({ name: 'template', key: keys.template, indexes: { listing: 'gsi1' } });
export const templateAlias = /* @__PURE__ */ entity({ name: 'templateAlias', key: keys.templateAlias });
export const inbound = /* @__PURE__ */ entity({ name: 'inbound', key: keys.inbound });
export const importRecord = /* @__PURE__ */ entity({ name: 'import', key: keys.importRecord });
export const importListing = /* @__PURE__ */ entity({ name: 'importListing', key: keys.importListing });
export const importChunk = /* @__PURE__ */ entity({ name: 'importChunk', key: keys.importChunk });
export const requestLog = /* @__PURE__ */ entity({
  name: 'requestLog',
  key: keys.requestLog,
  /** A tenant key's requests (keys.tenantRequestLog). */
  indexes: { tenantLog: 'gsi6' },
});
export const idempotency = /* @__PURE__ */ entity({ name: 'idempotency', key: keys.idempotency });
export const automation = /* @__PURE__ */ entity({ name: 'automation', key: keys.automation });
export const automationEvent = /* @__PURE__ */ entity({ name: 'automationEvent', key: keys.automationEvent });
export const automationRun = /* @__PURE__ */ entity({
  name: 'automationRun',
  key: keys.automationRun,
  /** While running: due to start, to end a delay or wait, or to continue (keys.dueRun). */
  indexes: { due: 'gsi5' },
});
export const automationRunStep = /* @__PURE__ */ entity({
  name: 'automationRunStep',
  key: keys.automationRunStep,
  /** A wait_for_event step while it waits (keys.waitingStep). */
  indexes: { waiting: 'gsi1' },
});
