import { httpDeps } from '../adapters/http-deps';
import { dynamoIdempotencyStore } from '../adapters/dynamo/idempotency-store';
import {
  attachmentsPut,
  clock,
  contactProperties,
  contacts,
  counters,
  events,
  ids,
  mailers,
  messages,
  providersSending,
  quotas,
  reputation,
  suppressions,
  templates,
  tenants,
  tracking,
} from '../adapters/capabilities';
import mailSend from '../routes/mail/mail-send';
import { wire } from '../wire';

/** The send use case as its route lists it (functions/routes/mail/mail-send.ts): the SMTP relay sends with it. */
export const sendDeps = () =>
  wire(mailSend.uses, {
    providersSending,
    suppressions,
    quotas,
    messages,
    mailers,
    clock,
    ids,
    tracking,
    events,
    reputation,
    templates,
    contacts,
    contactProperties,
    counters,
    attachmentsPut,
    tenants,
  });

/**
 * The SMTP relay (functions/smtp): a key's checks, as every API request's, the send use case's, and the
 * Idempotency-Key store (a submission's key: submission.ts).
 */
export const relayDeps = () => ({ ...sendDeps(), ...httpDeps(), idempotency: dynamoIdempotencyStore() });
