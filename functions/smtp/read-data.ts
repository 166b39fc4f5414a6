import type { Readable } from 'node:stream';

/**
 * A DATA stream read to its end (SMTP needs the whole of it before any answer), its bytes kept only up
 * to `maxBytes`: a larger mail costs no more memory than the limit. Answers the mail, or undefined
 * when it was over the limit (smtp-server's own SIZE check included).
 */
export const readData = (stream: Readable & { sizeExceeded?: boolean }, maxBytes: number) =>
  new Promise<Buffer | undefined>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) chunks.push(chunk);
    });
    stream.on('error', reject);
    stream.on('end', () => resolve(stream.sizeExceeded || size > maxBytes ? undefined : Buffer.concat(chunks)));
  });
