/**
 * A process of its own for the idle-connection figure of bench/smtp-relay.ts: the relay (STARTTLS
 * port, the caps raised so one address may hold every socket) or a bare TCP server that only greets,
 * and nothing else. Measured in the parent's own process, the sockets' client side and the garbage
 * of the run before drowned the figure (it came out negative); here the parent asks for this
 * process's resident memory before and after it opens the sockets.
 *
 * Protocol (IPC): sends `{ port }` once listening; answers each `'measure'` with `{ rss, heap }`
 * after a full garbage collection.
 */
import { createServer } from 'node:net';
import { relayDeps } from '../functions/smtp/relay-deps';
import { relayConnectionCounts, startRelay } from '../functions/smtp/relay-server';
import { selfSignedCertificate } from '../local/tls-certificate';

const listen = async (kind: string) => {
  if (kind === 'relay') {
    const relay = await startRelay(relayDeps(), {
      tls: selfSignedCertificate(),
      mode: 'starttls',
      port: 0,
      connections: relayConnectionCounts({ perAddress: 100_000, perKey: 100_000 }),
    });
    return relay.port;
  }
  const bare = createServer((socket) => socket.write('220 bare\r\n'));
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  return (bare.address() as { port: number }).port;
};

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc || !process.send) throw new Error('Run by bench/smtp-relay.ts: fork() with --expose-gc');

process.on('message', (message) => {
  if (message !== 'measure') return;
  gc();
  gc();
  const { rss, heapUsed, external } = process.memoryUsage();
  process.send!({ rss, heap: heapUsed + external });
});
process.send({ port: await listen(process.argv[2] ?? 'bare') });
