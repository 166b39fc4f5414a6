/**
 * Section 5c: what the request log costs per mail sent through the API (docs/decisions/0110-request-log.md),
 * against the goal of at most 1% of SES's price. The receipt of section 5b is sent through POST /mail/send
 * on the local server; the entry the request wrote is read back as stored, written again alone with the
 * capacity counters on (its write units, measured), and its item's size prices its storage for 30 days.
 */
import { awsCalls, capacity, resetAwsCalls } from '../functions/adapters/instrument';
import { itemBytes } from '../functions/adapters/dynamo/kept-bodies';
import { dynamoRequestLog, requestLogItem } from '../functions/adapters/dynamo/request-log-store';
import { contactId } from '../functions/domain/contacts/contact-id';
import { LOG_RETENTION_DAYS } from '../functions/domain/request-log/entry';
import { PRICES } from './cost';
import { RECEIPT, STORAGE, storagePerMillion } from './kept-body';
import type { LocalStack } from './local-stack';

export interface RequestLogCost {
  days: number;
  requestBytes: number;
  compressedBytes: number;
  itemBytes: number;
  /** Measured: the send's write units and AWS calls, the log's entry included; the entry's own write units. */
  sendWriteUnits: number;
  sendCalls: number;
  entryWriteUnits: number;
  writePerMillion: number;
  storagePerMillion: number;
  shareOfSes: number;
}

export const measureRequestLog = async (stack: LocalStack): Promise<RequestLogCost> => {
  process.env.MEASURE_CAPACITY = '1';
  const call = (path: string, body?: unknown) =>
    fetch(`${stack.baseUrl}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        Authorization: `Bearer ${stack.apiKey}`,
        'Content-Type': 'application/json',
        'User-Agent': 'resend-node:6.38.0',
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  try {
    const request = { to: 'receipt@example.com', ...RECEIPT };
    await call('/api/v1/mail/send', request); // warm: the key read and the first connection
    resetAwsCalls();
    const sent = await call('/api/v1/mail/send', request);
    if (!sent.ok) throw new Error(`POST /mail/send answered ${sent.status}`);
    const send = { writeUnits: capacity.write, calls: Object.values(awsCalls).reduce((a, b) => a + b, 0) };
    const listed = (await (await call('/api/v1/logs?limit=1')).json()) as { data: { logs: { id: string }[] } };
    // As stored: a single send's subject, html and text refer to its message's kept body (decision 0110).
    const entry = (await dynamoRequestLog().get(stack.accountId, listed.data.logs[0].id))!;
    resetAwsCalls();
    await dynamoRequestLog().append({ ...entry, id: contactId(new Date(), crypto.randomUUID()) });
    const entryWriteUnits = capacity.write;
    const item = requestLogItem(entry);
    const bytes = itemBytes(item);
    const writePerMillion = entryWriteUnits * PRICES.dynamoWritePerMillionUnits;
    const storage = storagePerMillion(bytes, LOG_RETENTION_DAYS);
    return {
      days: LOG_RETENTION_DAYS,
      requestBytes: Buffer.byteLength(JSON.stringify(request)),
      compressedBytes: (item.bodies as Buffer).length,
      itemBytes: bytes,
      sendWriteUnits: send.writeUnits,
      sendCalls: send.calls,
      entryWriteUnits,
      writePerMillion,
      storagePerMillion: storage,
      shareOfSes: (writePerMillion + storage) / (PRICES.sesPerThousandMails * 1000),
    };
  } finally {
    process.env.MEASURE_CAPACITY = '0';
  }
};

const f = (n: number, digits: number) => n.toFixed(digits);

export const requestLogSection = (c: RequestLogCost) => [
  '### The request log',
  '',
  `The receipt of 5b sent through POST /mail/send (a request of ${c.requestBytes.toLocaleString('en')} bytes of ` +
    `JSON) costs ${c.sendWriteUnits} WRU in ${c.sendCalls} AWS calls, its log entry included. The entry is one ` +
    'item whose subject, html and text refer to the body the message keeps (5b); both bodies brotli-compressed ' +
    `together to ${c.compressedBytes} bytes, the item ${c.itemBytes} bytes, ` +
    `written alone ${c.entryWriteUnits} WRU (measured), kept ${c.days} days.`,
  '',
  '| Item | $ per million mails |',
  '|---|---|',
  `| DynamoDB, ${c.entryWriteUnits} WRU (measured) | ${f(c.writePerMillion, 3)} |`,
  `| Storage + point-in-time recovery, ${c.itemBytes} + 100 bytes for ${c.days} days ` +
    `($${STORAGE.perGbMonth} + $${STORAGE.pitrPerGbMonth}/GB-month) | ${f(c.storagePerMillion, 3)} |`,
  `| **Logging the request** | **${f(c.writePerMillion + c.storagePerMillion, 3)}** |`,
  '',
  `That is ${f(c.shareOfSes * 100, 2)}% of the SES price per mail sent one request a mail; goal at most 1%: ` +
    `${c.shareOfSes <= 0.01 ? 'met' : `missed (by ${f((c.shareOfSes - 0.01) * 100, 2)} pts)`}. A batch is one ` +
    'entry for up to 100 mails; a request past 1 KB compressed costs a write unit more per KB.',
  '',
];
