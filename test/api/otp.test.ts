import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setClockForTests } from '../../functions/adapters/test-seams';
import { mailTo } from '../support/mailbox';
import {
  client,
  keyWith,
  newAccount,
  startService,
  uniqueAddress,
  type Client,
  type TestService,
} from '../support/service';

let service: TestService;
let api: Client;

beforeAll(async () => {
  service = await startService();
  const account = await newAccount();
  api = client(service, await keyWith(account.accountId, ['otp', 'admin', 'subscribers'], 10_000));
  await api.post('/api/v1/providers', {
    type: 'ses',
    name: 'SES',
    from_email: 'codes@example.com',
    from_name: 'Example',
  });
});
afterAll(() => service.close());
afterEach(() => setClockForTests(undefined));

/** The code as the recipient sees it: read from the newest mail in the SES emulator's mailbox. */
const codeIn = async (email: string) => {
  const mails = await mailTo(email);
  const text = mails[mails.length - 1]?.body.text ?? '';
  return /^\s+(\d{4,8})$/m.exec(text)?.[1];
};

const moveClock = (seconds: number) => {
  const at = Date.now() + seconds * 1000;
  setClockForTests(() => new Date(at));
};

const send = (email: string, extra: Record<string, unknown> = {}) => api.post('/api/v1/otp/send', { email, ...extra });
const verify = (session_id: string, code: string) => api.post('/api/v1/otp/verify', { session_id, code });
const status = async (session_id: string) => (await api.get(`/api/v1/otp/status/${session_id}`)).body.data;

describe('OTP', () => {
  it('mails a code, verifies it once, and never shows it in an answer', async () => {
    const email = uniqueAddress('otp');
    const sent = await send(email, { template: 'signup', code_length: 8, expires_in: 600 });
    expect(sent.status).toBe(200);
    expect(sent.body.data).toEqual({
      session_id: expect.stringMatching(/^otp_[A-Za-z0-9_-]{32}$/),
      email,
      expires_at: expect.stringMatching(/Z$/),
    });
    expect(Date.parse(sent.body.data.expires_at) - Date.now()).toBeGreaterThan(590_000);

    const [mail] = await mailTo(email);
    expect(mail.subject).toBe('Confirm your email address');
    expect(mail.from).toBe('"Example" <codes@example.com>');
    expect(mail.body.text).toContain('It expires in 10 minutes');
    const code = (await codeIn(email))!;
    expect(code).toMatch(/^\d{8}$/);
    expect(mail.body.html).toContain(code);
    expect(JSON.stringify(sent.body)).not.toContain(code);

    expect(await status(sent.body.data.session_id)).toEqual({
      session_id: sent.body.data.session_id,
      email,
      status: 'pending',
      attempts: 0,
      max_attempts: 5,
      expires_at: sent.body.data.expires_at,
    });
    const ok = await verify(sent.body.data.session_id, code);
    expect(ok.body).toEqual({ success: true, data: { verified: true, email } });
    expect((await status(sent.body.data.session_id)).status).toBe('verified');
    const again = await verify(sent.body.data.session_id, code);
    expect([again.status, again.body.error.code]).toEqual([400, 'INVALID_CODE']);
  });

  it('defaults to a 6-digit login code valid for 5 minutes', async () => {
    const email = uniqueAddress('otp');
    const sent = await send(email);
    expect((await mailTo(email))[0].subject).toBe('Your sign-in code');
    expect(await codeIn(email)).toMatch(/^\d{6}$/);
    expect(Math.round((Date.parse(sent.body.data.expires_at) - Date.now()) / 1000)).toBeGreaterThan(295);
  });

  it('counts wrong codes and answers 429 once attempts are exhausted, even for the right code', async () => {
    const email = uniqueAddress('otp');
    const { session_id } = (await send(email)).body.data;
    const code = (await codeIn(email))!;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 5; i++) {
      const answer = await verify(session_id, wrong);
      expect([answer.status, answer.body.error.code]).toEqual([400, 'INVALID_CODE']);
      expect((await status(session_id)).attempts).toBe(i);
    }
    expect((await status(session_id)).status).toBe('expired');
    const exhausted = await verify(session_id, code);
    expect([exhausted.status, exhausted.body.error.code]).toEqual([429, 'TOO_MANY_ATTEMPTS']);
    const resend = await api.post('/api/v1/otp/resend', { session_id });
    expect([resend.status, resend.body.error.code]).toEqual([400, 'INVALID_CODE']);
  });

  it('refuses the right code after expiry (clock moved past expires_at)', async () => {
    const email = uniqueAddress('otp');
    const { session_id } = (await send(email, { expires_in: 60 })).body.data;
    const code = (await codeIn(email))!;
    moveClock(61);
    const late = await verify(session_id, code);
    expect([late.status, late.body.error.code]).toEqual([400, 'INVALID_CODE']);
    expect((await status(session_id)).status).toBe('expired');
  });

  it('lets 20 parallel wrong guesses use at most max_attempts tries', async () => {
    const email = uniqueAddress('otp');
    const { session_id } = (await send(email)).body.data;
    const code = (await codeIn(email))!;
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const answers = await Promise.all(Array.from({ length: 20 }, () => verify(session_id, wrong)));
    expect(answers.filter((a) => a.body.error.code === 'INVALID_CODE')).toHaveLength(5);
    expect(answers.filter((a) => a.body.error.code === 'TOO_MANY_ATTEMPTS')).toHaveLength(15);
    expect((await status(session_id)).attempts).toBe(5);
  });

  it('verifies once when the right code is sent twice at the same time', async () => {
    const email = uniqueAddress('otp');
    const { session_id } = (await send(email)).body.data;
    const code = (await codeIn(email))!;
    const answers = await Promise.all([verify(session_id, code), verify(session_id, code)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
  });

  it('resends a new code replacing the old one, keeps attempts, holds the 30 s cooldown and 5-send cap', async () => {
    const email = uniqueAddress('otp');
    const { session_id } = (await send(email)).body.data;
    const first = (await codeIn(email))!;
    await verify(session_id, first === '000000' ? '111111' : '000000');

    const tooSoon = await api.post('/api/v1/otp/resend', { session_id });
    expect([tooSoon.status, tooSoon.body.error.code]).toEqual([429, 'TOO_MANY_ATTEMPTS']);
    expect(Number(tooSoon.headers.get('retry-after'))).toBeGreaterThanOrEqual(29);

    moveClock(31);
    const resent = await api.post('/api/v1/otp/resend', { session_id });
    expect(resent.body.data).toEqual({ session_id, expires_at: expect.stringMatching(/Z$/) });
    expect(await mailTo(email)).toHaveLength(2);
    const second = (await codeIn(email))!;
    expect((await status(session_id)).attempts).toBe(1);
    if (second !== first) expect((await verify(session_id, first)).body.error.code).toBe('INVALID_CODE');

    for (let i = 2; i <= 4; i++) {
      moveClock(31 * i);
      expect((await api.post('/api/v1/otp/resend', { session_id })).status).toBe(200);
    }
    moveClock(31 * 5);
    const capped = await api.post('/api/v1/otp/resend', { session_id });
    expect([capped.status, capped.body.error.code]).toEqual([429, 'TOO_MANY_ATTEMPTS']);
    expect(Number(capped.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    const latest = (await codeIn(email))!;
    expect((await verify(session_id, latest)).body.data.verified).toBe(true);
  });

  it('allows 5 sessions per address per 10 minutes', async () => {
    const email = uniqueAddress('otp');
    for (let i = 0; i < 5; i++) expect((await send(email)).status).toBe(200);
    const sixth = await send(email.toUpperCase());
    expect([sixth.status, sixth.body.error.code]).toEqual([429, 'TOO_MANY_ATTEMPTS']);
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await mailTo(email)).toHaveLength(5);
  });

  it("answers 404 for unknown sessions and for another account's", async () => {
    const { session_id } = (await send(uniqueAddress('otp'))).body.data;
    const other = client(service, (await newAccount('Other')).apiKey);
    for (const answer of [
      await other.get(`/api/v1/otp/status/${session_id}`),
      await other.post('/api/v1/otp/verify', { session_id, code: '123456' }),
      await other.post('/api/v1/otp/resend', { session_id }),
      await api.get('/api/v1/otp/status/otp_unknown'),
    ]) {
      expect([answer.status, answer.body.error.code]).toEqual([404, 'NOT_FOUND']);
    }
  });

  it('refuses a suppressed address and an account without a provider', async () => {
    const suppressed = uniqueAddress('otp');
    await api.post('/api/v1/bounces', { email: suppressed, bounce_type: 'hard' });
    expect((await send(suppressed)).body.error.code).toBe('RECIPIENT_SUPPRESSED');
    const bare = client(service, (await newAccount('No provider')).apiKey);
    expect((await bare.post('/api/v1/otp/send', { email: uniqueAddress() })).body.error.code).toBe('NO_SMTP_PROVIDER');
  });

  it.each([
    ['code_length 3', { code_length: 3 }, 'code_length'],
    ['code_length 9', { code_length: 9 }, 'code_length'],
    ['expires_in 59', { expires_in: 59 }, 'expires_in'],
    ['expires_in 3601', { expires_in: 3601 }, 'expires_in'],
    ['a bad email', { email: 'not-an-email' }, 'email'],
    ['an unknown template', { template: 'welcome' }, 'template'],
    ['a missing email', { email: undefined }, 'email'],
  ])('answers 400 VALIDATION_ERROR for %s', async (_name, extra, field) => {
    const answer = await api.post('/api/v1/otp/send', { email: uniqueAddress('otp'), ...extra });
    expect([answer.status, answer.body.error.code]).toEqual([400, 'VALIDATION_ERROR']);
    expect(answer.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
  });

  it('validates verify and resend bodies', async () => {
    expect((await api.post('/api/v1/otp/verify', { session_id: 'otp_x' })).body.error.details[0].field).toBe('code');
    expect((await api.post('/api/v1/otp/verify', { session_id: 'otp_x', code: '12ab' })).body.error.code).toBe(
      'VALIDATION_ERROR',
    );
    expect((await api.post('/api/v1/otp/resend', {})).body.error.details[0].field).toBe('session_id');
  });
});
