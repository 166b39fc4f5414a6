import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { SESEvent } from 'aws-lambda';
import { randomUUID } from 'node:crypto';
import { createTransport, type SendMailOptions } from 'nodemailer';

/** A mail as its sender's program writes it: the raw bytes SES stores. */
export const composed = async (mail: SendMailOptions) =>
  (await createTransport({ streamTransport: true, buffer: true }).sendMail(mail)).message as Buffer;

/**
 * What SES's receipt rule does with a mail: its S3 action stores the raw mail in the inbound bucket at
 * `raw/<SES message id>`, then its Lambda action sends this event (shape from the SES developer guide,
 * "Lambda action"). Answers the event, for the test to hand to the parsing function (once, or again
 * as Lambda's retry of the same invocation does).
 */
export interface ReceiptVerdicts {
  spam?: string;
  virus?: string;
  spf?: string;
  dkim?: string;
  dmarc?: string;
  /** The envelope sender SES reports (mail.source). */
  source?: string;
}

export const sesReceipt = async (
  s3: S3Client,
  raw: Buffer,
  recipients: string[],
  verdicts: ReceiptVerdicts = {},
  sesMessageId = randomUUID(),
) => {
  await s3.send(new PutObjectCommand({ Bucket: process.env.INBOUND_BUCKET, Key: `raw/${sesMessageId}`, Body: raw }));
  return {
    Records: [
      {
        eventSource: 'aws:ses',
        eventVersion: '1.0',
        ses: {
          mail: {
            messageId: sesMessageId,
            timestamp: '2026-11-24T06:00:00.000Z',
            source: verdicts.source ?? 'a@elsewhere.example',
            destination: recipients,
            headersTruncated: false,
            headers: [],
            commonHeaders: {},
          },
          receipt: {
            timestamp: '2026-11-24T06:00:00.000Z',
            processingTimeMillis: 300,
            recipients,
            spamVerdict: { status: verdicts.spam ?? 'PASS' },
            virusVerdict: { status: verdicts.virus ?? 'PASS' },
            spfVerdict: { status: verdicts.spf ?? 'PASS' },
            dkimVerdict: { status: verdicts.dkim ?? 'PASS' },
            dmarcVerdict: { status: verdicts.dmarc ?? 'PASS' },
            action: {
              type: 'Lambda',
              functionArn: 'arn:aws:lambda:us-east-1:123456789012:function:inbound',
              invocationType: 'Event',
            },
          },
        },
      },
    ],
  } as unknown as SESEvent;
};
