import { fauxqsModule } from './fauxqs-module';

/**
 * fauxqs 2.4.1 with on-disk persistence loses a message when its visibility is set to 0 (the drainer
 * hands back what its budget did not reach; `dlq list` releases what it showed): the persistence
 * layer writes `approximate_receive_count = NULL` into a NOT NULL column, the call throws after the
 * in-memory queue already dropped the message from flight, and the message is gone (issue 9).
 * Real SQS accepts visibility 0, so the service keeps using it and the emulator is mended here,
 * locally only: "ready again" clears the in-flight fields and keeps the receive count.
 *
 * The module is loaded by file path (local/fauxqs-module.ts). A fauxqs release that moves or renames
 * it fails the start loudly instead of silently losing mail again.
 */
interface PersistenceManager {
  db: { prepare(sql: string): { run(...values: unknown[]): unknown } };
  updateMessageReady(messageId: string): void;
}

export const mendFauxqsPersistence = async () => {
  const { module, path: modulePath } = await fauxqsModule<{ PersistenceManager: { prototype: PersistenceManager } }>(
    'persistence.js',
  );
  const { PersistenceManager } = module;
  if (typeof PersistenceManager?.prototype.updateMessageReady !== 'function') {
    throw new Error(
      `fauxqs changed: ${modulePath} has no PersistenceManager.updateMessageReady to mend; ` +
        'check the visibility-0 fault again',
    );
  }
  const statements = new WeakMap<PersistenceManager, { run(...values: unknown[]): unknown }>();
  PersistenceManager.prototype.updateMessageReady = function (this: PersistenceManager, messageId: string) {
    let ready = statements.get(this);
    if (!ready) {
      ready = this.db.prepare(
        'UPDATE sqs_messages SET receipt_handle = NULL, visibility_deadline = NULL WHERE message_id = ?',
      );
      statements.set(this, ready);
    }
    ready.run(messageId);
  };
};
