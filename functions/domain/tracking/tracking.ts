import type {
  TrackingSettings,
  Clock,
  Ids,
  ReputationStore,
  WebhookEvents,
  MessageEvents,
  MessageHits,
} from '../../ports';
import { publishMessageEvent } from '../webhooks/events';
import type { MessageEvent } from '../types';
import { notFound } from '../errors';
import { epochSeconds, mailTimestamp } from '../time';
import { trackHtml } from './rewrite-html';
import { signToken, verifyToken, type TrackingClaim } from './token';
import { webUrl } from './web-url';
import { UNSUBSCRIBE_PATH } from '../campaigns/unsubscribe';
import { countForCampaign } from '../campaigns/stats';
import { countLinkClick } from '../campaigns/links';
import type { CampaignStore, FirstHits } from '../../ports';

/** Where the tracking routes live, under the deployment's public base URL (docs/promises.md). */
export const TRACKING_PATHS = { open: '/t/o/', click: '/t/c/' } as const;

/** What a mail's tracking needs once resolved: the key, the base URL, whose mail it is and when it goes out. */
export interface MailTracking {
  key: string;
  baseUrl: string;
  accountId: string;
  sentAt: Date;
}

interface Trackable {
  message_id: string;
  campaign_id?: string;
  html?: string;
  track_opens?: boolean;
  track_clicks?: boolean;
}

const tracksOpens = (mail: Trackable) => Boolean(mail.html) && mail.track_opens !== false;
const tracksClicks = (mail: Trackable) => Boolean(mail.html) && mail.track_clicks !== false;

/**
 * The tracking of a mail about to be sent, or undefined when it has none: text-only, both kinds
 * turned off, or no public base URL configured. Reads the key only for mail that needs it.
 */
export const mailTracking = async (
  settings: TrackingSettings,
  accountId: string,
  mail: Trackable,
  sentAt: Date,
): Promise<MailTracking | undefined> => {
  if (!tracksOpens(mail) && !tracksClicks(mail)) return undefined;
  const baseUrl = settings.baseUrl().replace(/\/+$/, '');
  if (!baseUrl) return undefined;
  return { key: await settings.key(), baseUrl, accountId, sentAt };
};

/** The HTML as it goes out: with the pixel and the redirecting links the mail's flags ask for. */
export const trackedHtml = (mail: Trackable, tracking: MailTracking | undefined) => {
  if (!mail.html || !tracking) return mail.html;
  const base = {
    account_id: tracking.accountId,
    message_id: mail.message_id,
    sent_at: epochSeconds(tracking.sentAt),
    ...(mail.campaign_id ? { campaign_id: mail.campaign_id } : {}),
  };
  // The unsubscribe link stays itself: a redirect in front of it would hide it from the reader's eye
  // and count an unsubscribe as a click. A link is signed in its normalised form, the one the click
  // redirects to; one that does not parse as a URL is left as the author wrote it, untracked: the
  // reader's client does with it what it would have done, and the send does not fail over a typo.
  const ownLinks = `${tracking.baseUrl}${UNSUBSCRIBE_PATH}`;
  const clickUrl = (written: string) => {
    if (written.startsWith(ownLinks)) return undefined;
    const url = webUrl(written);
    return (
      url && `${tracking.baseUrl}${TRACKING_PATHS.click}${signToken(tracking.key, { kind: 'click', ...base, url })}`
    );
  };
  return trackHtml(mail.html, {
    pixelUrl: tracksOpens(mail)
      ? `${tracking.baseUrl}${TRACKING_PATHS.open}${signToken(tracking.key, { kind: 'open', ...base })}`
      : undefined,
    linkUrl: tracksClicks(mail) ? clickUrl : undefined,
  });
};

/**
 * User agents of link scanners and mail security gateways, which fetch every link (and image) of a
 * mail before, or instead of, its reader. Kept short on purpose: docs/decisions/0033-machine-hits.md.
 */
const SCANNER = new RegExp(
  [
    'bot\\b|crawler|spider|scanner|proofpoint|mimecast|barracuda|safelinks|urldefense|messagelabs|forcepoint',
    'trendmicro|headlesschrome|python-requests|go-http-client|curl/|wget/',
  ].join('|'),
  'i',
);

/** A hit within the window after the send, or from a scanner's user agent, is a machine's. */
export const isMachineHit = (claim: TrackingClaim, now: Date, userAgent: string | null, windowSeconds: number) =>
  epochSeconds(now) - claim.sent_at < windowSeconds || (userAgent !== null && SCANNER.test(userAgent));

export interface TrackingHitDeps {
  messages: MessageHits & MessageEvents;
  tracking: TrackingSettings;
  clock: Clock;
  ids: Ids;
  events: WebhookEvents;
  campaigns: CampaignStore;
  firstHits: FirstHits;
  reputation: ReputationStore;
}

/** The claim of a tracking token, or NOT_FOUND: a token that does not verify is answered like an unknown path. */
export const verifiedHit = async <K extends TrackingClaim['kind']>(
  deps: Pick<TrackingHitDeps, 'tracking'>,
  token: string,
  kind: K,
) => {
  const claim = verifyToken(await deps.tracking.key(), token, kind);
  if (!claim) throw notFound('Tracking link');
  return claim as Extract<TrackingClaim, { kind: K }>;
};

/**
 * Tracking events kept per message and kind (docs/promises.md): the first this many opens and clicks
 * are stored as events, every hit is counted on the message, so a link hit 10,000 times costs one
 * counter, not 10,000 events in its status answer.
 */
export const MAX_HIT_EVENTS = 50;

/**
 * Records an open or a click on its message: the hit is counted on the message's record (one write,
 * no read: the token says whose message it is, and the write answers the recipient for the webhook),
 * the first MAX_HIT_EVENTS of its kind are kept as events; a reader's hit also flips the message's
 * first-open (first-click) flag, and the first one is counted. A token of a message that is gone records nothing.
 */
export const recordHit = async (
  deps: TrackingHitDeps,
  claim: TrackingClaim,
  client: { ip: string | null; userAgent: string | null },
) => {
  const now = deps.clock.now();
  const counted = await deps.messages.countHit(claim.account_id, claim.message_id, claim.kind);
  if (!counted) return;
  const event: MessageEvent = {
    event_type: claim.kind,
    ip_address: client.ip,
    user_agent: client.userAgent,
    ...(claim.kind === 'click' ? { url: claim.url } : {}),
    machine: isMachineHit(claim, now, client.userAgent, deps.tracking.machineWindowSeconds()),
    created_at: mailTimestamp(now),
  };
  if (counted.hits <= MAX_HIT_EVENTS)
    await deps.messages.addEvent(claim.account_id, claim.message_id, event, deps.ids.uuid());
  // Opens and clicks count messages, not hits: only a reader's first open or click of a message
  // counts (its marker is written once), for the account's stats and for its campaign; a link
  // scanner's hits never do.
  if (!event.machine && (await deps.firstHits.first(claim.account_id, claim.message_id, claim.kind))) {
    // A tenant's mail counts on the tenant too (issue 42); the message's update answered its tenant.
    const figures = claim.kind === 'open' ? { opened: 1 } : { clicked: 1 };
    await deps.reputation.count(claim.account_id, now, figures, counted.tenant_id);
    if (claim.campaign_id)
      await countForCampaign(
        deps,
        claim.account_id,
        claim.campaign_id,
        claim.kind === 'open' ? { opened: 1 } : { clicked: 1 },
      );
  }
  // A reader's click on a campaign's link counts on that URL of the campaign (Resend's clicked links):
  // every such click, and once per message as a unique one. A scanner's hits are no reader's clicks.
  if (claim.kind === 'click' && claim.campaign_id && !event.machine)
    await countLinkClick(deps, claim.account_id, claim.campaign_id, claim.message_id, claim.url);
  // The event carries its recipient, so its deliveries need no read of the message.
  await publishMessageEvent(
    deps,
    claim.account_id,
    claim.kind === 'open' ? 'email.opened' : 'email.clicked',
    claim.message_id,
    {
      to: counted.to,
      ...(claim.kind === 'click' ? { url: claim.url } : {}),
      ...(counted.tenant_id ? { tenant_id: counted.tenant_id } : {}),
    },
  );
};
