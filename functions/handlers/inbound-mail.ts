import { runAs } from '#aws-call-log';
import type { SESEvent } from 'aws-lambda';
import { inboundDeps } from '../adapters/wiring';
import { config } from '../config';
import { RAW_MAIL_PREFIX, type Verdict } from '../domain/inbound/inbound-mail';
import { receiveInboundMail } from '../domain/inbound/receive';
import { log } from '../log';

const deps = inboundDeps();

const VERDICTS: Record<string, Verdict> = {
  PASS: 'pass',
  FAIL: 'fail',
  GRAY: 'gray',
  PROCESSING_FAILED: 'processing_failed',
};
const verdict = (status: { status?: string } | undefined) =>
  status?.status ? (VERDICTS[status.status] ?? null) : null;

/**
 * SES's receipt rule -> this function (an asynchronous invocation, after the rule's S3 action stored
 * the raw mail at `raw/<SES message id>`). The SES event, not an S3 notification, is what carries the
 * envelope (sender and recipients) and the spam, virus, SPF, DKIM and DMARC verdicts
 * (docs/decisions/0063-inbound-event-and-lists.md). A failure throws: Lambda retries twice, and the record is written
 * once
 * whatever the number of runs.
 */
const handle = async (event: SESEvent) => {
  for (const record of event.Records ?? []) {
    const { mail, receipt } = record.ses;
    const outcome = await receiveInboundMail(deps, {
      raw: { bucket: config.inboundBucket, key: `${RAW_MAIL_PREFIX}${mail.messageId}` },
      recipients: receipt.recipients,
      receivedAt: new Date(mail.timestamp),
      spamVerdict: verdict(receipt.spamVerdict),
      virusVerdict: verdict(receipt.virusVerdict),
      auth: {
        spf: verdict(receipt.spfVerdict),
        dkim: verdict(receipt.dkimVerdict),
        dmarc: verdict(receipt.dmarcVerdict),
      },
      // SES's mail.source is the envelope sender (MAIL FROM), the address SPF was checked for.
      envelopeFrom: mail.source || null,
    });
    log('info', 'Inbound mail', {
      ses_message_id: mail.messageId,
      stored: outcome.stored.length,
      reason: outcome.reason ?? undefined,
    });
  }
};

/** Calls are recorded under this function's name when the tests keep the AWS call log (adapters/call-log.ts). */
export const handler = runAs('inbound-mail', handle);
