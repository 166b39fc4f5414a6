import { type AcceptedMail, messageRecord, queuedMail } from '../mail/accepted-mail';
import { keptBodyOf } from '../mail/kept-body';
import { beforeLastBodyEnd } from '../html-scan';
import { newMessageId } from '../mail/message-id';
import { campaignMessageUuid } from './message-uuid';
import { mailTimestamp } from '../time';
import type { Campaign, Provider, Subscriber } from '../types';
import { escapeHtml } from '../escape-html';
import { partUses, readyTemplate } from '../templates/engine';
import { isContactName, type ContactValues } from '../contacts/contact-view';
import type { RenderBudget } from '../templates/render-budget';
import { readerView } from './reader-variables';
import { unsubscribeUrl } from './unsubscribe';
import { sesTenantName } from '../tenants/tenant';

/** Where the author put no {{unsubscribe_url}}, the part gets a footer line with the link. */
const htmlFooter = (url: string) =>
  `<p style="font-size:12px;color:#666">Don't want these emails? <a href="${escapeHtml(url)}">Unsubscribe</a></p>`;

const withHtmlFooter = (html: string, url: string) => beforeLastBodyEnd(html, htmlFooter(url));

export interface Rendering {
  key: string;
  baseUrl: string;
  now: Date;
}

/**
 * A campaign's mail, one subscriber at a time: the parts are parsed once (per fan-out chunk), then each
 * reader's mail is a Mustache rendering (HTML-escaped in html) of their name, email, metadata, contact
 * (when the parts read it), signed unsubscribe link and the campaign's variables; the link also goes
 * into the RFC 8058 headers, and a footer carries it where the author put none. The record and the
 * queue entry, as a batch send makes them. Each reader's rendering spends from its `budget`, and throws
 * when it is spent or a part grows past a mail's limits (render-budget.ts).
 */
export const campaignMailRenderer = (campaign: Campaign, provider: Provider, rendering: Rendering) => {
  const { render, reads } = readyTemplate(campaign);
  const footerInHtml = campaign.html !== null && !partUses(campaign.html, 'unsubscribe_url');
  const footerInText = campaign.text !== null && !partUses(campaign.text, 'unsubscribe_url');
  const renderMail = (subscriber: Subscriber, queueId: number, budget: RenderBudget, contact?: ContactValues) => {
    const unsubscribe = unsubscribeUrl(rendering.key, rendering.baseUrl, {
      account_id: campaign.account_id,
      subscriber_id: subscriber.id,
      campaign_id: campaign.id,
    });
    const parts = render(readerView(subscriber, unsubscribe, campaign.variables, contact), budget);
    const html = parts.html === null ? undefined : footerInHtml ? withHtmlFooter(parts.html, unsubscribe) : parts.html;
    const text =
      parts.text === null
        ? undefined
        : footerInText
          ? `${parts.text}\n\n--\nUnsubscribe: ${unsubscribe}\n`
          : parts.text;
    return campaignMail(campaign, provider, subscriber, queueId, rendering, {
      subject: parts.subject,
      html,
      text,
      unsubscribe,
    });
  };
  // Whether the parts read `{{contact.<key>}}`: only then are the account's declared properties read.
  return Object.assign(renderMail, { readsContact: reads(isContactName) });
};

const campaignMail = (
  campaign: Campaign,
  provider: Provider,
  subscriber: Subscriber,
  queueId: number,
  rendering: Rendering,
  { subject, html, text, unsubscribe }: { subject: string; html?: string; text?: string; unsubscribe: string },
) => {
  const fromEmail = campaign.from_email ?? provider.from_email;
  const mail: AcceptedMail = {
    message_id: newMessageId(campaignMessageUuid(campaign.id, subscriber.id), fromEmail),
    account_id: campaign.account_id,
    provider_id: provider.id,
    from: { email: fromEmail, name: campaign.from_name ?? provider.from_name ?? null },
    to: subscriber.email,
    cc: [],
    bcc: [],
    reply_to: campaign.reply_to,
    subject,
    html,
    text,
    track_opens: campaign.track_opens,
    track_clicks: campaign.track_clicks,
    headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    tags: [],
    metadata: {},
    created_at: mailTimestamp(rendering.now),
    source: 'campaign',
    campaign_id: campaign.id,
    campaign_name: campaign.name,
    // Its tenant's: the SES TenantName, the tenant's counts, brake and suppressions (issue 42).
    ...(campaign.tenant_id ? { tenant: { id: campaign.tenant_id, ses_name: sesTenantName(campaign.tenant_id) } } : {}),
  };
  return { message: messageRecord(mail, 'queued'), mail: queuedMail(mail, queueId), body: keptBodyOf(mail) };
};
