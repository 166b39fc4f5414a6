import { expect } from 'vitest';
import { drainOnce } from './drain';
import { signedSendgrid } from './provider-signing';
import { postToReceiver, type ReceiverSetup } from './receivers';
import { uniqueAddress, type Client, type TestService } from './service';

/** `n` mails queued in batches and drained: `n` sends, counted as SES counts them. */
export const sendMany = async (api: Client, n: number) => {
  for (let left = n; left > 0; left -= 100) {
    const messages = Array.from({ length: Math.min(100, left) }, () => ({
      to: uniqueAddress('many'),
      subject: 'Hello',
      text: 'Hi',
    }));
    const answer = await api.post('/api/v1/mail/send-batch', { messages });
    expect(answer.body.data.queued).toBe(messages.length);
  }
  const report = await drainOnce(60_000);
  expect(report.sent).toBe(n);
};

/**
 * Provider events that move an account's reputation, posted to its SendGrid receiver (a
 * `receiverSetup` account) and signed as SendGrid signs them: each for a fresh address.
 */
export const providerEvents = (service: () => TestService) => {
  const sendgridEvents = async (s: ReceiverSetup, n: number, event: Record<string, unknown>) => {
    const now = Math.floor(Date.now() / 1000);
    const events = Array.from({ length: n }, (_, i) => ({
      email: uniqueAddress('sg'),
      timestamp: now,
      sg_event_id: `ev-${crypto.randomUUID()}-${i}`,
      sg_message_id: `m-${i}`,
      ...event,
    }));
    const signed = signedSendgrid(JSON.stringify(events), String(now));
    const answer = await postToReceiver(service(), 'sendgrid', s.providerIds.sendgrid, signed.body, signed.headers);
    expect(answer.status).toBe(200);
  };
  return {
    hardBounces: (s: ReceiverSetup, n: number) =>
      sendgridEvents(s, n, { event: 'bounce', type: 'bounce', reason: '550 5.1.1 no such user', status: '5.1.1' }),
    complaints: (s: ReceiverSetup, n: number) => sendgridEvents(s, n, { event: 'spamreport' }),
  };
};
