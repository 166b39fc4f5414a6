import { lookup } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { config } from '../config';
import { webhookAddressAllowed } from '../domain/webhooks/endpoints';
import type { WebhookPoster } from '../ports';

/**
 * Resolves the endpoint's name and refuses it when any address is one the service may not post to.
 * The connection goes to the address checked here: a name cannot be pointed elsewhere between the
 * check and the connect (DNS rebinding).
 */
const checkedLookup: LookupFunction = (hostname, options, callback) => {
  lookup(hostname, { all: true }, (error, addresses) => {
    if (error) return callback(error, '', 4);
    const refused = addresses.find(({ address }) => !webhookAddressAllowed(address, config.allowLoopbackWebhooks));
    if (refused)
      return callback(
        Object.assign(new Error(`${hostname} resolves to an internal address`), { code: 'EREFUSEDADDRESS' }),
        '',
        4,
      );
    const sorted = [...addresses].sort((a, b) => a.family - b.family);
    if ((options as { all?: boolean }).all)
      return (callback as unknown as (e: null, a: typeof sorted) => void)(null, sorted);
    callback(null, sorted[0].address, sorted[0].family);
  });
};

/** The history keeps this much of an answer's body (docs/promises.md): read no further. */
export const SNIPPET_BYTES = 1024;

export const httpWebhookPoster: WebhookPoster = {
  post: (url, headers, body, timeoutMs) =>
    new Promise<{ status: number; snippet: string }>((resolve, reject) => {
      const target = new URL(url);
      const host = target.hostname.replace(/^\[|\]$/g, '');
      if (isIP(host) && !webhookAddressAllowed(host, config.allowLoopbackWebhooks)) {
        reject(new Error(`${host} is an internal address`));
        return;
      }
      const request = (target.protocol === 'https:' ? httpsRequest : httpRequest)(
        target,
        {
          method: 'POST',
          headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
          lookup: checkedLookup,
          timeout: timeoutMs,
          // A connection of its own each time: a pooled socket would skip the check of where the name points now.
          agent: false,
        },
        (response) => {
          const chunks: Buffer[] = [];
          let kept = 0;
          const done = () => {
            // Streaming decode keeps back a character cut at the end, so the snippet stays valid UTF-8.
            const snippet = new TextDecoder().decode(Buffer.concat(chunks).subarray(0, SNIPPET_BYTES), {
              stream: true,
            });
            resolve({ status: response.statusCode ?? 0, snippet });
          };
          response.on('data', (chunk: Buffer) => {
            if (kept >= SNIPPET_BYTES) return;
            chunks.push(chunk);
            kept += chunk.length;
            // The rest of a large answer is not read: the status and the snippet are all the history keeps.
            if (kept >= SNIPPET_BYTES) {
              done();
              response.destroy();
            }
          });
          response.on('end', done);
          response.on('error', (error) => (kept >= SNIPPET_BYTES ? undefined : reject(error)));
        },
      );
      // One deadline for the whole exchange, not only for idle sockets.
      const deadline = setTimeout(
        () => request.destroy(new Error(`No answer within ${timeoutMs / 1000} s`)),
        timeoutMs,
      );
      request.on('close', () => clearTimeout(deadline));
      request.on('timeout', () => request.destroy(new Error(`No answer within ${timeoutMs / 1000} s`)));
      request.on('error', reject);
      request.end(body);
    }),
};
