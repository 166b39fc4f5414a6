import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { MailObjects } from '../ports';
import { instrument } from './instrument';

let client: S3Client | undefined;

/**
 * One S3 client per process. Locally (AWS_ENDPOINT_URL_S3: fauxqs) buckets are addressed by path, as
 * an emulator on 127.0.0.1 has no names per bucket; in AWS the SDK's own virtual-hosted style.
 */
const s3 = () => (client ??= instrument(new S3Client({ forcePathStyle: Boolean(process.env.AWS_ENDPOINT_URL_S3) })));

/** A file name in a Content-Disposition header: ASCII fallback plus the RFC 5987 form for the rest. */
const disposition = (filename: string) => {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
};

/** Raw inbound mail and its parts in S3 (the stack's inbound bucket; fauxqs's S3 under `npm start`). */
export const s3MailObjects: MailObjects = {
  async read(ref) {
    const { Body } = await s3().send(new GetObjectCommand({ Bucket: ref.bucket, Key: ref.key }));
    return Buffer.from(await Body!.transformToByteArray());
  },
  async write(ref, body, contentType) {
    await s3().send(new PutObjectCommand({ Bucket: ref.bucket, Key: ref.key, Body: body, ContentType: contentType }));
  },
  downloadLink: (ref, seconds, filename) =>
    getSignedUrl(
      s3(),
      new GetObjectCommand({
        Bucket: ref.bucket,
        Key: ref.key,
        ResponseContentDisposition: disposition(filename),
        ResponseContentType: 'application/octet-stream',
      }),
      { expiresIn: seconds },
    ),
};
