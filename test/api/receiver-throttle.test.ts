import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setClockForTests } from '../../functions/adapters/test-seams';
import { manifest, snsCertDir } from '../support/fixtures';
import { bouncesOf, postFixture, postToReceiver, receiverFixture, receiverSetup } from '../support/receivers';
import { startService, type TestService } from '../support/service';

/** Receiver calls are counted per provider in fixed one-minute windows (RECEIVER_RATE_LIMIT_PER_MINUTE). */
let service: TestService;
const snsCerts = snsCertDir();
beforeAll(async () => {
  process.env.SNS_CERT_DIR = snsCerts;
  process.env.RECEIVER_RATE_LIMIT_PER_MINUTE = '3';
  service = await startService();
});
afterAll(async () => {
  delete process.env.RECEIVER_RATE_LIMIT_PER_MINUTE;
  await service.close();
});
afterEach(() => setClockForTests(undefined));

/** 30 s into a minute, so that all of a test's calls fall in one window. */
const pinMidWindow = () => {
  const at = (Math.floor(manifest.ref_time / 60) * 60 + 30) * 1000;
  setClockForTests(() => new Date(at));
};

const forged = JSON.stringify({
  signature: { token: 't', timestamp: String(manifest.ref_time), signature: '0'.repeat(64) },
  'event-data': {},
});

describe('receiver throttling', () => {
  it('429 RATE_LIMITED with Retry-After past the limit, forged and genuine calls alike, per provider', async () => {
    pinMidWindow();
    const s = await receiverSetup(service);
    const post = (providerId = s.providerIds.mailgun) =>
      postToReceiver(service, 'mailgun', providerId, forged, { 'Content-Type': 'application/json' });
    for (let i = 0; i < 3; i++) expect((await post()).status).toBe(401);
    const over = await post();
    expect([over.status, over.body.error.code]).toEqual([429, 'RATE_LIMITED']);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);

    // A genuine event is refused too while the window is full: the provider delivers it again later.
    const genuine = await postFixture(service, s, receiverFixture('mailgun/failed-permanent.json'));
    expect(genuine.status).toBe(429);
    expect((await bouncesOf(s)).total).toBe(0);

    // Another provider of the account has a window of its own.
    const sendgrid = await postFixture(service, s, receiverFixture('sendgrid/events.json'));
    expect(sendgrid.status).toBe(200);

    // The next window starts afresh.
    setClockForTests(() => new Date((Math.floor(manifest.ref_time / 60) * 60 + 90) * 1000));
    expect((await postFixture(service, s, receiverFixture('mailgun/failed-permanent.json'))).status).toBe(200);
  });
});
