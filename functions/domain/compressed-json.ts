import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';

/** Up to this (JSON bytes), brotli's best quality (a few ms for a typical mail); past it, a fast one. */
const BEST_QUALITY_UP_TO = 32 * 1024;

/**
 * A value as brotli-compressed JSON: what the items that keep text for weeks hold (a message's body,
 * a request log entry's bodies), since a write unit is 1 KB and storage is billed by the byte
 * (docs/decisions/0099-message-bodies-kept.md).
 */
export const compressJson = (value: unknown): Buffer => {
  const json = Buffer.from(JSON.stringify(value));
  const quality = json.length <= BEST_QUALITY_UP_TO ? constants.BROTLI_MAX_QUALITY : 5;
  return brotliCompressSync(json, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: json.length,
    },
  });
};

export const decompressJson = <T>(content: Uint8Array): T =>
  JSON.parse(brotliDecompressSync(content).toString('utf8')) as T;
