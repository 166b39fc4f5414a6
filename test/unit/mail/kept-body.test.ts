import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  decodeBody,
  encodeBody,
  keptBodyExpiry,
  keptBodyOf,
  MAX_KEPT_BODY_BYTES,
  stillKept,
} from '../../../functions/domain/mail/kept-body';

const DAY = 86_400;

describe('kept bodies', () => {
  it('keeps subject, html and text as given, null for a part the mail has none of', () => {
    expect(keptBodyOf({ subject: 'Hi', html: '<p>x</p>' })).toEqual({ subject: 'Hi', html: '<p>x</p>', text: null });
  });

  it('round-trips a body through its compressed form, smaller than the JSON', () => {
    const body = keptBodyOf({
      subject: 'Receipt',
      html: `<table>${'<tr><td style="padding:8px">Widget</td><td>$9.00</td></tr>'.repeat(20)}</table>`,
      text: 'Widget $9.00\n'.repeat(20),
    });
    const content = encodeBody(body)!;
    expect(content.length).toBeLessThan(JSON.stringify(body).length / 4);
    expect(decodeBody(content)).toEqual(body);
    // Characters past the BMP survive.
    const emoji = keptBodyOf({ subject: '🎉', text: 'Ünïcode 🎉' });
    expect(decodeBody(encodeBody(emoji)!)).toEqual(emoji);
  });

  it('keeps no body that compressed passes MAX_KEPT_BODY_BYTES (the cost cap)', () => {
    const noise = randomBytes(MAX_KEPT_BODY_BYTES).toString('base64');
    expect(encodeBody(keptBodyOf({ subject: 's', text: noise }))).toBeUndefined();
  });

  it('expires MESSAGE_RETENTION_DAYS after the mail leaves: its creation, or its scheduled time; 0 keeps none', () => {
    const created = Date.parse('2026-11-20T10:00:00.000Z') / 1000;
    expect(keptBodyExpiry(30, '2026-11-20T10:00:00.000')).toBe(created + 30 * DAY);
    expect(keptBodyExpiry(30, '2026-11-20T10:00:00.000', '2026-11-25T10:00:00.000')).toBe(created + 35 * DAY);
    expect(keptBodyExpiry(0, '2026-11-20T10:00:00.000')).toBeUndefined();
    expect(keptBodyExpiry(-1, '2026-11-20T10:00:00.000')).toBeUndefined();
  });

  it('answers a body until its expiry, not after (the TTL deletes it later)', () => {
    const at = new Date('2026-11-20T10:00:00.000Z');
    const expiry = at.getTime() / 1000;
    expect(stillKept(expiry, new Date(at.getTime() - 1000))).toBe(true);
    expect(stillKept(expiry, at)).toBe(false);
    expect(stillKept(undefined, at)).toBe(true);
  });
});
