import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setCertificateOriginForTests } from '../../functions/adapters/test-seams';
import { fixtureText } from '../support/fixtures';
import { freePort } from '../support/free-port';
import { postToReceiver, receiverSetup, type ReceiverSetup } from '../support/receivers';
import { startService, type TestService } from '../support/service';

/**
 * SigningCertURL without SNS_CERT_DIR: the certificate is downloaded. No local peer serves
 * sns.<region>.amazonaws.com over HTTPS, so downloads go to a local server (by the URL's path) that
 * records what was asked of it: a URL the receiver refuses must never reach it.
 */
let service: TestService;
let s: ReceiverSetup;
const requested: string[] = [];
const certServer = createServer((request, response) => {
  requested.push(request.url!);
  if (request.url!.includes('good')) response.end(fixtureText('sns/cert.pem'));
  else if (request.url!.includes('garbage'))
    response.end('-----BEGIN CERTIFICATE-----\nnot a certificate\n-----END CERTIFICATE-----\n');
  else response.writeHead(404).end('Not Found');
});

beforeAll(async () => {
  delete process.env.SNS_CERT_DIR;
  await new Promise<void>((resolve) => certServer.listen(0, '127.0.0.1', resolve));
  setCertificateOriginForTests(`http://127.0.0.1:${(certServer.address() as AddressInfo).port}`);
  service = await startService();
  s = await receiverSetup(service);
});
afterAll(async () => {
  setCertificateOriginForTests(undefined);
  await service.close();
  await new Promise((resolve) => certServer.close(resolve));
});

/** The signed fixture with another SigningCertURL (not a signed field: the signature stays valid). */
const notificationWith = (SigningCertURL: string) =>
  JSON.stringify({ ...JSON.parse(fixtureText('sns/notification-delivery.v1.json')), SigningCertURL });
const post = (certUrl: string) =>
  postToReceiver(service, 'ses', s.providerIds.ses, notificationWith(certUrl), {
    'Content-Type': 'text/plain; charset=UTF-8',
  });
const unique = () => crypto.randomUUID().replaceAll('-', '');

describe('SigningCertURL', () => {
  it.each([
    ['a host that is no AWS region', 'https://sns.evil.amazonaws.com/SimpleNotificationService-good.pem'],
    [
      'an SNS host as a prefix of another domain',
      'https://sns.us-east-1.amazonaws.com.attacker.example/SimpleNotificationService-good.pem',
    ],
    ['SNS without a region', 'https://sns.amazonaws.com/SimpleNotificationService-good.pem'],
    [
      'the China suffix on another partition',
      'https://sns.us-east-1.amazonaws.com.cn/SimpleNotificationService-good.pem',
    ],
    ['plain http', 'http://sns.us-east-1.amazonaws.com/SimpleNotificationService-good.pem'],
    ['a port', 'https://sns.us-east-1.amazonaws.com:8443/SimpleNotificationService-good.pem'],
    ['user info', 'https://user@sns.us-east-1.amazonaws.com/SimpleNotificationService-good.pem'],
    ['a query', 'https://sns.us-east-1.amazonaws.com/SimpleNotificationService-good.pem?x=1'],
    ['a fragment', 'https://sns.us-east-1.amazonaws.com/SimpleNotificationService-good.pem#x'],
    ['a path of several segments', 'https://sns.us-east-1.amazonaws.com/certs/SimpleNotificationService-good.pem'],
    ['a path not ending .pem', 'https://sns.us-east-1.amazonaws.com/SimpleNotificationService-good.txt'],
  ])('on %s: 401, and nothing is downloaded', async (_name, url) => {
    const before = requested.length;
    const answer = await post(url);
    expect([answer.status, answer.body.error?.code]).toEqual([401, 'UNAUTHORIZED']);
    expect(requested.slice(before)).toEqual([]);
  });

  it.each([
    ['that does not exist (404)', () => `https://sns.eu-west-1.amazonaws.com/missing-${unique()}.pem`],
    ['that is not a certificate', () => `https://sns.eu-west-1.amazonaws.com/garbage-${unique()}.pem`],
  ])('a certificate %s: 401 (not 500), and it is asked for again next time', async (_name, url) => {
    const certUrl = url();
    const before = requested.length;
    for (let i = 0; i < 2; i++) {
      const answer = await post(certUrl);
      expect([answer.status, answer.body.error?.code]).toEqual([401, 'UNAUTHORIZED']);
    }
    expect(requested.slice(before)).toEqual([new URL(certUrl).pathname, new URL(certUrl).pathname]);
  });

  it('a certificate host that cannot be reached: 401 (not 500)', async () => {
    setCertificateOriginForTests(`http://127.0.0.1:${await freePort()}`);
    try {
      const answer = await post(
        `https://sns.ap-southeast-2.amazonaws.com/SimpleNotificationService-good-${unique()}.pem`,
      );
      expect([answer.status, answer.body.error?.code]).toEqual([401, 'UNAUTHORIZED']);
    } finally {
      setCertificateOriginForTests(`http://127.0.0.1:${(certServer.address() as AddressInfo).port}`);
    }
  });

  it.each([
    ['a commercial region', 'us-west-2.amazonaws.com'],
    ['GovCloud', 'us-gov-west-1.amazonaws.com'],
    ['China', 'cn-north-1.amazonaws.com.cn'],
  ])('a genuine certificate in %s is downloaded once and then served from memory', async (_name, host) => {
    const path = `/SimpleNotificationService-good-${unique()}.pem`;
    const before = requested.length;
    expect((await post(`https://sns.${host}${path}`)).status).toBe(200);
    expect((await post(`https://sns.${host}${path}`)).status).toBe(200);
    expect(requested.slice(before)).toEqual([path]);
  });

  it("past the receiver's limit, a call is refused before anything is downloaded", async () => {
    process.env.RECEIVER_RATE_LIMIT_PER_MINUTE = '2';
    try {
      const own = await receiverSetup(service);
      const certUrl = `https://sns.eu-west-1.amazonaws.com/missing-${unique()}.pem`;
      const before = requested.length;
      const answers = [];
      for (let i = 0; i < 4; i++)
        answers.push(
          (
            await postToReceiver(service, 'ses', own.providerIds.ses, notificationWith(certUrl), {
              'Content-Type': 'text/plain',
            })
          ).status,
        );
      expect(answers).toEqual([401, 401, 429, 429]);
      expect(requested.length - before).toBe(2);
    } finally {
      delete process.env.RECEIVER_RATE_LIMIT_PER_MINUTE;
    }
  });
});
