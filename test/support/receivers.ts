import { setClockForTests } from '../../functions/adapters/test-seams';
import { CONFIGURED_TOPIC, fixtureBytes, fixtureText, manifest, type ManifestEntry } from './fixtures';
import { client, newAccount, type Client, type TestService } from './service';

export type ReceiverSource = 'ses' | 'sendgrid' | 'mailgun';

export interface ReceiverSetup {
  api: Client;
  accountId: string;
  providerIds: Record<ReceiverSource, string>;
  listId: string;
}

/** The fixtures are fresh at the reference time (Mailgun refuses anything older than 5 minutes). */
export const pinClock = () => setClockForTests(() => new Date((manifest.ref_time + 30) * 1000));

/** An account with one provider per receiver, configured with the fixtures' verification material. */
export const receiverSetup = async (service: TestService): Promise<ReceiverSetup> => {
  const { accountId, apiKey } = await newAccount('Receivers');
  const api = client(service, apiKey);
  const ses = await api.post('/api/v1/providers', {
    type: 'ses',
    name: 'SES',
    from_email: 'a@example.com',
    events: { source: 'ses', sns_topic_arn: CONFIGURED_TOPIC },
  });
  const sendgrid = await api.post('/api/v1/providers', {
    type: 'smtp',
    name: 'SendGrid',
    from_email: 'a@example.com',
    host: 'smtp.sendgrid.net',
    port: 587,
    events: { source: 'sendgrid', signing_key: fixtureText('sendgrid/public-key.txt').trim() },
  });
  const mailgun = await api.post('/api/v1/providers', {
    type: 'smtp',
    name: 'Mailgun',
    from_email: 'a@example.com',
    host: 'smtp.mailgun.org',
    port: 587,
    events: { source: 'mailgun', signing_key: fixtureText('mailgun/signing-key.txt').trim() },
  });
  const listId = (await api.post('/api/v1/lists', { name: 'Everyone' })).body.data.id;
  return {
    api,
    accountId,
    listId,
    providerIds: { ses: ses.body.data.id, sendgrid: sendgrid.body.data.id, mailgun: mailgun.body.data.id },
  };
};

/** Posts a body to a receiver as the provider would, with the given headers. */
export const postToReceiver = async (
  service: TestService,
  source: ReceiverSource,
  providerId: string,
  body: Buffer | string,
  headers: Record<string, string>,
) => {
  const response = await fetch(`${service.baseUrl}/api/v1/webhooks/${source}?provider_id=${providerId}`, {
    method: 'POST',
    headers,
    body,
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as any };
};

/** The headers a fixture was captured with, less those fetch sets itself. */
export const fixtureHeaders = (entry: ManifestEntry) => {
  const headers = JSON.parse(fixtureText(entry.headers!)) as Record<string, string>;
  delete headers['Content-Length'];
  delete headers.Host;
  return headers;
};

/** Posts a fixture (or another file with the fixture's headers) to the receiver of its provider. */
export const postFixture = (service: TestService, s: ReceiverSetup, entry: ManifestEntry, file = entry.file) =>
  postToReceiver(service, entry.provider, s.providerIds[entry.provider], fixtureBytes(file), fixtureHeaders(entry));

export const bouncesOf = async (s: ReceiverSetup) => (await s.api.get('/api/v1/bounces?limit=100')).body.data;

const receiverFixtures = manifest.fixtures.filter((f) =>
  ['sns-http', 'sendgrid-http', 'mailgun-http'].includes(f.kind),
);
export const receiverFixture = (file: string, status = 200) =>
  receiverFixtures.find((f) => f.file === file && f.expect.http_status === status)!;
