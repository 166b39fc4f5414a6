import { runAs } from '#aws-call-log';
import { WORKERS } from '../queues';
import type { SNSEvent } from 'aws-lambda';
import {
  bounces,
  counters,
  subscribers,
  suppressions,
  messages,
  reputation,
  clock,
  campaigns,
  providers,
  ids,
  events,
  tenants,
} from '../adapters/capabilities';
import { wire } from '../wire';
import { applyProviderEvents } from '../domain/delivery-events/apply-provider-events';
import { parseSesNotification } from '../domain/delivery-events/ses-notification';
import { payloadParsers } from '../schemas/payloads/parsers';

const deps = wire(WORKERS.sesEvents.uses, {
  bounces,
  counters,
  subscribers,
  suppressions,
  messages,
  reputation,
  clock,
  campaigns,
  providers,
  ids,
  events,
  tenants,
});

/**
 * SES -> configuration set -> SNS topic -> this function. SNS invokes it directly, so there is no
 * signature to check (docs/promises.md); the HTTPS receiver runs the same parser after verifying one.
 * The account comes from the message the event names, or from our provider tag on the mail.
 */
const handle = async (event: SNSEvent) => {
  for (const record of event.Records ?? []) {
    await applyProviderEvents(
      deps,
      'ses',
      parseSesNotification(payloadParsers, record.Sns.Message, record.Sns.MessageId),
    );
  }
};

/** Calls are recorded under this worker's name when the tests keep the AWS call log (adapters/call-log.ts). */
export const handler = runAs(WORKERS.sesEvents.handler, handle);
