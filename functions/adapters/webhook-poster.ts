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

export const httpWebhookPoster: WebhookPoster = {
  post: (url, headers, body, timeoutMs) =>
    new Promise<number>((resolve, reject) => {
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
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
          response.on('error', reject);
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
