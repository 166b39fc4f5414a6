/**
 * Issue 27's measure of the lanes: a campaign to BENCH_STREAMS_RECIPIENTS readers (10,000 by default)
 * drains through the bulk lane at BENCH_STREAMS_RATE a second (100 by default; an SES emulator of its
 * own, a provider in a region no other measure uses), in one drain run of the drainer's handler (as
 * the bench's drain throughput measure runs it); a few seconds in, a transactional batch of 10 is
 * accepted. Reports the batch's accept-to-sent times (p50, max) and the campaign's own pace against the
 * allowed rate (from the emulator's per-second receive times, first to last campaign mail).
 */
import { startSes } from '../local/emulators';
import { sesEmulatorAccount } from '../local/ses-account';
import { freePort } from '../test/support/free-port';
import { seed } from './fanout';
import type { LocalStack } from './local-stack';

export interface Streams {
  rate: number;
  recipients: number;
  batchP50Ms: number;
  batchMaxMs: number;
  /** Campaign mails sent per second over the drain, and as a share of the allowed rate. */
  bulkPerSecond: number;
  shareOfRate: number;
  drainSeconds: number;
}

export const measureStreams = async (stack: LocalStack, recipients: number, rate: number): Promise<Streams> => {
  const { campaignDeps, listDeleteDeps } = await import('../functions/adapters/wiring');
  const { createList } = await import('../functions/domain/audience/lists');
  const { createCampaign } = await import('../functions/domain/campaigns/campaigns');
  const { runJobsOnce } = await import('../local/trigger-runs');
  const previous = { ses: process.env.AWS_ENDPOINT_URL_SESV2, account: process.env.AWS_SES_ACCOUNT };
  process.env.AWS_SES_ACCOUNT = JSON.stringify(sesEmulatorAccount(rate));
  const ses = await startSes({ port: await freePort() });
  process.env.AWS_ENDPOINT_URL_SESV2 = ses.endpoint;
  const headers = { Authorization: `Bearer ${stack.apiKey}`, 'Content-Type': 'application/json' };
  const tag = `streams-${Date.now().toString(36)}`;
  try {
    const created = await fetch(`${stack.baseUrl}/api/v1/providers`, {
      method: 'POST', headers, body: JSON.stringify({ type: 'ses', name: `Streams ${rate}/s`, from_email: 'streams@example.com', region: 'sa-east-1', is_default: true }),
    });
    if (!created.ok) throw new Error('could not create the streams provider');
    const list = await createList(listDeleteDeps(), stack.accountId, { name: 'Streams' });
    await seed(stack.accountId, list.id, recipients);
    const campaign = await createCampaign(campaignDeps(), stack.accountId, { name: 'Streams', subject: `${tag}-c {{name}}`, text: 'Hello {{name}}', list_id: list.id });
    const send = await fetch(`${stack.baseUrl}/api/v1/campaigns/${campaign.id}/send`, { method: 'POST', headers, body: '{}' });
    if (send.status !== 202) throw new Error(`send answered ${send.status}`);
    // The whole fan-out first: every campaign mail waits in the bulk lane before the drain starts.
    for (let idle = 0; idle < 3; ) idle = (await runJobsOnce()) ? 0 : idle + 1;

    const mailbox = async () => ((await (await fetch(`${ses.endpoint}/store`)).json()) as { emails: { subject: string; at: number }[] }).emails;
    // One drain run with a budget for the whole campaign, as a Lambda run is (the pace is a run's; runs of a few seconds add their gaps).
    // (runDrain, not the handler: the handler caps a run at DRAIN_BUDGET_SECONDS and hands the rest to a successor started through a queue nothing reads here.)
    const { runDrain } = await import('../functions/handlers/drainer');
    const run = runDrain((recipients / rate) * 1000 + 60_000);
    try {
      await new Promise((resolve) => setTimeout(resolve, 5_000));
      const messages = Array.from({ length: 10 }, (_, i) => ({ to: `t${i}@example.com`, subject: `${tag}-t ${i}`, text: 'x' }));
      const accepted = Date.now();
      const answer = (await (await fetch(`${stack.baseUrl}/api/v1/mail/send-batch`, { method: 'POST', headers, body: JSON.stringify({ messages }) })).json()) as { data: { messages: { message_id: string }[] } };
      const deadline = Date.now() + (recipients / rate) * 3000 + 120_000;
      for (;;) {
        const emails = await mailbox();
        if (emails.filter((mail) => mail.subject.startsWith(`${tag}-`)).length >= recipients + 10) break;
        if (Date.now() > deadline) throw new Error('the campaign did not drain in time');
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
      const sentAt = await Promise.all(
        answer.data.messages.map(async ({ message_id }) => {
          const status = (await (await fetch(`${stack.baseUrl}/api/v1/mail/status/${encodeURIComponent(message_id)}`, { headers })).json()) as { data: { message: { sent_at: string } } };
          return Date.parse(`${status.data.message.sent_at}Z`) - accepted;
        }),
      );
      sentAt.sort((a, b) => a - b);
      const times = (await mailbox()).filter((mail) => mail.subject.startsWith(`${tag}-`)).map((mail) => mail.at);
      const drainSeconds = Math.max(1, Math.max(...times) - Math.min(...times));
      // Every mail of the run (the batch took 10 of the slots) over the seconds between the first and the last.
      const perSecond = (times.length - 1) / drainSeconds;
      return { rate, recipients, batchP50Ms: sentAt[5]!, batchMaxMs: sentAt[9]!, bulkPerSecond: perSecond, shareOfRate: perSecond / rate, drainSeconds };
    } finally {
      await run;
    }
  } finally {
    await ses.stop();
    process.env.AWS_ENDPOINT_URL_SESV2 = previous.ses;
    process.env.AWS_SES_ACCOUNT = previous.account;
  }
};

export const streamsSection = (s: Streams) => [
  `## Lanes: a batch of 10 while a ${s.recipients.toLocaleString('en-US')}-reader campaign drains at ${s.rate}/s`,
  '',
  '| measure | value |',
  '|---|---|',
  `| batch of 10, accept to sent, p50 | ${(s.batchP50Ms / 1000).toFixed(2)} s |`,
  `| batch of 10, accept to sent, max | ${(s.batchMaxMs / 1000).toFixed(2)} s |`,
  `| pace over the drain (${s.drainSeconds} s) | ${s.bulkPerSecond.toFixed(1)}/s, ${(s.shareOfRate * 100).toFixed(1)}% of ${s.rate}/s |`,
];
