import {
  MailerError,
  type AttachmentStore,
  type MailerFactory,
  type OutgoingMail,
  type StoredParts,
  type TrackingSettings,
} from '../../../functions/ports';
import type { Provider } from '../../../functions/domain/types';
import { copy } from './conditional';

/**
 * Every mailer of every provider, recording what it was given. `failNext` scripts the next sends'
 * outcomes as a provider gives them: a MailerError (transient or not) or any other error.
 */
export const recordingMailers = () => {
  const sent: { provider: Provider; mail: OutgoingMail; providerMessageId: string }[] = [];
  const script: unknown[] = [];
  let ids = 0;
  const factory: MailerFactory = {
    forProvider: (provider) => ({
      async send(mail) {
        if (script.length) throw script.shift();
        const providerMessageId = `provider-${++ids}`;
        sent.push({ provider: copy(provider), mail: copy(mail), providerMessageId });
        return { providerMessageId };
      },
    }),
  };
  return Object.assign(factory, {
    sent,
    failNext(...errors: unknown[]) {
      script.push(...errors);
    },
  });
};

export const transientFailure = (reason = 'Connection reset') => new MailerError('ECONNRESET', reason, true);
export const permanentFailure = (reason = 'Mailbox unavailable') => new MailerError('550', reason, false);

/** Tracking off unless a base URL is given (mail goes out untracked then, as with PUBLIC_BASE_URL empty). */
export const trackingSettings = (baseUrl = ''): TrackingSettings => ({
  key: async () => 'unit-tracking-key',
  baseUrl: () => baseUrl,
  machineWindowSeconds: () => 2,
});

/** The attachment store: parts put, read back as put, deleted (deleting what is gone is fine). */
export const memoryAttachmentStore = () => {
  const parts = new Map<string, StoredParts>();
  const store: AttachmentStore = {
    async put(key, value) {
      parts.set(key, copy(value));
    },
    async get(key) {
      const found = parts.get(key);
      if (!found) throw Object.assign(new Error(`No such key ${key}`), { name: 'NoSuchKey' });
      return copy(found);
    },
    async delete(key) {
      parts.delete(key);
    },
  };
  return Object.assign(store, { keys: () => [...parts.keys()] });
};
