/**
 * Time from accept to hand-off: a 100-item batch into an idle queue, the drain timer at 60 s (as
 * the schedule is in AWS), so every send comes from the run started on enqueue. Per item, accept
 * (the batch request's start) to its `sent_at`; beside the pace floor (item k cannot leave before
 * k / rate seconds). Measured at SES's default 14/s and at 100/s (an SES emulator of its own,
 * reached through a provider in a region no other measure uses, so the rate cache is its own).
 */
import { startSes } from '../local/emulators';
import { sesEmulatorAccount } from '../local/ses-account';
import { startDrainTimer } from '../local/drain-timer';
import { freePort } from '../test/support/free-port';
import { ownSendQueue, type LocalStack } from './local-stack';

export interface HandOff {
  rate: number;
  items: number;
  firstMs: number;
  p50Ms: number;
  maxMs: number;
  /** What the pace alone imposes on the median and the last item. */
  p50FloorMs: number;
  maxFloorMs: number;
}

const ITEMS = 100;

const measureAt = async (stack: LocalStack, rate: number, region: string): Promise<HandOff> => {
  const previous = { ses: process.env.AWS_ENDPOINT_URL_SESV2, account: process.env.AWS_SES_ACCOUNT };
  process.env.AWS_SES_ACCOUNT = JSON.stringify(sesEmulatorAccount(rate));
  const ses = await startSes({ port: await freePort() });
  process.env.AWS_ENDPOINT_URL_SESV2 = ses.endpoint;
  // An idle queue of its own.
  const queue = await ownSendQueue(`bench-hand-off-${rate}`);
  const timer = startDrainTimer(60);
  try {
    const headers = { Authorization: `Bearer ${stack.apiKey}`, 'Content-Type': 'application/json' };
    const created = await fetch(`${stack.baseUrl}/api/v1/providers`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        type: 'ses',
        name: `Hand-off ${rate}/s`,
        from_email: 'handoff@example.com',
        region,
        is_default: true,
      }),
    });
    if (!created.ok) throw new Error('could not create the hand-off provider');
    const tag = `hand-off-${rate}-${Date.now().toString(36)}`;
    const messages = Array.from({ length: ITEMS }, (_, i) => ({
      to: `h${i}@example.com`,
      subject: `${tag} ${i}`,
      text: 'x',
    }));
    const accepted = Date.now();
    const answer = (await (
      await fetch(`${stack.baseUrl}/api/v1/mail/send-batch`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ messages }),
      })
    ).json()) as { data: { messages: { message_id: string }[] } };
    const until = Date.now() + 60_000;
    for (;;) {
      // The emulator's mailbox is shared by every instance in this process: count this run's own.
      const { emails } = (await (await fetch(`${ses.endpoint}/store`)).json()) as { emails: { subject: string }[] };
      const sent = emails.filter((mail) => mail.subject.startsWith(`${tag} `)).length;
      if (sent >= ITEMS) break;
      if (Date.now() > until) throw new Error(`only ${sent} of ${ITEMS} sent within a minute`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const sentAt = await Promise.all(
      answer.data.messages.map(async ({ message_id }) => {
        const status = (await (
          await fetch(`${stack.baseUrl}/api/v1/mail/status/${encodeURIComponent(message_id)}`, { headers })
        ).json()) as { data: { message: { sent_at: string } } };
        // Stored as UTC without the zone letter.
        return Date.parse(`${status.data.message.sent_at}Z`) - accepted;
      }),
    );
    sentAt.sort((a, b) => a - b);
    return {
      rate,
      items: ITEMS,
      firstMs: sentAt[0]!,
      p50Ms: sentAt[Math.floor(ITEMS / 2)]!,
      maxMs: sentAt[ITEMS - 1]!,
      p50FloorMs: (ITEMS / 2 / rate) * 1000,
      maxFloorMs: ((ITEMS - 1) / rate) * 1000,
    };
  } finally {
    await timer.stop();
    await ses.stop();
    process.env.AWS_ENDPOINT_URL_SESV2 = previous.ses;
    queue.restore();
    process.env.AWS_SES_ACCOUNT = previous.account;
  }
};

export const measureHandOff = async (stack: LocalStack) => [
  await measureAt(stack, 14, 'ap-south-1'),
  await measureAt(stack, 100, 'ap-southeast-2'),
];
