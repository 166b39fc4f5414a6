import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, newAccount, startService, type Client, type TestService } from '../support/service';

/**
 * A webhook URL is stored as the parsed URL, normalised, never as the raw input; what cannot be one
 * URL without guessing (whitespace or control characters inside it) is refused (issue 23, class 9).
 */
let service: TestService;
let api: Client;

beforeAll(async () => {
  service = await startService();
  api = client(service, (await newAccount('URL forms')).apiKey);
});
afterAll(() => service.close());

const create = (url: string) => api.post('/api/v1/webhook-endpoints', { url, events: ['email.sent'] });

describe('webhook URL forms', () => {
  it.each([
    'https://hooks.example.com/a b',
    'https://hooks.example.com/a\r\nX-Injected: 1',
    'https://hooks.example.com/\nx',
    'https://hooks.\texample.com/x',
    'https://hooks.example.com/x\u0000',
    'https://hooks.example.com/x\u007f',
    'https://hooks.example.com\\@evil.example/x',
    'https: //hooks.example.com/x',
    '',
    '   ',
  ])('%j: 400 VALIDATION_ERROR on url, nothing stored', async (url) => {
    const answer = await create(url);
    expect([answer.status, answer.body.error?.code]).toEqual([400, 'VALIDATION_ERROR']);
    expect(answer.body.error.details?.[0]?.field).toBe('url');
    expect((await api.get('/api/v1/webhook-endpoints')).body.data.webhook_endpoints).toEqual([]);
  });

  it.each([
    ['  https://hooks.example.com/x  ', 'https://hooks.example.com/x'],
    ['\r\nhttps://hooks.example.com/x\r\n', 'https://hooks.example.com/x'],
    ['HTTPS://Hooks.Example.COM:443/a/../b?q=1#frag', 'https://hooks.example.com/b?q=1#frag'],
    ['https://hooks.example.com', 'https://hooks.example.com/'],
    ['https://bücher.example/ß?x=é', 'https://xn--bcher-kva.example/%C3%9F?x=%C3%A9'],
  ])('%j is stored and echoed as %j', async (input, stored) => {
    const answer = await create(input);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.data.url).toBe(stored);
    const listed = (await api.get('/api/v1/webhook-endpoints')).body.data.webhook_endpoints as {
      id: string;
      url: string;
    }[];
    expect(listed.find((endpoint) => endpoint.id === answer.body.data.id)?.url).toBe(stored);
    await api.delete(`/api/v1/webhook-endpoints/${answer.body.data.id}`);
  });
});
