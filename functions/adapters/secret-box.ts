import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { SEALED_PREFIX, type SecretBox } from '../ports';

/** Version 1: AES-256-GCM, then base64url nonce . ciphertext . tag. */
const FORMAT = `${SEALED_PREFIX}v1:`;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

const refused = () => new Error('The sealed secret cannot be opened here (altered, moved, or sealed with another key)');

/**
 * Envelope encryption of small secrets: each value is sealed with AES-256-GCM under a data key, and
 * the data key lives outside the table (a Secrets Manager secret encrypted by a KMS key in AWS; a
 * file of the local data with `npm start`). The key is derived from `keyMaterial` once per box with
 * HKDF. A fresh random nonce per value; the context is authenticated data, so a value opens only
 * where it was sealed.
 */
export const aesGcmSecretBox = (keyMaterial: () => Promise<string>): SecretBox => {
  // The material is asked for at each use (deployment-secret.ts caches it, so AWS sees one read per
  // instance), so that the tests' AWS call log sees each function's read; HKDF runs once per material.
  let derived: { material: string; key: Buffer } | undefined;
  const dataKey = async () => {
    const material = await keyMaterial();
    if (derived?.material !== material)
      derived = { material, key: Buffer.from(hkdfSync('sha256', material, '', 'secret-box v1', 32)) };
    return derived.key;
  };

  return {
    async encrypt(plain, context) {
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = createCipheriv('aes-256-gcm', await dataKey(), nonce).setAAD(Buffer.from(context, 'utf8'));
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return FORMAT + [nonce, data, cipher.getAuthTag()].map((part) => part.toString('base64url')).join('.');
    },

    async decrypt(sealed, context) {
      const parts = sealed.startsWith(FORMAT) ? sealed.slice(FORMAT.length).split('.') : [];
      if (parts.length !== 3) throw refused();
      const [nonce, data, tag] = parts.map((part) => Buffer.from(part, 'base64url'));
      if (nonce.length !== NONCE_BYTES || tag.length !== TAG_BYTES) throw refused();
      try {
        const decipher = createDecipheriv('aes-256-gcm', await dataKey(), nonce, { authTagLength: TAG_BYTES }).setAAD(
          Buffer.from(context, 'utf8'),
        );
        decipher.setAuthTag(tag);
        return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
      } catch {
        throw refused();
      }
    },
  };
};
