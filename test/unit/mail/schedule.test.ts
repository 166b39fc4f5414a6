import { beforeEach, describe, expect, it } from 'vitest';
import {
  cancelMessage,
  MAX_SCHEDULE_DAYS,
  rescheduleMessage,
  scheduleProblem,
} from '../../../functions/domain/mail/schedule';
import { sendBatch } from '../../../functions/domain/mail/send-batch';
import { releaseScheduled } from '../../../functions/domain/queue/release-scheduled';
import type { BatchItem } from '../../../functions/domain/mail/mail-input';
import { ACCOUNT, memoryWorld, type MemoryWorld } from '../memory/world';

const acceptAll = (raw: Record<string, unknown>) => ({ ok: true as const, item: raw as unknown as BatchItem });
const HOUR = 3_600_000;

let world: MemoryWorld;
beforeEach(async () => {
  world = await memoryWorld();
});

const later = (ms: number) => new Date(world.clock.now().getTime() + ms).toISOString();
const queueOne = async (extra: Record<string, unknown> = {}) => {
  const messages = [{ to: 'r@example.org', subject: 'Hi', text: 'x', ...extra }];
  return (await sendBatch(world, ACCOUNT, { messages }, acceptAll, 'api')).messages[0].message_id!;
};
const statusOf = async (id: string) => (await world.messages.getWithEvents(ACCOUNT, id))!.message.status;

describe('when a mail may be scheduled', () => {
  it.each([
    ['now', 0, 'scheduled_at must be in the future'],
    ['a second ago', -1_000, 'scheduled_at must be in the future'],
    ['in a second', 1_000, undefined],
    [`in ${MAX_SCHEDULE_DAYS} days`, MAX_SCHEDULE_DAYS * 24 * HOUR, undefined],
  ])('%s: %s', (_, offset, problem) => {
    expect(scheduleProblem(later(offset), world.clock.now())).toBe(problem);
  });

  it(`refuses more than ${MAX_SCHEDULE_DAYS} days ahead`, () => {
    expect(scheduleProblem(later(MAX_SCHEDULE_DAYS * 24 * HOUR + 1_000), world.clock.now())).toMatch(/at most/);
  });
});

describe('cancelling a mail', () => {
  it('cancels a scheduled mail: it is never released', async () => {
    const id = await queueOne({ scheduled_at: later(HOUR) });
    expect(await cancelMessage(world, ACCOUNT, id)).toEqual({ message_id: id, status: 'cancelled' });
    world.clock.advance(HOUR);
    expect(await releaseScheduled(world)).toBe(0);
    expect(await statusOf(id)).toBe('cancelled');
  });

  it('cancels a queued mail that the drainer has not claimed', async () => {
    const id = await queueOne();
    await expect(cancelMessage(world, ACCOUNT, id)).resolves.toMatchObject({ status: 'cancelled' });
  });

  it('takes the id without its angle brackets too', async () => {
    const id = await queueOne();
    await expect(cancelMessage(world, ACCOUNT, id.slice(1, -1))).resolves.toMatchObject({
      message_id: id,
      status: 'cancelled',
    });
  });

  it('answers 409 with the status once the mail is claimed or sent', async () => {
    const id = await queueOne();
    await world.messages.claim(ACCOUNT, id, world.clock.now());
    await expect(cancelMessage(world, ACCOUNT, id)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'The message is sending: only a scheduled or queued message can be cancelled',
    });
  });

  it("answers 404 for another account's mail, an unknown id, or no id at all", async () => {
    const id = await queueOne();
    await expect(cancelMessage(world, 'acct-other', id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const unknown = '<00000000-0000-4000-8000-0000000000ee@example.com>';
    await expect(cancelMessage(world, ACCOUNT, unknown)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(cancelMessage(world, ACCOUNT, 'nonsense')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await statusOf(id)).toBe('queued');
  });

  it('answers 404 for an id whose domain part was changed', async () => {
    const id = await queueOne();
    await expect(cancelMessage(world, ACCOUNT, id.replace('@example.com', '@forged.test'))).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});

describe('rescheduling a mail', () => {
  it('moves a scheduled mail to its new time: not released before it, released at it', async () => {
    const id = await queueOne({ scheduled_at: later(HOUR) });
    const at = later(2 * HOUR);
    expect(await rescheduleMessage(world, ACCOUNT, id, at)).toEqual({
      message_id: id,
      status: 'scheduled',
      scheduled_at: at.slice(0, -1),
    });
    world.clock.advance(HOUR);
    expect(await releaseScheduled(world)).toBe(0);
    world.clock.advance(HOUR);
    expect(await releaseScheduled(world)).toBe(1);
    expect(await statusOf(id)).toBe('queued');
  });

  it('brings a scheduled mail forward', async () => {
    const id = await queueOne({ scheduled_at: later(2 * HOUR) });
    await rescheduleMessage(world, ACCOUNT, id, later(HOUR));
    world.clock.advance(HOUR);
    expect(await releaseScheduled(world)).toBe(1);
  });

  it('answers 409 for a mail already released', async () => {
    const id = await queueOne();
    await expect(rescheduleMessage(world, ACCOUNT, id, later(HOUR))).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'The message is queued: only a scheduled message can be rescheduled',
    });
  });

  it('answers 400 on scheduled_at for a time in the past, changing nothing', async () => {
    const id = await queueOne({ scheduled_at: later(HOUR) });
    await expect(rescheduleMessage(world, ACCOUNT, id, later(-HOUR))).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      options: { details: [{ field: 'scheduled_at' }] },
    });
    world.clock.advance(HOUR);
    expect(await releaseScheduled(world)).toBe(1);
  });
});
