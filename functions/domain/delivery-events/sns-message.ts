import { createVerify, X509Certificate } from 'node:crypto';
import type { SnsCertificates } from '../../ports';
import type { SnsEnvelope } from './payload-types';
import type { PayloadParsers } from './payload-parsers';
import { jsonOf } from '../json';

/**
 * SNS's own hosts: sns.<region>.amazonaws.com for a region of the commercial and GovCloud partitions
 * (us-east-1, us-gov-west-1, ...), sns.cn-<area>-<n>.amazonaws.com.cn for China's. Only AWS answers
 * on these names, so a certificate from one of them is SNS's.
 */
const SNS_HOST = /^sns\.(?:(?!cn-)[a-z]{2}(?:-gov)?-[a-z]+-\d\.amazonaws\.com|cn-[a-z]+-\d\.amazonaws\.com\.cn)$/;

/** https on an SNS host, with nothing that could lead elsewhere: no user info, port or fragment. */
const snsUrl = (value: string | undefined) => {
  try {
    const url = new URL(value ?? '');
    return url.protocol === 'https:' &&
      SNS_HOST.test(url.hostname) &&
      !url.username &&
      !url.password &&
      !url.port &&
      !url.hash
      ? url
      : undefined;
  } catch {
    return undefined;
  }
};

/** SubscribeURL: an SNS link (its query names the subscription to confirm). */
export const isSnsSubscribeUrl = (value: string | undefined) => snsUrl(value) !== undefined;

/** SigningCertURL: one `.pem` file at the root of an SNS host, no query (SNS_CERT_DIR finds it by that name). */
export const isSnsCertificateUrl = (value: string) => {
  const url = snsUrl(value);
  return url !== undefined && !url.search && /^\/[A-Za-z0-9._-]+\.pem$/.test(url.pathname);
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
    .filter(
      (field) => message[field as keyof SnsEnvelope] !== undefined && message[field as keyof SnsEnvelope] !== null,
    )
    .map((field) => `${field}\n${message[field as keyof SnsEnvelope]}\n`)
    .join('');
};

const ALGORITHMS: Record<string, string> = { '1': 'RSA-SHA1', '2': 'RSA-SHA256' };

/**
 * SNS's signature check ("Verifying the signatures of Amazon SNS messages"): the certificate URL on an
 * SNS host, SignatureVersion 1 (SHA1) or 2 (SHA256) only, the signature over the decoded fields.
 * The certificate is downloaded (or read from SNS_CERT_DIR) only after the URL check.
 */
export const verifySnsMessage = async (message: SnsEnvelope, certificates: SnsCertificates) => {
  const algorithm = ALGORITHMS[message.SignatureVersion];
  const signed = stringToSign(message);
  if (!algorithm || signed === undefined) return false;
  if (!isSnsCertificateUrl(message.SigningCertURL)) return false;
  try {
    const certificate = new X509Certificate(await certificates.get(message.SigningCertURL));
    return createVerify(algorithm).update(signed, 'utf8').verify(certificate.publicKey, message.Signature, 'base64');
  } catch {
    // No certificate could be had (download failed, not a certificate) or the signature is not
    // base64 of the key's size: the message is not verified (the adapter logs why a certificate was not had).
    return false;
  }
};

/** The envelope, or undefined when the body is not one: without its fields there is nothing to verify. */
export const parseSnsMessage = (parse: Pick<PayloadParsers, 'snsEnvelope'>, body: string): SnsEnvelope | undefined =>
  parse.snsEnvelope(jsonOf(body));
