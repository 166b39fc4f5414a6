import { describe, expect, it } from 'vitest';
import { aesGcmSecretBox } from '../functions/adapters/secret-box';
import { isSealed } from '../functions/ports';

/**
 * The SecretBox contract. One adapter serves both places: AES-256-GCM whose key material is
 * PROVIDER_SECRET_KEY locally and a Secrets Manager secret (under a KMS key) in AWS. Secrets Manager
 * has no local peer, so only where the key material comes from is untested here.
 */
const box = aesGcmSecretBox(async () => 'key material for the contract test');

describe('the secret box', () => {
  it('opens what it sealed, in the same context, and seals the same text differently each time', async () => {
    const sealed = await box.encrypt('p@ss wörd', 'provider/a/p/password');
    expect(isSealed(sealed)).toBe(true);
    expect(sealed).not.toContain('p@ss');
    expect(await box.decrypt(sealed, 'provider/a/p/password')).toBe('p@ss wörd');
    expect(await box.encrypt('p@ss wörd', 'provider/a/p/password')).not.toBe(sealed);
    expect(await box.decrypt(await box.encrypt('', 'c'), 'c')).toBe('');
  });

  it('refuses a value moved to another context, altered, or sealed with another key', async () => {
    const sealed = await box.encrypt('secret', 'provider/a/p/password');
    await expect(box.decrypt(sealed, 'provider/a/q/password')).rejects.toThrow();
    const [head, data, tag] = sealed.split('.');
    const altered = Buffer.from(data, 'base64url');
    altered[0] ^= 1;
    await expect(
      box.decrypt([head, altered.toString('base64url'), tag].join('.'), 'provider/a/p/password'),
    ).rejects.toThrow();
    await expect(aesGcmSecretBox(async () => 'another key').decrypt(sealed, 'provider/a/p/password')).rejects.toThrow();
    await expect(box.decrypt('sealed:v1:nonsense', 'provider/a/p/password')).rejects.toThrow();
  });

  it('never puts the plain text in an error', async () => {
    const error = await box
      .decrypt((await box.encrypt('hunter2', 'c')).replace(/.$/, 'x'), 'other')
      .catch((e: Error) => e);
    expect(String(error)).not.toContain('hunter2');
  });
});
