import * as z from 'zod/mini';
import type { SnsEnvelope } from '../../domain/delivery-events/payload-types';
import { parsesTo } from '../common';

const field = (max: number) => z.string().check(z.maxLength(max));

/**
 * An SNS HTTP(S) delivery, as SNS posts it (text/plain JSON). Every field that is signed or that
 * names the certificate is a string; anything else cannot be verified.
 */
export const snsEnvelope = parsesTo<SnsEnvelope>()(
  z.object({
    Type: field(100),
    MessageId: field(100),
    TopicArn: field(300),
    Message: z.string(),
    Timestamp: field(100),
    Subject: z.optional(z.nullable(field(1000))),
    SubscribeURL: z.optional(field(2000)),
    Token: z.optional(field(2000)),
    SignatureVersion: field(10),
    Signature: field(2000),
    SigningCertURL: field(2000),
  }),
);
