import type { QueuedMail } from '../../ports';
import { beforeLastBodyEnd } from '../html-scan';
import { newMessageId } from '../mail/message-id';
import { campaignMessageUuid } from './message-uuid';
import { mailTimestamp } from '../time';
import type { Campaign, MailMessage, Provider, Subscriber } from '../types';
import { escapeHtml, fillHtml, fillSubject, fillText, hasPlaceholder, type Values } from './placeholders';
import { unsubscribeUrl } from './unsubscribe';

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
 * One subscriber's mail of the campaign: placeholders filled (HTML-escaped in html), the signed
 * unsubscribe link in the body and in the RFC 8058 headers. The record and the queue entry, as a
 * batch send makes them.
 */
export const renderCampaignMail = (campaign: Campaign, provider: Provider, subscriber: Subscriber, queueId: number, rendering: Rendering) => {
  const unsubscribe = unsubscribeUrl(rendering.key, rendering.baseUrl, { account_id: campaign.account_id, subscriber_id: subscriber.id, campaign_id: campaign.id });
  const values: Values = { name: subscriber.name ?? '', email: subscriber.email, unsubscribe_url: unsubscribe };
  const fromEmail = campaign.from_email ?? provider.from_email;
  const messageId = newMessageId(campaignMessageUuid(campaign.id, subscriber.id), fromEmail);
  const subject = fillSubject(campaign.subject, values);
  const html = campaign.html === null ? undefined : hasPlaceholder(campaign.html, 'unsubscribe_url') ? fillHtml(campaign.html, values) : withHtmlFooter(fillHtml(campaign.html, values), unsubscribe);
  const text = campaign.text === null ? undefined : hasPlaceholder(campaign.text, 'unsubscribe_url') ? fillText(campaign.text, values) : `${fillText(campaign.text, values)}\n\n--\nUnsubscribe: ${unsubscribe}\n`;
  const message: MailMessage = {
    message_id: messageId,
    account_id: campaign.account_id,
    provider_id: provider.id,
    provider_message_id: null,
    from_email: fromEmail,
    from_name: campaign.from_name ?? provider.from_name ?? null,
    to_email: subscriber.email,
    cc: [],
    bcc: [],
    reply_to: campaign.reply_to,
    subject,
    tags: [],
    metadata: {},
    status: 'queued',
    error_message: null,
    sent_at: null,
    created_at: mailTimestamp(rendering.now),
    campaign_id: campaign.id,
    campaign_name: campaign.name,
  };
  const mail: QueuedMail = {
    account_id: campaign.account_id,
    provider_id: provider.id,
    queue_id: queueId,
    message_id: messageId,
    from: { email: message.from_email, name: message.from_name },
    to: subscriber.email,
    cc: [],
    bcc: [],
    reply_to: campaign.reply_to,
    subject,
    html,
    text,
    track_opens: campaign.track_opens,
    track_clicks: campaign.track_clicks,
    campaign_id: campaign.id,
    headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
  return { message, mail };
};
