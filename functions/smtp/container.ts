import { deploymentSecret } from '../adapters/deployment-secret';
import { relayDeps } from './relay-deps';
import { describeError, log } from '../log';
import { selfSignedCertificate } from '../../local/tls-certificate';
import { RELAY_CONNECTION_CAPS, relayConnectionCounts, startRelay } from './relay-server';

/*
 * The deployment's SMTP relay: the entry of the container on ECS Fargate (lib/smtp-relay.ts). Its
 * environment is the `mail-send` function's (table, queues, secrets, metrics namespace), plus:
 * SMTP_PORT (2587, STARTTLS: the balancer's 587 forwards here), SMTP_TLS_PORT (2465, the balancer's
 * 465 after it ended TLS: mode `terminated`), SMTP_TLS_ARN (the secret with the certificate for
 * STARTTLS, `{"cert": "<PEM chain>", "key": "<PEM key>"}`) and DRAIN_SECONDS (how long a stop waits
 * for mail in flight; ECS's stopTimeout must be longer).
 */

const env = process.env;
const port = (value: string | undefined, fallback: number) => Number.parseInt(value ?? '', 10) || fallback;

/** The STARTTLS certificate from the secret; until the operator fills it, a self-signed one and a warning. */
const tlsCertificate = async () => {
  const value = await deploymentSecret('SMTP_TLS')();
  const parsed = (() => {
    try {
      return JSON.parse(value) as { cert?: unknown; key?: unknown };
    } catch {
      return {};
    }
  })();
  if (typeof parsed.cert === 'string' && typeof parsed.key === 'string') return { cert: parsed.cert, key: parsed.key };
  // The deploy must not wait on the operator: 587 answers with a certificate no client trusts until then.
  log('warn', 'SMTP relay: the TLS secret holds no {"cert", "key"}: STARTTLS uses a self-signed certificate', {
    see: 'docs/guides/smtp-relay.md',
  });
  return selfSignedCertificate();
};

const main = async () => {
  const deps = relayDeps();
  // One line per 4xx/5xx reply, codes only: the stack counts the 5xx ones into a metric (lib/smtp-relay.ts).
  const onRefusal = (code: number, enhanced: string) =>
    log('info', 'SMTP relay: refused', { smtp_code: code, enhanced });
  const tls = await tlsCertificate();
  // Behind the balancer every connection comes from one of the balancer's own addresses (it does not
  // preserve the client's through TLS), so a cap per address would cap every client at once: only the
  // cap per key holds here.
  const connections = relayConnectionCounts({
    perAddress: Number.POSITIVE_INFINITY,
    perKey: RELAY_CONNECTION_CAPS.perKey,
  });
  const listener = { host: '0.0.0.0', onRefusal, connections };
  const relays = [
    await startRelay(deps, { ...listener, mode: 'starttls', tls, port: port(env.SMTP_PORT, 2587) }),
    await startRelay(deps, { ...listener, mode: 'terminated', port: port(env.SMTP_TLS_PORT, 2465) }),
  ];
  log('info', 'SMTP relay: listening', { ports: relays.map((relay) => relay.port) });
  const drainMs = port(env.DRAIN_SECONDS, 25) * 1000;
  let stopping = false;
  // ECS stops a task with SIGTERM (after the balancer stopped sending it connections), then SIGKILL.
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log('info', 'SMTP relay: draining', { signal, deadline_ms: drainMs });
    void Promise.all(relays.map((relay) => relay.drain(drainMs))).then(() => {
      log('info', 'SMTP relay: stopped');
      process.exit(0);
    });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
};

main().catch((error) => {
  log('error', 'SMTP relay: could not start', describeError(error));
  process.exit(1);
});
