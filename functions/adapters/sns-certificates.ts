import { X509Certificate } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { log } from '../log';
import type { SnsCertificates } from '../ports';
import { testSeams } from './test-seams';

/**
 * SNS signs with a handful of certificates per region. The bound keeps URLs that pass the checks
 * but are no certificate SNS uses from growing an instance's memory; past it the oldest goes.
 */
const MAX_CACHED = 50;
const cache = new Map<string, Promise<string>>();
/** The origin the cache was filled from: a test that moves downloads elsewhere starts empty. */
let cachedOrigin: string | undefined;

const download = async (url: string) => {
  const origin = testSeams.certificateOrigin;
  const target = origin ? `${origin}${new URL(url).pathname}` : url;
  const response = await fetch(target, { signal: AbortSignal.timeout(5000), redirect: 'error' });
  if (!response.ok) throw new Error(`Certificate download answered ${response.status}`);
  return response.text();
};

/**
 * With SNS_CERT_DIR set (offline, tests) a certificate is read from that folder by the URL's last
 * path segment and never downloaded. Either way it must parse as an X.509 certificate.
 */
const load = async (url: string) => {
  const dir = process.env.SNS_CERT_DIR;
  const pem = dir ? await readFile(join(dir, basename(new URL(url).pathname)), 'utf8') : await download(url);
  new X509Certificate(pem);
  return pem;
};

/**
 * SNS signing certificates, kept per instance by URL once loaded; a failed load is not kept, so the
 * next message tries again. The URL has been checked to be an SNS certificate URL before it gets here.
 */
export const snsCertificates: SnsCertificates = {
  get(url) {
    if (testSeams.certificateOrigin !== cachedOrigin) {
      cache.clear();
      cachedOrigin = testSeams.certificateOrigin;
    }
    const cached = cache.get(url);
    if (cached) return cached;
    const loading = load(url);
    cache.set(url, loading);
    if (cache.size > MAX_CACHED) cache.delete(cache.keys().next().value!);
    loading.catch((error: Error) => {
      cache.delete(url);
      log('warn', 'SNS certificate not loaded', { url, error_name: error.name, error_message: error.message });
    });
    return loading;
  },
};
