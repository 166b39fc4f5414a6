import { beforeEach, describe, expect, it } from 'vitest';
import { sendMail } from '../../../functions/domain/mail/send-mail';
import type { SendMailInput } from '../../../functions/domain/mail/mail-input';
import { permanentFailure } from '../memory/mail';
import { ACCOUNT, memoryWorld, type MemoryWorld } from '../memory/world';

let world: MemoryWorld;
beforeEach(async () => {
  world = await memoryWorld();
});

const send = (changes: Partial<SendMailInput> = {}) =>
  sendMail(world, ACCOUNT, { to: 'r@example.org', subject: 'Hi', text: 'Hello', ...changes }, 'api');

describe('a single send', () => {
  it('sends through the default provider at once and records the mail `sent`', async () => {
    const answer = await send();
    expect(answer).toMatchObject({ status: 'sent', to: 'r@example.org', from: 'noreply@example.com' });
    const [sent] = world.mailers.sent;
    expect(sent.mail).toMatchObject({
      messageId: answer.message_id,
      to: 'r@example.org',
      subject: 'Hi',
      text: 'Hello',
    });
    expect(world.messages.all()).toEqual([
      expect.objectContaining({
        message_id: answer.message_id,
        status: 'sent',
        provider_message_id: sent.providerMessageId,
      }),
    ]);
  });

  it('publishes email.sent and counts every recipient', async () => {
    const { message_id } = await send({ cc: ['c@example.org'], bcc: ['b@example.org'] });
    expect(world.events.published).toEqual([
      expect.objectContaining({ type: 'email.sent', message_id, to: 'r@example.org' }),
    ]);
    const [day] = await world.reputation.days(ACCOUNT, '2026-11-26', '2026-11-26');
    expect(day.figures.sent).toBe(3);
  });

  it('refuses a suppressed recipient and leaves no trace', async () => {
    await world.suppressions.add(ACCOUNT, {
      email: 'r@example.org',
      reason: 'hard_bounce',
      source: 'ses',
      created_at: '2026-11-01T00:00:00.000Z',
    });
    await expect(send({ to: 'R@Example.org' })).rejects.toMatchObject({ code: 'RECIPIENT_SUPPRESSED' });
    expect(world.messages.all()).toEqual([]);
    expect(world.mailers.sent).toEqual([]);
  });

  it('sends without the suppressed cc and bcc addresses', async () => {
    await world.suppressions.add(ACCOUNT, {
      email: 'c@example.org',
      reason: 'complaint',
      source: 'ses',
      created_at: '2026-11-01T00:00:00.000Z',
    });
    await send({ cc: ['c@example.org', 'd@example.org'], bcc: ['c@example.org'] });
    expect(world.mailers.sent[0].mail).toMatchObject({ cc: ['d@example.org'], bcc: [] });
  });

  it("refuses a sender outside the provider's domains and leaves no trace", async () => {
    await expect(send({ from_email: 'me@elsewhere.net' })).rejects.toMatchObject({ code: 'FROM_NOT_ALLOWED' });
    expect(world.messages.all()).toEqual([]);
  });

  it("refuses when the hourly limit is used, writing nothing, and takes the next hour's sends", async () => {
    world = await memoryWorld({ provider: { hourly_limit: 2 } });
    await send({ cc: ['c@example.org'] });
    await expect(send()).rejects.toMatchObject({ code: 'SEND_LIMIT_EXCEEDED' });
    expect(world.messages.all()).toHaveLength(1);
    world.clock.advance(3_600_000);
    await expect(send()).resolves.toMatchObject({ status: 'sent' });
  });

  it("records a refused send `failed` with the provider's reason and answers its id", async () => {
    world.mailers.failNext(permanentFailure('Mailbox unavailable'));
    const error = await send().catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'SEND_FAILED', options: { messageId: expect.any(String) } });
    const id = (error as { options: { messageId: string } }).options.messageId;
    expect((await world.messages.getWithEvents(ACCOUNT, id))!.message).toMatchObject({
      status: 'failed',
      error_message: 'Mailbox unavailable',
    });
    const [day] = await world.reputation.days(ACCOUNT, '2026-11-26', '2026-11-26');
    expect(day.figures).toMatchObject({ failed: 1, sent: 0 });
  });

  it('gives back the send a failure reserved', async () => {
    world = await memoryWorld({ provider: { hourly_limit: 1 } });
    world.mailers.failNext(permanentFailure());
    await expect(send()).rejects.toMatchObject({ code: 'SEND_FAILED' });
    await expect(send()).resolves.toMatchObject({ status: 'sent' });
  });

  it('schedules a send with a future time: `scheduled`, nothing sent yet', async () => {
    const answer = await send({ scheduled_at: '2026-11-26T10:00:00Z' });
    expect(answer).toMatchObject({ status: 'scheduled' });
    expect(world.mailers.sent).toEqual([]);
    expect(world.messages.all()).toEqual([
      expect.objectContaining({ status: 'scheduled', scheduled_at: '2026-11-26T10:00:00.000' }),
    ]);
  });

  it('refuses a time in the past with a 400 on scheduled_at', async () => {
    await expect(send({ scheduled_at: '2026-11-26T08:00:00Z' })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      options: { details: [{ field: 'scheduled_at' }] },
    });
  });

  it("refuses while the account's sending is paused", async () => {
    await world.reputation.pause(ACCOUNT, world.clock.now().toISOString(), 'bounce rate');
    await expect(send()).rejects.toMatchObject({ code: 'SENDING_PAUSED' });
  });
});
