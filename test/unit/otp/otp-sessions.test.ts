import { beforeEach, describe, expect, it } from 'vitest';
import { otpSessionStatus, resendOtp, sendOtp, verifyOtp } from '../../../functions/domain/otp/otp-service';
import {
  MAX_ATTEMPTS,
  MAX_SENDS,
  RESEND_COOLDOWN_SECONDS,
  SESSIONS_PER_ADDRESS,
} from '../../../functions/domain/otp/otp-session';
import { permanentFailure } from '../memory/mail';
import { ACCOUNT, memoryWorld, type MemoryWorld } from '../memory/world';

let world: MemoryWorld;
beforeEach(async () => {
  world = await memoryWorld();
});

/** The code as the recipient reads it: the indented line of the text part of the last mail. */
const lastCode = () => /^ {4}(\d+)$/m.exec(world.mailers.sent.at(-1)!.mail.text ?? '')![1];
const wrong = (code: string) => (code === '000000' ? '111111' : '000000');
const start = (email = 'user@example.org', extra: Record<string, unknown> = {}) =>
  sendOtp(world, ACCOUNT, { email, ...extra });

describe('sending a code', () => {
  it('mails a six-digit code through the default provider and opens a pending session', async () => {
    const { session_id, email, expires_at } = await start();
    expect(email).toBe('user@example.org');
    expect(lastCode()).toMatch(/^\d{6}$/);
    expect(expires_at).toBe('2026-11-26T09:05:00.000Z');
    expect(await otpSessionStatus(world, ACCOUNT, session_id)).toMatchObject({
      status: 'pending',
      attempts: 0,
      max_attempts: MAX_ATTEMPTS,
    });
  });

  it("stores only the code's keyed hash, never the code", async () => {
    await start();
    const [session] = world.sessions.all();
    expect(JSON.stringify(session)).not.toContain(lastCode());
  });

  it('makes a code of the length and lifetime asked for', async () => {
    const { expires_at } = await start('user@example.org', { code_length: 8, expires_in: 600 });
    expect(lastCode()).toMatch(/^\d{8}$/);
    expect(expires_at).toBe('2026-11-26T09:10:00.000Z');
  });

  it('refuses a suppressed address and opens no session', async () => {
    await world.suppressions.add(ACCOUNT, {
      email: 'user@example.org',
      reason: 'complaint',
      source: 'ses',
      created_at: '2026-11-01T00:00:00.000Z',
    });
    await expect(start('User@Example.org')).rejects.toMatchObject({ code: 'RECIPIENT_SUPPRESSED' });
    expect(world.sessions.all()).toEqual([]);
  });

  it(`allows ${SESSIONS_PER_ADDRESS} sessions per address in ten minutes, then says when to come back`, async () => {
    for (let i = 0; i < SESSIONS_PER_ADDRESS; i++) await start();
    const error = await start().catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'TOO_MANY_ATTEMPTS', options: { headers: { 'Retry-After': '600' } } });
    // Another address has its own window.
    await expect(start('other@example.org')).resolves.toBeDefined();
    world.clock.advance(600_000);
    await expect(start()).resolves.toBeDefined();
  });

  it('removes the session when the code could not be mailed, and counts the failure', async () => {
    world.mailers.failNext(permanentFailure());
    await expect(start()).rejects.toMatchObject({ code: 'SEND_FAILED' });
    expect(world.sessions.all()).toEqual([]);
    const [day] = await world.reputation.days(ACCOUNT, '2026-11-26', '2026-11-26');
    expect(day.figures.failed).toBe(1);
  });

  it("refuses when the provider's hourly limit is used, sending nothing", async () => {
    world = await memoryWorld({ provider: { hourly_limit: 1 } });
    await start();
    await expect(start('other@example.org')).rejects.toMatchObject({ code: 'SEND_LIMIT_EXCEEDED' });
    expect(world.mailers.sent).toHaveLength(1);
  });
});

describe('verifying a code', () => {
  it('verifies the right code once', async () => {
    const { session_id } = await start();
    expect(await verifyOtp(world, ACCOUNT, session_id, lastCode())).toEqual({
      verified: true,
      email: 'user@example.org',
    });
    expect((await otpSessionStatus(world, ACCOUNT, session_id)).status).toBe('verified');
    await expect(verifyOtp(world, ACCOUNT, session_id, lastCode())).rejects.toMatchObject({ code: 'INVALID_CODE' });
  });

  it('refuses a wrong code and counts the attempt', async () => {
    const { session_id } = await start();
    await expect(verifyOtp(world, ACCOUNT, session_id, wrong(lastCode()))).rejects.toMatchObject({
      code: 'INVALID_CODE',
    });
    expect((await otpSessionStatus(world, ACCOUNT, session_id)).attempts).toBe(1);
  });

  it(`locks the session after ${MAX_ATTEMPTS} wrong codes: even the right one is refused then`, async () => {
    const { session_id } = await start();
    const code = lastCode();
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      await expect(verifyOtp(world, ACCOUNT, session_id, wrong(code))).rejects.toMatchObject({ code: 'INVALID_CODE' });
    }
    await expect(verifyOtp(world, ACCOUNT, session_id, code)).rejects.toMatchObject({ code: 'TOO_MANY_ATTEMPTS' });
    expect((await otpSessionStatus(world, ACCOUNT, session_id)).status).toBe('expired');
  });

  it('gives parallel guesses no more than the allowed attempts', async () => {
    const { session_id } = await start();
    const code = lastCode();
    const guesses = await Promise.allSettled(
      Array.from({ length: 20 }, () => verifyOtp(world, ACCOUNT, session_id, wrong(code))),
    );
    expect(guesses.every((g) => g.status === 'rejected')).toBe(true);
    expect((await otpSessionStatus(world, ACCOUNT, session_id)).attempts).toBe(MAX_ATTEMPTS);
  });

  it('refuses the right code once it expired', async () => {
    const { session_id } = await start();
    world.clock.advance(300_000);
    await expect(verifyOtp(world, ACCOUNT, session_id, lastCode())).rejects.toMatchObject({ code: 'INVALID_CODE' });
    expect((await otpSessionStatus(world, ACCOUNT, session_id)).status).toBe('expired');
  });

  it('answers 404 for a session of another account', async () => {
    const { session_id } = await start();
    await expect(verifyOtp(world, 'acct-other', session_id, lastCode())).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(otpSessionStatus(world, 'acct-other', session_id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('resending a code', () => {
  it(`waits ${RESEND_COOLDOWN_SECONDS} seconds between codes`, async () => {
    const { session_id } = await start();
    world.clock.advance(10_000);
    await expect(resendOtp(world, ACCOUNT, session_id)).rejects.toMatchObject({
      code: 'TOO_MANY_ATTEMPTS',
      options: { headers: { 'Retry-After': '20' } },
    });
    world.clock.advance(20_000);
    await expect(resendOtp(world, ACCOUNT, session_id)).resolves.toMatchObject({ session_id });
  });

  it('replaces the code: the old one no longer verifies, the new one does', async () => {
    const { session_id } = await start();
    const old = lastCode();
    world.clock.advance(RESEND_COOLDOWN_SECONDS * 1000);
    await resendOtp(world, ACCOUNT, session_id);
    const fresh = lastCode();
    if (fresh !== old)
      await expect(verifyOtp(world, ACCOUNT, session_id, old)).rejects.toMatchObject({
        code: 'INVALID_CODE',
      });
    await expect(verifyOtp(world, ACCOUNT, session_id, fresh)).resolves.toMatchObject({ verified: true });
  });

  it('restarts the lifetime from the resend', async () => {
    const { session_id } = await start();
    world.clock.advance(240_000);
    const { expires_at } = await resendOtp(world, ACCOUNT, session_id);
    expect(expires_at).toBe('2026-11-26T09:09:00.000Z');
  });

  it(`sends at most ${MAX_SENDS} codes in a session`, async () => {
    const { session_id } = await start('user@example.org', { expires_in: 3600 });
    for (let i = 1; i < MAX_SENDS; i++) {
      world.clock.advance(RESEND_COOLDOWN_SECONDS * 1000);
      await resendOtp(world, ACCOUNT, session_id);
    }
    world.clock.advance(RESEND_COOLDOWN_SECONDS * 1000);
    await expect(resendOtp(world, ACCOUNT, session_id)).rejects.toMatchObject({ code: 'TOO_MANY_ATTEMPTS' });
    expect(world.mailers.sent).toHaveLength(MAX_SENDS);
  });

  it('keeps the earlier code when the new one could not be mailed', async () => {
    const { session_id } = await start();
    const old = lastCode();
    world.clock.advance(RESEND_COOLDOWN_SECONDS * 1000);
    world.mailers.failNext(permanentFailure());
    await expect(resendOtp(world, ACCOUNT, session_id)).rejects.toMatchObject({ code: 'SEND_FAILED' });
    await expect(verifyOtp(world, ACCOUNT, session_id, old)).resolves.toMatchObject({ verified: true });
  });

  it('refuses to resend for a verified session', async () => {
    const { session_id } = await start();
    await verifyOtp(world, ACCOUNT, session_id, lastCode());
    world.clock.advance(RESEND_COOLDOWN_SECONDS * 1000);
    await expect(resendOtp(world, ACCOUNT, session_id)).rejects.toMatchObject({ code: 'INVALID_CODE' });
  });
});
