import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drainOnce } from '../support/drain';
import { runJobsAndDrain } from '../support/jobs';
import { mailTo } from '../support/mailbox';
import { client, keyWith, uniqueAddress, type Client } from '../support/service';
import { startTrackedService } from '../support/tracked-service';
import { drainWebhooksUntil, startEndpoint } from '../support/webhooks';

/**
 * Text outside the Basic Multilingual Plane (UTF-16 surrogate pairs) on every queue the service uses:
 * real SQS accepts it, and so must the local emulator the tests and `npm start` run (issue 23, class 4).
 */
let tracked: Awaited<ReturnType<typeof startTrackedService>>;
let api: Client;

beforeAll(async () => {
  tracked = await startTrackedService('Post 📮');
  api = client(
    tracked.service,
    await keyWith(tracked.accountId, ['subscribers', 'campaigns', 'mail', 'admin'], 100_000),
  );
});
afterAll(() => tracked.close());

describe('text outside the BMP on the queues', () => {
  it('send queue: a batch with emoji and astral-plane text in subjects, bodies, metadata is sent as is', async () => {
    const texts = ['Hello 👋', '𝒻𝒶𝓃𝒸𝓎 𝓉𝑒𝓍𝓉', 'Rocket 🚀 and 𠜎 (CJK ext. B)', '👩‍👩‍👧‍👦 family'];
    const messages = texts.map((subject) => ({
      to: uniqueAddress('astral'),
      subject,
      text: `Body: ${subject}`,
      metadata: { note: subject },
    }));
    const queued = await api.post('/api/v1/mail/send-batch', { messages });
    expect(queued.status, JSON.stringify(queued.body)).toBe(200);
    await drainOnce();
    for (const message of messages) {
      const [mail] = await mailTo(message.to);
      expect(mail?.subject, message.subject).toBe(message.subject);
      expect(mail!.body.text).toContain(`Body: ${message.subject}`);
    }
  });

  it('job queue: a campaign named with emoji reaches a subscriber named with one', async () => {
    const list = (await api.post('/api/v1/lists', { name: 'List 🌍' })).body.data;
    const readers = [
      { email: uniqueAddress('emoji'), name: 'Zoë 🦄' },
      { email: uniqueAddress('emoji'), name: '𝔊𝔬𝔱𝔥𝔦𝔠 reader' },
      { email: uniqueAddress('emoji'), name: 'Plain reader' },
    ];
    for (const reader of readers)
      expect((await api.post('/api/v1/subscribers', { ...reader, list_id: list.id })).status).toBe(201);
    const campaign = await api.post('/api/v1/campaigns', {
      name: 'Spring 🌸',
      subject: 'Hi {{name}} 🎉',
      text: 'Dear {{name}}',
      list_id: list.id,
    });
    expect(campaign.status).toBe(201);
    expect((await api.post(`/api/v1/campaigns/${campaign.body.data.id}/send`)).status).toBe(202);
    await runJobsAndDrain();
    for (const reader of readers) {
      const [mail] = await mailTo(reader.email);
      expect(mail?.subject, reader.name).toBe(`Hi ${reader.name} 🎉`);
    }
    expect((await api.get(`/api/v1/campaigns/${campaign.body.data.id}`)).body.data).toMatchObject({
      status: 'sent',
      stats: { sent: 3 },
    });
  }, 60_000);

  it('webhook queue: clicks on links with emoji reach the endpoint with the link', async () => {
    const endpoint = await startEndpoint();
    const created = await api.post('/api/v1/webhook-endpoints', { url: endpoint.url, events: ['email.clicked'] });
    expect(created.status).toBe(201);
    try {
      const urls = [
        'https://shop.example.com/🎁',
        'https://shop.example.com/offer?tag=🔥',
        'https://shop.example.com/#𝓍',
      ];
      const to = uniqueAddress('clicker');
      const links = urls.map((url, i) => `<a href="${url}">Link ${i}</a>`).join(' ');
      expect(
        (await api.post('/api/v1/mail/send', { to, subject: 'Links', html: `<html><body>${links}</body></html>` }))
          .status,
      ).toBe(200);
      const [mail] = await mailTo(to);
      const tracked = [...mail!.body.html!.matchAll(/<a href="([^"]+\/t\/c\/[^"]+)"/g)].map((match) => match[1]!);
      expect(tracked).toHaveLength(urls.length);
      // The click's answer (its redirect to a non-ASCII URL) is another class of issue 23: here only its event matters.
      for (const link of tracked) await fetch(link, { redirect: 'manual' });
      await drainWebhooksUntil(() => endpoint.received.length >= urls.length);
      const clicked = endpoint.received.map(
        (received) => (JSON.parse(received.body) as { data: { url: string } }).data.url,
      );
      expect(clicked).toHaveLength(urls.length);
      for (const url of clicked) expect(url).toMatch(/🎁|%F0%9F%8E%81|🔥|%F0%9F%94%A5|𝓍|%F0%9D%93%8D/);
    } finally {
      await api.delete(`/api/v1/webhook-endpoints/${created.body.data.id}`);
      await endpoint.close();
    }
  });
});
