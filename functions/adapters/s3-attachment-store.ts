import type { S3Client } from '@aws-sdk/client-s3';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { AttachmentStore } from '../ports';
import { instrument } from './instrument';

/**
 * The S3 SDK is loaded on the first mail with large files, not at a send function's cold start: most
 * mail has none. `#on-first-use/client-s3` is `@aws-sdk/client-s3` (package.json "imports"); in a Lambda bundle
 * it is ``client-s3.mjs` beside `index.mjs` (lib/constructs/function-bundle.ts), so `index.mjs` does not carry
 * the client. One client per process; the endpoint is AWS_ENDPOINT_URL_S3 locally (fauxqs), path-style there.
 */
let loaded: Promise<{ client: S3Client; sdk: typeof import('@aws-sdk/client-s3') }> | undefined;
const s3 = () =>
  (loaded ??= import('#on-first-use/client-s3').then((sdk: typeof import('@aws-sdk/client-s3')) => ({
    sdk,
    client: instrument(new sdk.S3Client({ forcePathStyle: process.env.AWS_ENDPOINT_URL_S3 !== undefined })),
  })));

/**
 * A mail's stored parts as one object (gzipped JSON: the base64 files as the request gave them, and the
 * bodies when they were stored too) under `<account>/<message uuid>` in the attachments bucket, which
 * expires what is left (lib/attachments-bucket.ts). An object of 0.2.0 holds the files alone, as an array.
 */
export const s3AttachmentStore = (bucket: string): AttachmentStore => ({
  async put(key, parts) {
    const { client, sdk } = await s3();
    await client.send(
      new sdk.PutObjectCommand({
        Bucket: bucket,
        Key: key,
        Body: gzipSync(JSON.stringify(parts)),
        ContentType: 'application/gzip',
      }),
    );
  },
  async get(key) {
    const { client, sdk } = await s3();
    const object = await client.send(new sdk.GetObjectCommand({ Bucket: bucket, Key: key }));
    const stored = JSON.parse(gunzipSync(Buffer.from(await object.Body!.transformToByteArray())).toString('utf8'));
    return Array.isArray(stored) ? { attachments: stored } : stored;
  },
  async delete(key) {
    const { client, sdk } = await s3();
    await client.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: key }));
  },
});
