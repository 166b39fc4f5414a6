/**
 * Issue 27's measure of the lanes: a campaign to BENCH_STREAMS_RECIPIENTS readers (10,000 by default)
 * drains through the bulk lane at BENCH_STREAMS_RATE a second (100 by default; an SES emulator of its
 * own, a provider in a region no other measure uses), in drain runs of the drainer (one for the whole of
 * 10,000; as the bench's drain throughput measure runs it), while the job runner fans it out as the lane
 * makes room (its window, fanout.ts). A few seconds in, a transactional batch of 10 is accepted; a little
 * later a second account sends a campaign of 100 readers through the same provider rate. Reports the batch's
 * accept-to-sent times, when the second account's campaign was all out, and the pace over the whole drain
 * against the allowed rate (the calls timed at the proxy, first to last).
 */
import { sesAtRate } from './ses-at-rate';
import { seed } from './fanout';
import type { LocalStack } from './local-stack';

export interface Streams {
  rate: number;
  recipients: number;
  batchP50Ms: number;
  batchMaxMs: number;
  /** The second account's 100-reader campaign: seconds from its send to its last mail out. */
  otherCampaignSeconds: number;
  /** Mails sent per second over the drain, and as a share of the allowed rate. */
  bulkPerSecond: number;
  shareOfRate: number;
  drainSeconds: number;
}

const OTHER_READERS = 100;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const measureStreams = async (stack: LocalStack, recipients: number, rate: number): Promise<Streams> => {
  const { adminDeps, campaignDeps, listDeleteDeps, providerWriteDeps } = await import('../functions/adapters/wiring');
  const { createAccount } = await import('../functions/domain/accounts');
  const { createApiKey } = await import('../functions/domain/auth/api-keys');
  const { createProvider } = await import('../functions/domain/providers/providers');
  const { createList } = await import('../functions/domain/audience/lists');
  const { createCampaign } = await import('../functions/domain/campaigns/campaigns');
  const { runJobsOnce } = await import('../local/trigger-runs');
  // The calls are timed where the provider sees them (ms), as the drain throughput measure does.
  const ses = await sesAtRate(rate);
  const headers = { Authorization: `Bearer ${stack.apiKey}`, 'Content-Type': 'application/json' };
  const tag = `streams-${Date.now().toString(36)}`;
  let fanningOut = true;
  try {
    const provider = { type: 'ses' as const, from_email: 'streams@example.com', region: 'sa-east-1', is_default: true };
    const created = await fetch(`${stack.baseUrl}/api/v1/providers`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ ...provider, name: `Streams ${rate}/s` }),
    });
    if (!created.ok) throw new Error('could not create the streams provider');
    const campaignOf = async (accountId: string, readers: number, subject: string) => {
      const list = await createList(listDeleteDeps(), accountId, { name: 'Streams' });
      await seed(accountId, list.id, readers);
      return createCampaign(campaignDeps(), accountId, {
        name: 'Streams',
        subject: `${subject} {{name}}`,
        text: 'Hello {{name}}',
        list_id: list.id,
      });
    };
    const campaign = await campaignOf(stack.accountId, recipients, `${tag}-c`);
    // The second account: its own key and provider, on the same SES account and region (one rate for both).
    const { account: other } = await createAccount(adminDeps(), 'Streams other');
    const otherKey = (
      await createApiKey(adminDeps(), other.id, {
        name: 'streams',
        permissions: ['campaigns'],
        rate_limit_per_minute: 10_000,
      })
    ).key;
    await createProvider(providerWriteDeps(), other.id, { ...provider, name: 'Other' });
    const otherCampaign = await campaignOf(other.id, OTHER_READERS, `${tag}-o`);

    const sendCampaign = async (id: string, key: string) => {
      const send = await fetch(`${stack.baseUrl}/api/v1/campaigns/${id}/send`, {
        method: 'POST',
        headers: { ...headers, Authorization: `Bearer ${key}` },
        body: '{}',
      });
      if (send.status !== 202) throw new Error(`send answered ${send.status}`);
    };
    await sendCampaign(campaign.id, stack.apiKey);
    // The job runner, as its trigger runs it: the fan-out goes on while the drain sends.
    const fanout = (async () => {
      while (fanningOut) if (!(await runJobsOnce())) await sleep(500);
    })();
    // In AWS the job runner and the drainer are functions of their own; here they share two cores, so the
    // drain starts once the campaign's first window is in the lane, not while its first chunks are written.
    const firstWindow = Math.min(recipients, rate * 20);
    for (;;) {
      const stats = (await (await fetch(`${stack.baseUrl}/api/v1/campaigns/${campaign.id}`, { headers })).json()) as {
        data: { stats: { recipients: number } };
      };
      if (stats.data.stats.recipients >= firstWindow) break;
      await sleep(500);
    }

    const mailbox = async () =>
      ((await (await fetch(`${ses.endpoint}/store`)).json()) as { emails: { subject: string; at: number }[] }).emails;
    // One drain run with a budget for the whole campaign, as a Lambda run is (the pace is a run's; runs of a
    // few seconds add their gaps). (runDrain, not the handler: the handler caps a run at DRAIN_BUDGET_SECONDS
    // and hands the rest to a successor started through a queue nothing reads here.)
    const { runDrain } = await import('../functions/handlers/drainer');
    const total = recipients + 10 + OTHER_READERS;
    // A run that empties the lane ends (a small campaign can be out before the second account's is
    // fanned out): another starts, as the schedule or the next enqueue starts one.
    let draining = true;
    const run = (async () => {
      while (draining) if (!(await runDrain((total / rate) * 1000 * 1.5 + 60_000))?.received) await sleep(200);
    })();
    try {
      await sleep(5_000);
      const messages = Array.from({ length: 10 }, (_, i) => ({
        to: `t${i}@example.com`,
        subject: `${tag}-t ${i}`,
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
      await sleep(5_000);
      const otherSent = Date.now();
      await sendCampaign(otherCampaign.id, otherKey);
      const deadline = Date.now() + (total / rate) * 3000 + 120_000;
      let otherDone = 0;
      for (;;) {
        const emails = (await mailbox()).filter((mail) => mail.subject.startsWith(`${tag}-`));
        if (!otherDone && emails.filter((mail) => mail.subject.startsWith(`${tag}-o`)).length >= OTHER_READERS)
          otherDone = Date.now();
        if (emails.length >= total) break;
        if (Date.now() > deadline) throw new Error('the campaigns did not drain in time');
        await sleep(1_000);
      }
      const sentAt = await Promise.all(
        answer.data.messages.map(async ({ message_id }) => {
          const status = (await (
            await fetch(`${stack.baseUrl}/api/v1/mail/status/${encodeURIComponent(message_id)}`, { headers })
          ).json()) as { data: { message: { sent_at: string } } };
          return Date.parse(`${status.data.message.sent_at}Z`) - accepted;
        }),
      );
      sentAt.sort((a, b) => a - b);
      const times = ses.sends;
      const drainSeconds = Math.max(1, (times[times.length - 1] - times[0]) / 1000);
      if (process.env.BENCH_STREAMS_TRACE) {
        const perSecondCounts = new Array(Math.ceil(drainSeconds) + 1).fill(0);
        for (const at of times) perSecondCounts[Math.floor((at - times[0]) / 1000)]++;
        console.log(`[streams] mails per second: ${perSecondCounts.join(' ')}`);
      }
      // Every mail of the run over the time between the first call and the last.
      const perSecond = (times.length - 1) / drainSeconds;
      return {
        rate,
        recipients,
        batchP50Ms: sentAt[5]!,
        batchMaxMs: sentAt[9]!,
        otherCampaignSeconds: (otherDone - otherSent) / 1000,
        bulkPerSecond: perSecond,
        shareOfRate: perSecond / rate,
        drainSeconds: Math.round(drainSeconds),
      };
    } finally {
      draining = false;
      await run;
      fanningOut = false;
      await fanout;
    }
  } finally {
    fanningOut = false;
    await ses.stop();
  }
};

export const streamsSection = (s: Streams) => [
  `## Lanes: a batch of 10 while a ${s.recipients.toLocaleString('en-US')}-reader campaign drains at ${s.rate}/s`,
  '',
  '| measure | value |',
  '|---|---|',
  `| batch of 10, accept to sent, p50 | ${(s.batchP50Ms / 1000).toFixed(2)} s |`,
  `| batch of 10, accept to sent, max | ${(s.batchMaxMs / 1000).toFixed(2)} s |`,
  `| another account's 100-reader campaign, send to last mail out | ${s.otherCampaignSeconds.toFixed(0)} s |`,
  `| pace over the drain (${s.drainSeconds} s) | ${s.bulkPerSecond.toFixed(1)}/s, ` +
    `${(s.shareOfRate * 100).toFixed(1)}% of ${s.rate}/s |`,
];
