/**
 * AWS calls (and DynamoDB capacity units) per operation, counted by the middleware on every SDK
 * client while the operation runs through the local server, beside the fewest calls the operation
 * could make. The server runs in this process, so the counters see every call.
 */
import type { Context } from 'aws-lambda';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { awsCalls, capacity, resetAwsCalls } from '../functions/adapters/instrument';
import type { LocalStack } from './local-stack';
import { countAutomations } from './automation-calls';
import { countContacts } from './contacts';

export interface CallCount {
  operation: string;
  calls: Record<string, number>;
  total: number;
  minimum: number;
  minimumWhy: string;
  readUnits: number;
  writeUnits: number;
  /** Operations counted per item (drainer) are divided by the item count. */
  perItems?: number;
}

const count = async (
  operation: string,
  minimum: number,
  minimumWhy: string,
  run: () => Promise<unknown>,
  perItems?: number,
): Promise<CallCount> => {
  resetAwsCalls();
  await run();
  const calls = { ...awsCalls };
  const total = Object.values(calls).reduce((a, b) => a + b, 0);
  return {
    operation,
    calls,
    total,
    minimum,
    minimumWhy,
    readUnits: capacity.read,
    writeUnits: capacity.write,
    perItems,
  };
};

/** A call of the API with the stack's key: its `data`, or an error naming the answer's status. */
const apiCaller = (stack: LocalStack) => async (method: string, path: string, body?: unknown) => {
  const response = await fetch(`${stack.baseUrl}${path}`, {
    method,
    headers: { Authorization: `Bearer ${stack.apiKey}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await response.json()) as { data?: any };
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}`);
  return json.data;
};

/** Section 2's contact rows alone (`npm run bench -- --only contacts`). */
export const countContactCalls = async (stack: LocalStack): Promise<CallCount[]> => {
  process.env.MEASURE_CAPACITY = '1';
  const call = apiCaller(stack);
  // Warm up: the first request of a process also reads the key (later ones use the 30 s auth cache).
  await call('GET', '/api/v1/contacts?limit=1');
  const rows = await countContacts(call, count);
  process.env.MEASURE_CAPACITY = '0';
  return rows;
};

export const countAwsCalls = async (stack: LocalStack): Promise<CallCount[]> => {
  process.env.MEASURE_CAPACITY = '1';
  const call = apiCaller(stack);
  // Warm up: the first request of a process also reads the key (later ones use the 30 s auth cache).
  const warm = await call('POST', '/api/v1/mail/send', { to: 'warm@example.com', subject: 'warm', text: 'x' });

  const results: CallCount[] = [];
  results.push(
    await count(
      'POST /mail/send (warm)',
      8,
      "rate-limit counter, providers (the reputation brake in the same Query), the claims on the sender's domain " +
        'names (one BatchGet), suppression check, SES send, message record, its kept body (just before it), ' +
        "the day's reputation counter (1 write unit)",
      () => call('POST', '/api/v1/mail/send', { to: 'one@example.com', subject: 'one', html: '<p>x</p>' }),
    ),
  );
  // Issue 42: a tenant's send reads its tenant once (one GetItem, by id or name: its brake rides it) and counts on
  // the tenant's day too; the account's brake and the suppressions are the same calls as untenanted. The tenant's
  // day is an item of its own, so its count is a second UpdateItem (decision 0123: one item for both would carry
  // every tenant's figures on the account's day).
  const tenant = await call('POST', '/api/v1/tenants', { name: `bench-${Date.now()}` });
  await call('POST', '/api/v1/mail/send', { to: 'warm@example.com', subject: 'warm', text: 'x', tenant: tenant.name });
  results.push(
    await count(
      'POST /mail/send with a tenant (warm)',
      10,
      'as POST /mail/send, and the tenant (1 GetItem, its brake in it) and its day counter (1 write unit)',
      () =>
        call('POST', '/api/v1/mail/send', {
          to: 'one@example.com',
          subject: 'one',
          html: '<p>x</p>',
          tenant: tenant.name,
        }),
    ),
  );
  results.push(
    await count('GET /mail/status (warm)', 2, 'rate-limit counter, message query', () =>
      call('GET', `/api/v1/mail/status/${encodeURIComponent(warm.message_id)}`),
    ),
  );
  // The Resend-compatible routes (functions/routes/resend.ts): the same use cases under Resend's shapes, so
  // the same calls as the native rows above.
  const resendCall = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${stack.baseUrl}/resend${path}`, {
      method,
      headers: { Authorization: `Bearer ${stack.apiKey}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!response.ok) throw new Error(`${method} /resend${path} answered ${response.status}`);
    return (await response.json()) as { id: string };
  };
  results.push(
    await count('POST /resend/emails (warm)', 8, 'as POST /mail/send: the same use case', () =>
      resendCall('POST', '/emails', {
        from: 'Bench <bench@example.com>',
        to: ['one@example.com'],
        subject: 'one',
        html: '<p>x</p>',
      }),
    ),
  );
  const resent = await resendCall('POST', '/emails', {
    from: 'bench@example.com',
    to: 'two@example.com',
    subject: 'two',
    text: 'x',
  });
  results.push(
    await count('GET /resend/emails/{id} (warm)', 2, 'as GET /mail/status: rate-limit counter, message query', () =>
      resendCall('GET', `/emails/${resent.id}`),
    ),
  );
  const batch = Array.from({ length: 100 }, (_, i) => ({
    to: `b${i}@example.com`,
    subject: `batch ${i}`,
    html: `<p>${i}</p>`,
  }));
  results.push(
    await count(
      'POST /mail/send-batch, 100 items (warm)',
      24,
      "rate limit, providers, 1 BatchGet of the claims on the senders' domain names, 1 suppression BatchGet, " +
        'queue-id counter, 8 BatchWriteItem (25 each: the 100 records and their 100 kept bodies), 10 ' +
        'SendMessageBatch (10 each), the drain start',
      () => call('POST', '/api/v1/mail/send-batch', { messages: batch }),
    ),
  );
  const { handler } = await import('../functions/handlers/drainer');
  const { DRAIN_BUDGET_SECONDS, DRAIN_SAFETY_MS } = await import('../functions/drain-timing');
  results.push(
    await count(
      'drainer, per mail (100 queued)',
      3.2,
      "SES send, the sent record and the day's reputation counter per mail; receive and delete per 10 (the " +
        "account's providers and brake once per run)",
      // The deployed drainer's whole time: its budget plus the margin it keeps for the last send.
      () =>
        handler({}, {
          getRemainingTimeInMillis: () => DRAIN_BUDGET_SECONDS * 1000 + DRAIN_SAFETY_MS,
        } as unknown as Context),
      100,
    ),
  );
  const otp = await count(
    'POST /otp/send (warm)',
    6,
    "rate limit, providers, the claims on the sender's domain names, suppression check, session write, SES send, " +
      "the day's reputation counter (the per-address window counter is the seventh)",
    () => call('POST', '/api/v1/otp/send', { email: 'otp@example.com' }),
  );
  results.push(otp);
  results.push(
    await count(
      'POST /otp/verify, wrong code (warm)',
      2,
      'rate limit, the atomic attempt count (which returns the session)',
      async () => {
        const session = await call('POST', '/api/v1/otp/send', { email: 'otp2@example.com' });
        resetAwsCalls();
        await fetch(`${stack.baseUrl}/api/v1/otp/verify`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${stack.apiKey}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ session_id: session.session_id, code: '00000000'.slice(0, 6) }),
        });
      },
    ),
  );
  const list = await call('POST', '/api/v1/lists', { name: 'Bench' });
  results.push(
    await count(
      'POST /subscribers (warm)',
      6,
      "rate limit, list check, the contact's claim and record (one transaction), the seq counter, the membership " +
        "(one transaction: record, address, list count, view counters), the request log; the account's automations " +
        '(does one listen to contact.created?) once a minute a process, here the first',
      () => call('POST', '/api/v1/subscribers', { email: 'sub@example.com', list_id: list.id }),
    ),
  );
  results.push(
    await count('GET /subscribers, a page of 20 (warm)', 3, 'rate limit, the view counters, one page Query', () =>
      call('GET', `/api/v1/subscribers?list_id=${list.id}&limit=20`),
    ),
  );
  results.push(
    await count(
      'POST /bounces, hard (warm)',
      5,
      'rate limit, subscribers of the address, bounce transaction, suppression, subscriber status',
      () => call('POST', '/api/v1/bounces', { email: 'sub@example.com', bounce_type: 'hard' }),
    ),
  );
  results.push(
    await count(
      'POST /webhooks/ses, SNS bounce notification',
      8,
      'provider lookup, message lookup, subscribers, bounce transaction (with dedupe and the reputation counter), ' +
        "suppression, message status; the brake's weighing: the last two days' Query and the brake's GetItem",
      async () => {
        const response = await fetch(`${stack.baseUrl}/api/v1/webhooks/ses?provider_id=${stack.receiverProviderId}`, {
          method: 'POST',
          headers: { 'Content-Type': 'text/plain; charset=UTF-8' },
          body: stack.snsBounceFixture,
        });
        if (!response.ok) throw new Error(`SNS receiver answered ${response.status}`);
      },
    ),
  );
  results.push(
    await count(
      'GET /stats?days=7 (warm)',
      3,
      "rate limit, one Query of the account's day items, the brake's GetItem",
      () => call('GET', '/api/v1/stats?days=7'),
    ),
    await count(
      'GET /stats?days=90 (warm)',
      3,
      'the same three: 90 day items (under 1 KB each) fit in one Query page',
      () => call('GET', '/api/v1/stats?days=90'),
    ),
  );
  results.push(await countSendgridRequest(stack));
  results.push(...(await countTracking(stack, call)));
  results.push(...(await countAutomations(call, count)));
  results.push(...(await countContacts(call, count)));
  process.env.MEASURE_CAPACITY = '0';
  return results;
};

/**
 * One SendGrid Event Webhook request of 100 `delivered` events, each naming a message the service
 * sent (seeded uncounted) by our id, as SendGrid copies it from the X-SMTPAPI custom argument.
 */
const countSendgridRequest = async (stack: LocalStack) => {
  const { dynamoMessageStore } = await import('../functions/adapters/dynamo/message-store');
  const { signedSendgrid } = await import('../test/support/provider-signing');
  const messages = Array.from({ length: 100 }, (_, i) => {
    const uuid = crypto.randomUUID();
    return {
      message_id: `<${uuid}@example.com>`,
      account_id: stack.accountId,
      provider_id: stack.sendgridProviderId,
      provider_message_id: `sg${uuid.slice(0, 8)}`,
      from_email: 'bench@example.com',
      from_name: null,
      to_email: `sg${i}@example.com`,
      cc: [],
      bcc: [],
      reply_to: null,
      subject: 'sg',
      tags: [],
      metadata: {},
      status: 'sent' as const,
      error_message: null,
      sent_at: '2026-11-16T09:00:00.000',
      created_at: '2026-11-16T09:00:00.000',
      uuid,
    };
  });
  await dynamoMessageStore().createMany(messages.map(({ uuid: _uuid, ...message }) => message));
  const events = messages.map((m, i) => ({
    email: m.to_email,
    event: 'delivered',
    timestamp: 1794821400,
    sg_event_id: `bench-${i}-${m.uuid}`,
    sg_message_id: `${m.provider_message_id}.recvd-1`,
    message_uuid: m.uuid,
  }));
  const { body, headers } = signedSendgrid(JSON.stringify(events), '1794821400');
  return count(
    'POST /webhooks/sendgrid, 100 delivered events',
    314,
    'provider lookup, receiver rate count, one BatchGetItem for the 100 messages; per event its status, its event ' +
      "record and the address's soft-bounce reset; once for the request the account's delivered count and the " +
      'email.delivered webhook events (10 SendMessageBatch)',
    async () => {
      const response = await fetch(
        `${stack.baseUrl}/api/v1/webhooks/sendgrid?provider_id=${stack.sendgridProviderId}`,
        { method: 'POST', headers, body },
      );
      if (!response.ok) throw new Error(`SendGrid receiver answered ${response.status}`);
    },
  );
};

/**
 * A tracking hit (the open pixel of the mail measured above) and one webhook delivery of an
 * `email.sent` event to an endpoint on this machine. The deliverer's own receive and delete are the
 * SQS trigger's in AWS, so only the handler's calls are counted.
 */
const countTracking = async (
  stack: LocalStack,
  call: (method: string, path: string, body?: unknown) => Promise<any>,
) => {
  const { emails } = (await (await fetch(`${stack.sesEndpoint}/store`)).json()) as {
    emails: { destination: { to: string[] }; body: { html?: string } }[];
  };
  const html = emails.find((mail) => mail.destination.to.includes('one@example.com'))?.body.html ?? '';
  const pixel = /<img src="([^"]+)" width="1" height="1"/.exec(html)?.[1];
  if (!pixel) throw new Error('the measured mail carries no open pixel');
  const hit = await count(
    'GET /t/o/{token}, an open (tracking hit)',
    4,
    'the open event written on the message (the signed token names it, so nothing is read), the email.opened event ' +
      "queued for webhooks; a reader's first open also writes the message's first-hit marker and counts it (a " +
      "later hit: the marker's failed condition only)",
    async () => {
      const response = await fetch(`${stack.baseUrl}${new URL(pixel).pathname}`);
      if (response.status !== 200) throw new Error(`the pixel answered ${response.status}`);
    },
  );

  const received: string[] = [];
  const endpoint = createServer((request, response) => {
    request
      .on('data', () => undefined)
      .on('end', () => {
        received.push(String(request.headers['webhook-id']));
        response.writeHead(200).end();
      });
  });
  await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = endpoint.address() as AddressInfo;
    const hook = await call('POST', '/api/v1/webhook-endpoints', {
      url: `http://127.0.0.1:${port}/hook`,
      events: ['email.sent'],
    });
    const { drainWebhooksOnce } = await import('../local/trigger-runs');
    await drainWebhooksOnce(); // the events of everything sent before, uncounted
    await call('POST', '/api/v1/mail/send', { to: 'hooked@example.com', subject: 'hooked', text: 'x' });
    const delivery = await count(
      'webhook delivery of one email.sent event',
      1,
      "the account's endpoints read (their secrets open locally with the data key; the POST is no AWS call)",
      () => drainWebhooksOnce(),
    );
    if (!received.length) throw new Error('the endpoint received no delivery');
    // Later measures must not post to this endpoint once it is closed.
    await call('DELETE', `/api/v1/webhook-endpoints/${hook.id}`);
    return [hit, delivery];
  } finally {
    await new Promise<void>((resolve) => endpoint.close(() => resolve()));
  }
};
