import { describe, expect, it } from 'vitest';
import { attribute, expressions, ifAbsent, plus, sortKey, when } from '../functions/adapters/dynamo/entity/expression';

/**
 * The expression builder the stores derive their requests from (functions/adapters/dynamo/entity/).
 * Pure: no emulator is asked anything here; the stores' requests run against DynamoDB Local in test/api.
 */
describe('expressions', () => {
  it('places every attribute but the key attributes as a name, and every value as a value', () => {
    expect(
      expressions({
        update: { set: { status: 'sending', attempts: plus(1, 0), claimed_at: 'now' } },
        condition: when.and(when.exists(), when.in('status', ['queued'])),
      }),
    ).toEqual({
      UpdateExpression: 'SET #status = :v0, #attempts = if_not_exists(#attempts, :v1) + :v2, #claimed_at = :v3',
      ConditionExpression: 'attribute_exists(pk) AND #status IN (:v4)',
      ExpressionAttributeNames: { '#status': 'status', '#attempts': 'attempts', '#claimed_at': 'claimed_at' },
      ExpressionAttributeValues: { ':v0': 'sending', ':v1': 0, ':v2': 1, ':v3': 'now', ':v4': 'queued' },
    });
  });

  it('leaves undefined attributes out of SET, and writes ADD and REMOVE clauses', () => {
    expect(
      expressions({ update: { set: { a: undefined, gsi5pk: 'P' }, add: { n: 2 }, remove: ['gsi5sk', 'mail'] } }),
    ).toEqual({
      UpdateExpression: 'SET gsi5pk = :v0 ADD #n :v1 REMOVE gsi5sk, #mail',
      ExpressionAttributeNames: { '#n': 'n', '#mail': 'mail' },
      ExpressionAttributeValues: { ':v0': 'P', ':v1': 2 },
    });
  });

  it('writes the partition key by name, so that its value can be read from the key condition', () => {
    const query = expressions({ key: { partition: ['gsi5pk', 'PENDING#1'], sort: ['gsi5sk', sortKey.lt('2026')] } });
    expect(query).toEqual({
      KeyConditionExpression: 'gsi5pk = :v0 AND gsi5sk < :v1',
      ExpressionAttributeValues: { ':v0': 'PENDING#1', ':v1': '2026' },
    });
    // The way test/support/table-requests.ts finds a Query's partition.
    const placeholder = /(?:^|\s|\()(?:pk|gsi\dpk)\s*=\s*(:\w+)/.exec(query.KeyConditionExpression ?? '')?.[1];
    expect(query.ExpressionAttributeValues?.[placeholder ?? '']).toBe('PENDING#1');
  });

  it('writes begins_with and BETWEEN on the sort key, a filter and a projection', () => {
    expect(
      expressions({
        key: { partition: ['pk', 'ACCOUNT#1'], sort: ['sk', sortKey.beginsWith('LIST#')] },
        filter: when.or(when.eq('reason', 'a'), when.contains('tags', 't')),
        projection: ['campaign_id', 'pk'],
      }),
    ).toEqual({
      KeyConditionExpression: 'pk = :v0 AND begins_with(sk, :v1)',
      FilterExpression: '(#reason = :v2 OR contains(#tags, :v3))',
      ProjectionExpression: '#campaign_id, pk',
      ExpressionAttributeNames: { '#reason': 'reason', '#campaign_id': 'campaign_id', '#tags': 'tags' },
      ExpressionAttributeValues: { ':v0': 'ACCOUNT#1', ':v1': 'LIST#', ':v2': 'a', ':v3': 't' },
    });
    expect(expressions({ key: { partition: ['pk', 'S'], sort: ['sk', sortKey.between('a', 'b')] } })).toMatchObject({
      KeyConditionExpression: 'pk = :v0 AND sk BETWEEN :v1 AND :v2',
    });
  });

  it('compares an attribute with another, names map members and the NULL type', () => {
    expect(
      expressions({
        update: { set: { 'events.subscription_state': 'on', ttl: ifAbsent(9) } },
        condition: when.and(
          when.lt('attempts', attribute('max_attempts')),
          when.exists('events.source'),
          when.not(when.isNull('revoked_at')),
        ),
      }),
    ).toEqual({
      UpdateExpression: 'SET #events.#subscription_state = :v0, #ttl = if_not_exists(#ttl, :v1)',
      ConditionExpression:
        '#attempts < #max_attempts AND attribute_exists(#events.#source) AND NOT (attribute_type(#revoked_at, :v2))',
      ExpressionAttributeNames: {
        '#events': 'events',
        '#subscription_state': 'subscription_state',
        '#ttl': 'ttl',
        '#attempts': 'attempts',
        '#max_attempts': 'max_attempts',
        '#source': 'source',
        '#revoked_at': 'revoked_at',
      },
      ExpressionAttributeValues: { ':v0': 'on', ':v1': 9, ':v2': 'NULL' },
    });
  });

  it('groups an AND inside an OR', () => {
    const claim = when.or(when.absent(), when.and(when.eq('state', 'in_flight'), when.lt('expiry', 1)));
    expect(expressions({ condition: claim }).ConditionExpression).toBe(
      '(attribute_not_exists(pk) OR (#state = :v0 AND #expiry < :v1))',
    );
  });

  it('gives two attributes whose names differ only in punctuation two names', () => {
    expect(expressions({ projection: ['a-b', 'a_b'] })).toEqual({
      ProjectionExpression: '#a_b, #a_b_1',
      ExpressionAttributeNames: { '#a_b': 'a-b', '#a_b_1': 'a_b' },
    });
  });

  it('answers no empty names or values map (DynamoDB refuses one), and refuses an empty IN or update', () => {
    expect(expressions({ condition: when.absent() })).toEqual({ ConditionExpression: 'attribute_not_exists(pk)' });
    expect(() => expressions({ condition: when.in('status', []) })).toThrow(/no values/);
    expect(() => expressions({ update: { set: { a: undefined } } })).toThrow(/changes nothing/);
  });
});
