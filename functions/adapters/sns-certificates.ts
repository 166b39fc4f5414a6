import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { SnsCertificates } from '../ports';

const cache = new Map<string, Promise<string>>();

/** No such certificate: the message cannot be verified (a 401), unlike a failed fetch (retry later). */
const unknownCertificate = () => Object.assign(new Error('Unknown SNS certificate'), { name: 'UnknownCertificate' });

/**
 * SNS signing certificates, kept per instance by URL (SNS signs with a handful). With SNS_CERT_DIR
 * set (offline, tests) they are read from that folder by the URL's last path segment and never
 * fetched. The URL has been checked to be https on an SNS host before it gets here.
 */
export const snsCertificates: SnsCertificates = {
  get(url) {
    let certificate = cache.get(url);
    if (!certificate) {
      certificate = (async () => {
        const dir = process.env.SNS_CERT_DIR;
        const pem = dir
          ? await readFile(`${dir}/${basename(new URL(url).pathname)}`, 'utf8').catch(() => {
              throw unknownCertificate();
            })
          : await fetch(url, { signal: AbortSignal.timeout(5000), redirect: 'error' }).then((r) => {
              if (!r.ok) throw new Error(`Certificate fetch answered ${r.status}`);
              return r.text();
            });
        if (!pem.includes('-----BEGIN CERTIFICATE-----')) throw unknownCertificate();
        return pem;
      })();
      cache.set(url, certificate);
      certificate.catch(() => cache.delete(url));
    }
    return certificate;
  },
};
