import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentClient, tableName } from '../../functions/adapters/dynamo/client';
import { keys } from '../../functions/adapters/dynamo/keys';
import { client, newAccount, startService, uniqueAddress, type Client, type TestService } from '../support/service';

/**
 * `npm run admin -- backfill-contacts`: subscribers written before contacts were (no contact, no contact id
 * on the record) become memberships of their contacts; run again, it changes nothing.
 */
const run = promisify(execFile);
const admin = async (...args: string[]) =>
  JSON.parse(
    (await run(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', ...args], { env: process.env })).stdout,
  );

let service: TestService;
let api: Client;
let accountId: string;
beforeAll(async () => {
  service = await startService();
  const account = await newAccount('Backfill');
  accountId = account.accountId;
  api = client(service, account.apiKey);
});
afterAll(() => service.close());

const record = async (id: string) =>
  (await documentClient().send(new GetCommand({ TableName: tableName(), Key: keys.subscriber(accountId, id) }))).Item;

/** Makes a subscriber as it was before issue 39: its contact deleted and no contact id on it. */
const asBefore = async (email: string, subscriberIds: string[]) => {
  const contact = (await api.get(`/api/v1/contacts/${email}`)).body.data;
  const key = keys.contactEmail(accountId, email);
  for (const Key of [keys.contact(accountId, contact.id), key])
    await documentClient().send(new DeleteCommand({ TableName: tableName(), Key }));
  for (const id of subscriberIds)
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.subscriber(accountId, id),
        UpdateExpression: 'REMOVE contact_id',
      }),
    );
};

describe('admin backfill-contacts', () => {
  it('makes the contact of each address that has none and names it on every membership; again, nothing', async () => {
    const lists = [
      (await api.post('/api/v1/lists', { name: 'Old A' })).body.data.id,
      (await api.post('/api/v1/lists', { name: 'Old B' })).body.data.id,
    ];
    const [old, current] = [uniqueAddress('old'), uniqueAddress('current')];
    const oldIds = [];
    for (const list_id of lists)
      oldIds.push((await api.post('/api/v1/subscribers', { email: old, list_id })).body.data.id);
    const currentId = (await api.post('/api/v1/subscribers', { email: current, list_id: lists[0] })).body.data.id;
    await asBefore(old, oldIds);
    expect((await api.get(`/api/v1/contacts/${old}`)).status).toBe(404);

    expect(await admin('backfill-contacts', '--account', accountId)).toEqual({ subscribers: 3, named: 2 });
    const contact = (await api.get(`/api/v1/contacts/${old}`)).body.data;
    expect(contact).toMatchObject({ email: old });
    for (const id of oldIds) expect((await record(id))?.contact_id).toBe(contact.id);
    expect((await record(currentId))?.contact_id).toBe((await api.get(`/api/v1/contacts/${current}`)).body.data.id);
    expect(await admin('backfill-contacts', '--account', accountId)).toEqual({ subscribers: 3, named: 0 });
  }, 180_000);
});
