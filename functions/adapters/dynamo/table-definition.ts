/**
 * The single table's physical layout, shared by the CDK stack, the local runtime and the tests so
 * that the table in AWS and the one in DynamoDB Local cannot drift apart.
 */
export interface TableIndex {
  name: string;
  partitionKey: string;
  sortKey: string;
  projection: 'ALL' | 'KEYS_ONLY' | 'INCLUDE';
  /** With INCLUDE: the attributes besides the keys. */
  include?: readonly string[];
}

export const TABLE = {
  partitionKey: 'pk',
  sortKey: 'sk',
  ttlAttribute: 'ttl',
  /**
   * gsi1: lookups by a foreign id (a provider by its id) and the first
   * list view of each kind; gsi2-gsi4: the further subscriber views (by list, by status, by both);
   * gsi5: queued mail not yet settled, by when it was due (the reconciler); gsi6: a message by the id
   * its provider gave it (provider events that do not carry our own id), and a tenant key's requests (the
   * request log, decision 0131). gsi5 and gsi6 hold keys only,
   * so the updates a message goes through (claimed, sent, delivered, bounced) cost them no index write.
   * gsi7: an account's messages newest first (the message log, GET /mail); it projects only what the
   * log filters on, so a page's filtering reads small index entries and only the page's records are
   * read in full (docs/decisions/0022-message-log-index.md).
   */
  indexes: [
    { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk', projection: 'ALL' },
    { name: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk', projection: 'ALL' },
    { name: 'gsi3', partitionKey: 'gsi3pk', sortKey: 'gsi3sk', projection: 'ALL' },
    { name: 'gsi4', partitionKey: 'gsi4pk', sortKey: 'gsi4sk', projection: 'ALL' },
    { name: 'gsi5', partitionKey: 'gsi5pk', sortKey: 'gsi5sk', projection: 'KEYS_ONLY' },
    { name: 'gsi6', partitionKey: 'gsi6pk', sortKey: 'gsi6sk', projection: 'KEYS_ONLY' },
    {
      name: 'gsi7',
      partitionKey: 'gsi7pk',
      sortKey: 'gsi7sk',
      projection: 'INCLUDE',
      include: ['status', 'log_recipient', 'tags'],
    },
  ],
} as const satisfies { indexes: readonly TableIndex[] } & Record<string, unknown>;
