import { relayDeps } from '../functions/smtp/relay-deps';
import { relayConnectionCounts, startRelay } from '../functions/smtp/relay-server';
import { localCertificate } from './tls-certificate';

/**
 * `npm start`'s SMTP relay, the same code as the deployment's container: STARTTLS on the submission
 * port (SMTP_PORT, 2587) and TLS from the first byte (SMTP_TLS_PORT, 2465), with a certificate for
 * localhost made at the first start and kept in LOCAL_DATA_DIR (a client trusts it, or skips the check).
 */
export const startLocalRelays = async (options: { dataDir: string; submission: number; tls: number; host: string }) => {
  const deps = relayDeps();
  const { cert, key } = localCertificate(options.dataDir);
  // One relay on two ports: a client's connections count once, whichever port they reach.
  const connections = relayConnectionCounts();
  const relays = [
    await startRelay(deps, {
      tls: { cert, key },
      mode: 'starttls',
      port: options.submission,
      host: options.host,
      connections,
    }),
    await startRelay(deps, {
      tls: { cert, key },
      mode: 'implicit',
      port: options.tls,
      host: options.host,
      connections,
    }),
  ];
  return relays.map((relay) => ({ endpoint: '', port: relay.port, stop: relay.stop }));
};
