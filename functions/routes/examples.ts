import type { z } from 'zod/mini';
import { apiKeysCreate, providersCreate, providersUpdate, webhookEndpointsCreate } from './admin';
import { listsImport } from './imports';
import { bouncesCreate, listsCreate, listsUpdate, subscribersCreate, subscribersUpdate } from './audience';
import type { RouteDefinition } from './define-route';
import { mailReschedule, mailSend, mailSendBatch } from './mail';
import { otpResend, otpSend, otpVerify } from './otp';
import { webhooksMailgun, webhooksSendgrid, webhooksSes } from './receivers';
import { campaignsCreate, campaignsSend, campaignsUpdate } from './campaigns';
import { suppressionsCreate } from './suppressions';
import { templatesCreate, templatesRender, templatesUpdate } from './templates';
import { domainsCreate, domainsUpdate } from './domains';
import {
  resendApiKeysCreate,
  resendDomainsCreate,
  resendEmailsBatch,
  resendEmailsSend,
  resendEmailsUpdate,
} from './resend';

/** What a route's request body is: its schema's input, the text of a text/plain raw body, any JSON for other raw bodies. */
type BodyOf<R extends RouteDefinition> = R extends { request: { body: infer S extends z.ZodMiniType } }
  ? z.input<S>
  : R extends { rawBody: 'text/plain' | 'text/csv' }
    ? string
    : R extends { rawBody: string }
      ? unknown
      : never;

const example = <R extends RouteDefinition>(route: R, body: BodyOf<R>) => [route.id, body] as const;

const LIST_ID = '3f0c6a1e-8b2d-4c7e-9a51-2d4f6b8e0c13';
const SESSION_ID = 'otp_Xq3vJ8mK2pL9sT4wZ7yB1cD5';

/**
 * One valid request body per route that takes one, keyed by route id: shown in the OpenAPI document
 * and the reference page. Typed against each route's schema here, and parsed with it in
 * test/openapi.test.ts, which also fails when a route with a body has none.
 */
export const requestExamples: ReadonlyMap<string, unknown> = new Map<string, unknown>([
  example(domainsCreate, { name: 'shop.example' }),
  example(domainsUpdate, { inbound: true }),
  example(mailSend, {
    to: 'ada@example.com',
    subject: 'Welcome aboard',
    html: '<p>Hi Ada, welcome aboard.</p>',
    text: 'Hi Ada, welcome aboard.',
    reply_to: 'support@example.com',
    tags: ['welcome'],
    metadata: { user_id: 42 },
    headers: { 'X-Entity-Ref-ID': 'user-42-welcome' },
    track_opens: true,
    track_clicks: true,
  }),
  example(mailSendBatch, {
    from_name: 'Example Inc.',
    messages: [
      { to: 'ada@example.com', subject: 'Your invoice', text: 'Invoice 1001 is attached to your account.' },
      {
        to: 'grace@example.com',
        subject: 'Your invoice',
        html: '<p>Invoice 1002 is attached to your account.</p>',
        track_opens: false,
        track_clicks: false,
      },
    ],
  }),
  example(mailReschedule, { scheduled_at: '2030-01-15T10:00:00Z' }),
  example(templatesCreate, {
    name: 'Receipt',
    subject: 'Your order {{order.id}}',
    html: '<p>Thanks {{name}}!</p><ul>{{#items}}<li>{{title}}: {{{price_html}}}</li>{{/items}}</ul>{{^items}}<p>Nothing yet</p>{{/items}}',
  }),
  example(templatesUpdate, { text: 'Thanks {{name}}! Order {{order.id}} is on its way.' }),
  example(templatesRender, {
    variables: { name: 'Ada', order: { id: 'A-17' }, items: [{ title: 'Tea', price_html: '<b>3 €</b>' }] },
  }),
  example(otpSend, { email: 'ada@example.com', template: 'login', expires_in: 300, code_length: 6 }),
  example(otpVerify, { session_id: SESSION_ID, code: '482913' }),
  example(otpResend, { session_id: SESSION_ID }),
  example(listsCreate, { name: 'Newsletter', description: 'Monthly product news', double_opt_in: true }),
  example(listsUpdate, {
    description: 'Product news, every other month',
    confirmation: {
      subject: 'Please confirm: {{list_name}}',
      text: 'Confirm your subscription to {{list_name}}: {{confirm_url}}',
      html: null,
    },
  }),
  example(suppressionsCreate, { email: 'ada@example.com' }),
  example(
    listsImport,
    'email,name,plan,city\r\nada@example.com,Ada Lovelace,pro,London\r\n"grace@example.com","Hopper, Grace",free,\r\n',
  ),
  example(subscribersCreate, {
    email: 'ada@example.com',
    list_id: LIST_ID,
    name: 'Ada Lovelace',
    metadata: { plan: 'pro' },
  }),
  example(subscribersUpdate, { status: 'unsubscribed' }),
  example(bouncesCreate, {
    email: 'ada@example.com',
    bounce_type: 'hard',
    bounce_subtype: 'General',
    diagnostic_code: 'smtp; 550 5.1.1 user unknown',
  }),
  example(campaignsCreate, {
    name: 'Spring news',
    subject: 'What is new this spring, {{name}}',
    html: '<p>Hi {{name}},</p><p>Here is what is new.</p><p><a href="{{unsubscribe_url}}">Unsubscribe</a></p>',
    text: 'Hi {{name}}, here is what is new.',
    list_id: LIST_ID,
    from_name: 'Example Inc.',
    reply_to: 'news@example.com',
  }),
  example(campaignsUpdate, { subject: 'Spring news for {{name}}' }),
  example(campaignsSend, { send_at: '2030-03-20T09:00:00Z' }),
  example(apiKeysCreate, { name: 'Checkout service', permissions: ['mail', 'otp'], rate_limit_per_minute: 120 }),
  example(providersCreate, {
    type: 'ses',
    name: 'SES',
    from_email: 'hello@example.com',
    from_name: 'Example Inc.',
    region: 'eu-west-1',
  }),
  example(providersUpdate, { daily_limit: 50_000, send_rate_per_second: 14 }),
  example(webhookEndpointsCreate, {
    url: 'https://hooks.example.com/email-events',
    events: ['email.delivered', 'email.bounced', 'email.clicked'],
  }),
  example(
    webhooksSes,
    JSON.stringify({
      Type: 'Notification',
      MessageId: '9f6b8a2e-4c1d-5e3f-8a7b-0c2d4e6f8a1b',
      TopicArn: 'arn:aws:sns:eu-west-1:123456789012:ses-events',
      Message:
        '{"notificationType":"Bounce","bounce":{"bounceType":"Permanent","bounceSubType":"General","bouncedRecipients":[{"emailAddress":"ada@example.com"}]},"mail":{"messageId":"0102018f-example"}}',
      Timestamp: '2026-01-15T10:00:00.000Z',
      SignatureVersion: '2',
      Signature: '<base64 signature by SNS>',
      SigningCertURL: 'https://sns.eu-west-1.amazonaws.com/SimpleNotificationService-example.pem',
    }),
  ),
  example(webhooksSendgrid, [
    {
      email: 'ada@example.com',
      event: 'bounce',
      type: 'bounce',
      reason: '550 5.1.1 user unknown',
      sg_event_id: 'ZGVsaXZlcmVkLTAtMTIzNDU',
      sg_message_id: '14c5d75ce93.dfd.64b469.filter0001.16648.5515E0B88.0',
    },
  ]),
  example(resendEmailsSend, {
    from: 'Shop <orders@shop.example>',
    to: ['ada@example.com'],
    subject: 'Your order',
    html: '<p>Thank you</p>',
    tags: [{ name: 'category', value: 'order' }],
  }),
  example(resendEmailsBatch, [
    { from: 'orders@shop.example', to: 'ada@example.com', subject: 'Your order', text: 'Thank you' },
    { from: 'orders@shop.example', to: 'grace@example.com', subject: 'Your order', text: 'Thank you' },
  ]),
  example(resendEmailsUpdate, { scheduled_at: '2026-01-15T10:00:00.000Z' }),
  example(resendDomainsCreate, { name: 'shop.example' }),
  example(resendApiKeysCreate, { name: 'Production sending', permission: 'sending_access' }),
  example(webhooksMailgun, {
    signature: {
      timestamp: '1767225600',
      token: '2b1f9c0d8e7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f9a8b',
      signature: '<hex HMAC-SHA256 of timestamp + token>',
    },
    'event-data': {
      id: 'CPgfbmQMTCKtHW6uIWtuVe',
      event: 'failed',
      severity: 'permanent',
      reason: 'bounce',
      recipient: 'ada@example.com',
    },
  }),
]);
