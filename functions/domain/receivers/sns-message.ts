import { createVerify, X509Certificate } from 'node:crypto';
import type { SnsCertificates } from '../../ports';
import { snsEnvelope, type SnsEnvelope } from '../../schemas/payloads/sns';
import { jsonOf } from '../json';

/** Certificates and subscribe links must be https on an SNS host: sns.<region>.amazonaws.com(.cn). */
const SNS_HOST = /^sns\.[a-z0-9-]+\.amazonaws\.com(\.cn)?$/;
export const isSnsUrl = (value: string | undefined, path?: RegExp) => {
  try {
    const url = new URL(value ?? '');
    return url.protocol === 'https:' && SNS_HOST.test(url.hostname) && !url.username && !url.port && (!path || path.test(url.pathname));
  } catch {
    return false;
  }
};

const FIELDS = {
  Notification: ['Message', 'MessageId', 'Subject', 'Timestamp', 'TopicArn', 'Type'],
  SubscriptionConfirmation: ['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type'],
  UnsubscribeConfirmation: ['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type'],
} as const;

/** "Key\nvalue\n" for each signed field present, in SNS's order; a null Subject is left out. */
const stringToSign = (message: SnsEnvelope) => {
  const fields = FIELDS[message.Type as keyof typeof FIELDS];
  if (!fields) return undefined;
  return fields
    .filter((field) => message[field as keyof SnsEnvelope] !== undefined && message[field as keyof SnsEnvelope] !== null)
    .map((field) => `${field}\n${message[field as keyof SnsEnvelope]}\n`)
    .join('');
};

const ALGORITHMS: Record<string, string> = { '1': 'RSA-SHA1', '2': 'RSA-SHA256' };

/**
 * SNS's signature check ("Verifying the signatures of Amazon SNS messages"): the certificate URL on an
 * SNS host, SignatureVersion 1 (SHA1) or 2 (SHA256) only, the signature over the decoded fields.
 * The certificate is fetched (or read from SNS_CERT_DIR) only after the URL check.
 */
export const verifySnsMessage = async (message: SnsEnvelope, certificates: SnsCertificates) => {
  const algorithm = ALGORITHMS[message.SignatureVersion];
  const signed = stringToSign(message);
  if (!algorithm || signed === undefined) return false;
  if (!isSnsUrl(message.SigningCertURL, /\.pem$/)) return false;
  let pem: string;
  try {
    pem = await certificates.get(message.SigningCertURL);
  } catch (error) {
    if ((error as Error).name === 'UnknownCertificate') return false;
    throw error;
  }
  const certificate = new X509Certificate(pem);
  return createVerify(algorithm).update(signed, 'utf8').verify(certificate.publicKey, message.Signature, 'base64');
};

/** The envelope, or undefined when the body is not one: without its fields there is nothing to verify. */
export const parseSnsMessage = (body: string): SnsEnvelope | undefined => {
  const parsed = snsEnvelope.safeParse(jsonOf(body));
  return parsed.success ? parsed.data : undefined;
};
