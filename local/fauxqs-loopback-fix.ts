import { Server, type ListenOptions } from 'node:net';

/** The addresses that mean "every interface". */
const EVERY_INTERFACE = new Set(['0.0.0.0', '::']);

/**
 * fauxqs 2.4.1 listens on 0.0.0.0 whatever it is told (its `host` option only names the host in the
 * queue URLs it hands out), so anyone on the developer's network could read the queued mail and, in
 * its S3, the received mail. Its start builds and starts its server in one call, leaving no server
 * to configure in between; so, for the length of that call only, a listen on every interface is made
 * a listen on 127.0.0.1 (any other listen passes untouched; one on every interface elsewhere in the
 * process meanwhile would be narrowed too, which is only safer). Should a fauxqs release stop passing through here, the
 * test of the local stack's addresses (test/local/loopback-only.test.ts) fails.
 */
export const onLoopbackWhileStarting = async <T>(start: () => Promise<T>): Promise<T> => {
  const listen = Server.prototype.listen;
  Server.prototype.listen = function (this: Server, ...args: unknown[]) {
    const [options] = args;
    if (
      typeof options === 'object' &&
      options !== null &&
      EVERY_INTERFACE.has(String((options as ListenOptions).host))
    ) {
      args[0] = { ...options, host: '127.0.0.1' };
    }
    return (listen as (...all: unknown[]) => Server).apply(this, args);
  } as typeof listen;
  try {
    return await start();
  } finally {
    Server.prototype.listen = listen;
  }
};
