/**
 * Section 5b: what keeping a message's body costs per mail (docs/decisions/0099-message-bodies-kept.md),
 * against the goal of at most 1% of SES's price. The write units are measured: the same send with the
 * body kept and with MESSAGE_RETENTION_DAYS=0, through the local server (the counters see its calls).
 * The storage is priced from the body item's size for the retention period.
 */
import { awsCalls, capacity, resetAwsCalls } from '../functions/adapters/instrument';
import { itemBytes, keptBodyItem } from '../functions/adapters/dynamo/kept-bodies';
import { DEFAULT_MESSAGE_RETENTION_DAYS, encodeBody, keptBodyOf } from '../functions/domain/mail/kept-body';
import { mailTimestamp } from '../functions/domain/time';
import { PRICES } from './cost';
import type { LocalStack } from './local-stack';

/** A typical transactional mail: an order receipt of six lines, in html and text (about 2.4 KB). */
const rows = Array.from(
  { length: 6 },
  (_, i) =>
    `<tr><td style="padding:8px;border-bottom:1px solid #eee">Item ${i}: widget model ${i * 37}</td>` +
    `<td style="padding:8px;text-align:right">$${i * 3 + 9}.00</td></tr>`,
).join('');
export const RECEIPT = {
  subject: 'Your receipt for order #48213',
  html:
    '<!doctype html><html><head><meta charset="utf-8"><title>Your receipt</title></head>' +
    '<body style="font-family:Arial,sans-serif;background:#f6f6f6;margin:0;padding:0">' +
    '<table width="100%" cellpadding="0" cellspacing="0"><tr><td align="center">' +
    '<table width="600" style="background:#fff;margin:24px 0"><tr><td style="padding:24px">' +
    '<h1 style="font-size:20px;color:#333">Thanks for your order, Ada</h1>' +
    '<p style="color:#555;line-height:1.5">Order #48213 was paid on 26 November 2026. We will email you again ' +
    `when it ships.</p><table width="100%">${rows}</table><p style="color:#555">Total: $153.00</p>` +
    '<p><a href="https://shop.example.com/orders/48213" style="background:#1a73e8;color:#fff;padding:10px 16px;' +
    'text-decoration:none;border-radius:4px">View your order</a></p>' +
    '<p style="color:#999;font-size:12px">Example Shop, 1 Main Street, Springfield. You get this mail because ' +
    'you ordered at shop.example.com.</p></td></tr></table></td></tr></table></body></html>',
  text:
    'Thanks for your order, Ada\n\nOrder #48213 was paid on 26 November 2026. We will email you again when it ' +
    `ships.\n\n${Array.from({ length: 6 }, (_, i) => `Item ${i}: widget model ${i * 37}  $${i * 3 + 9}.00`).join(
      '\n',
    )}` +
    '\nTotal: $153.00\n\nView your order: https://shop.example.com/orders/48213\n\nExample Shop, 1 Main Street, ' +
    'Springfield.',
};

/** DynamoDB Standard storage, and point-in-time recovery (on in AWS), per GB-month; 100 bytes of overhead an item. */
export const STORAGE = { perGbMonth: 0.25, pitrPerGbMonth: 0.2, itemOverheadBytes: 100 };

export interface KeptBodyCost {
  days: number;
  mailBytes: number;
  compressedBytes: number;
  itemBytes: number;
  /** Measured: write units of the send with its body kept, and with none kept. */
  writeUnitsKept: number;
  writeUnitsNone: number;
  callsKept: number;
  callsNone: number;
  writePerMillion: number;
  storagePerMillion: number;
  shareOfSes: number;
}

/** $ per million mails of keeping items of `bytes` for `days` (storage and its point-in-time recovery). */
export const storagePerMillion = (bytes: number, days: number) =>
  (((bytes + STORAGE.itemOverheadBytes) * 1_000_000) / 1e9) *
  (STORAGE.perGbMonth + STORAGE.pitrPerGbMonth) *
  (days / (365.25 / 12));

export const measureKeptBody = async (stack: LocalStack): Promise<KeptBodyCost> => {
  process.env.MEASURE_CAPACITY = '1';
  const send = async (retentionDays: number) => {
    process.env.MESSAGE_RETENTION_DAYS = String(retentionDays);
    resetAwsCalls();
    const response = await fetch(`${stack.baseUrl}/api/v1/mail/send`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${stack.apiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ to: 'receipt@example.com', ...RECEIPT }),
    });
    if (!response.ok) throw new Error(`POST /mail/send answered ${response.status}`);
    return { writeUnits: capacity.write, calls: Object.values(awsCalls).reduce((a, b) => a + b, 0) };
  };
  try {
    await send(0); // warm: the key read and the first connection
    const none = await send(0);
    const kept = await send(DEFAULT_MESSAGE_RETENTION_DAYS);
    const days = DEFAULT_MESSAGE_RETENTION_DAYS;
    const body = keptBodyOf(RECEIPT);
    const message = {
      message_id: `<${crypto.randomUUID()}@example.com>`,
      account_id: stack.accountId,
      created_at: mailTimestamp(new Date()),
    };
    const item = keptBodyItem(message as Parameters<typeof keptBodyItem>[0], body)!;
    const bytes = itemBytes(item);
    const writeUnits = kept.writeUnits - none.writeUnits;
    const writePerMillion = writeUnits * PRICES.dynamoWritePerMillionUnits;
    const storage = storagePerMillion(bytes, days);
    return {
      days,
      mailBytes: Buffer.byteLength(JSON.stringify(body)),
      compressedBytes: encodeBody(body)!.length,
      itemBytes: bytes,
      writeUnitsKept: kept.writeUnits,
      writeUnitsNone: none.writeUnits,
      callsKept: kept.calls,
      callsNone: none.calls,
      writePerMillion,
      storagePerMillion: storage,
      shareOfSes: (writePerMillion + storage) / (PRICES.sesPerThousandMails * 1000),
    };
  } finally {
    delete process.env.MESSAGE_RETENTION_DAYS;
    process.env.MEASURE_CAPACITY = '0';
  }
};

const f = (n: number, digits: number) => n.toFixed(digits);

export const keptBodySection = (k: KeptBodyCost) => [
  '### Keeping message bodies (MESSAGE_RETENTION_DAYS)',
  '',
  `A receipt of ${k.mailBytes.toLocaleString('en')} bytes (subject, html, text as JSON) is kept as one item beside ` +
    `its record: brotli makes it ${k.compressedBytes} bytes, the item ${k.itemBytes} bytes. Sent through ` +
    `POST /mail/send with its body kept ${k.days} days: ${k.writeUnitsKept} WRU in ${k.callsKept} AWS calls; with ` +
    `MESSAGE_RETENTION_DAYS=0: ${k.writeUnitsNone} WRU in ${k.callsNone}.`,
  '',
  '| Item | $ per million mails |',
  '|---|---|',
  `| DynamoDB, ${k.writeUnitsKept - k.writeUnitsNone} WRU more (measured) | ${f(k.writePerMillion, 3)} |`,
  `| Storage + point-in-time recovery, ${k.itemBytes} + 100 bytes for ${k.days} days ` +
    `($${STORAGE.perGbMonth} + $${STORAGE.pitrPerGbMonth}/GB-month) | ${f(k.storagePerMillion, 3)} |`,
  `| **Keeping the body** | **${f(k.writePerMillion + k.storagePerMillion, 3)}** |`,
  '',
  `That is ${f(k.shareOfSes * 100, 2)}% of the SES price; goal at most 1%: ` +
    `${k.shareOfSes <= 0.01 ? 'met' : `missed (by ${f((k.shareOfSes - 0.01) * 100, 2)} pts)`}. A body whose item ` +
    'passes 1 KB costs a write unit more per KB (0.625% each): the bound is met up to about 1 KB compressed ' +
    '(about 4 KB of typical HTML and text).',
  '',
];
