import { generateKeyPairSync, randomBytes, sign, X509Certificate } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/*
 * A self-signed certificate for `npm start`'s SMTP relay (STARTTLS and implicit TLS on 127.0.0.1),
 * made with node:crypto alone: Node can sign but not build an X.509 certificate, so the few DER
 * structures one needs are written here (no openssl, no download, nothing at run time).
 */

const length = (n: number) => {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let rest = n; rest > 0; rest >>= 8) bytes.unshift(rest & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
};
const tlv = (tag: number, body: Buffer) => Buffer.concat([Buffer.from([tag]), length(body.length), body]);
const sequence = (...parts: Buffer[]) => tlv(0x30, Buffer.concat(parts));
const oid = (dotted: string) => {
  const [first, second, ...rest] = dotted.split('.').map(Number);
  const out = [40 * first + second];
  for (const value of rest) {
    const chunk = [value & 0x7f];
    for (let x = value >> 7; x > 0; x >>= 7) chunk.unshift((x & 0x7f) | 0x80);
    out.push(...chunk);
  }
  return tlv(0x06, Buffer.from(out));
};
const integer = (bytes: Buffer) => tlv(0x02, bytes[0] & 0x80 ? Buffer.concat([Buffer.from([0]), bytes]) : bytes);
const generalizedTime = (date: Date) =>
  tlv(0x18, Buffer.from(`${date.toISOString().replace(/[-:T]/g, '').slice(0, 14)}Z`));
const commonName = (name: string) => sequence(tlv(0x31, sequence(oid('2.5.4.3'), tlv(0x0c, Buffer.from(name)))));
const extension = (id: string, critical: boolean, value: Buffer) =>
  sequence(oid(id), ...(critical ? [tlv(0x01, Buffer.from([0xff]))] : []), tlv(0x04, value));

/** A certificate for `localhost` and 127.0.0.1 (subjectAltName, as clients check), valid ten years. */
export const selfSignedCertificate = (now = new Date()) => {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const ecdsaWithSha256 = sequence(oid('1.2.840.10045.4.3.2'));
  const name = commonName('localhost');
  const serial = randomBytes(16);
  serial[0] &= 0x7f;
  const until = new Date(now.getTime() + 10 * 365 * 86_400_000);
  // dNSName [2] localhost, iPAddress [7] 127.0.0.1; a self-signed CA so that a client can trust it as a root.
  const altNames = sequence(tlv(0x82, Buffer.from('localhost')), tlv(0x87, Buffer.from([127, 0, 0, 1])));
  const extensions = tlv(
    0xa3,
    sequence(
      extension('2.5.29.19', true, sequence(tlv(0x01, Buffer.from([0xff])))),
      extension('2.5.29.17', false, altNames),
    ),
  );
  const toBeSigned = sequence(
    tlv(0xa0, integer(Buffer.from([2]))),
    integer(serial),
    ecdsaWithSha256,
    name,
    sequence(generalizedTime(new Date(now.getTime() - 3_600_000)), generalizedTime(until)),
    name,
    publicKey.export({ type: 'spki', format: 'der' }),
    extensions,
  );
  const signature = sign('sha256', toBeSigned, privateKey);
  const der = sequence(toBeSigned, ecdsaWithSha256, tlv(0x03, Buffer.concat([Buffer.from([0]), signature])));
  const cert = `-----BEGIN CERTIFICATE-----\n${der
    .toString('base64')
    .match(/.{1,64}/g)!
    .join('\n')}\n-----END CERTIFICATE-----\n`;
  return { cert, key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() };
};

/**
 * The relay's certificate, made at the first start and kept in the local data folder (key readable by its owner only).
 */
export const localCertificate = (dataDir: string) => {
  const certFile = join(dataDir, 'smtp-relay.crt');
  const keyFile = join(dataDir, 'smtp-relay.key');
  // Made at the first start, and again for one past its time (a data folder kept for ten years).
  const current =
    existsSync(certFile) &&
    existsSync(keyFile) &&
    new Date(new X509Certificate(readFileSync(certFile)).validTo) > new Date();
  if (!current) {
    const made = selfSignedCertificate();
    writeFileSync(keyFile, made.key, { mode: 0o600 });
    writeFileSync(certFile, made.cert);
  }
  return { cert: readFileSync(certFile, 'utf8'), key: readFileSync(keyFile, 'utf8'), certFile };
};
