import { lookup } from 'node:dns/promises';
import { connect, isIPv4, type Socket } from 'node:net';
import { config } from '../../config';
import { isInternalAddress, isLoopbackAddress } from '../../domain/providers/smtp-host';
import { SMTP_TIMEOUTS_MS } from '../../smtp-timeouts';

/** The relay's name resolved to an address this connection may not go to. */
export class RefusedAddressError extends Error {
  readonly code = 'EREFUSEDADDRESS';
  constructor(message: string) {
    super(message);
    this.name = 'RefusedAddressError';
  }
}

/**
 * The addresses to connect to, IPv4 first (Lambda functions outside a VPC have no IPv6 route).
 * Checked each time a connection opens, not once when the provider was saved: a name can be made to
 * point at the service's own networks later (DNS rebinding). `loopbackOnly`: the connection goes
 * without TLS, which only a relay on this machine may do.
 */
const checkedAddresses = async (host: string, loopbackOnly: boolean) => {
  const addresses = (await lookup(host, { all: true })).map(({ address }) => address);
  if (!config.allowPrivateSmtpHosts && addresses.some(isInternalAddress)) {
    throw new RefusedAddressError(`${host} resolves to an internal address`);
  }
  if (loopbackOnly && !addresses.every(isLoopbackAddress))
    throw new RefusedAddressError(`${host} is not on this machine`);
  return addresses.sort((a, b) => Number(isIPv4(b)) - Number(isIPv4(a)));
};

const openTcp = (address: string, port: number) =>
  new Promise<Socket>((resolve, reject) => {
    const socket = connect({ host: address, port });
    const fail = (error: Error) => {
      socket.destroy();
      reject(error);
    };
    socket.setTimeout(SMTP_TIMEOUTS_MS.connection, () =>
      fail(Object.assign(new Error('Connection timed out'), { code: 'ETIMEDOUT' })),
    );
    socket.once('error', fail);
    socket.once('connect', () => {
      socket.setTimeout(0);
      socket.removeListener('error', fail);
      resolve(socket);
    });
  });

type SocketCallback = (error: Error | null, socket?: { connection: Socket }) => void;

/**
 * nodemailer's `getSocket`: opens the TCP connection itself, to an address it has just checked, so
 * that nodemailer never resolves the name on its own. nodemailer still speaks SMTP over it and does
 * TLS (implicit, or STARTTLS) against the provider's host name, which is what the certificate names.
 */
export const relaySocket =
  (host: string, port: number, loopbackOnly: boolean) => (_options: unknown, callback: SocketCallback) => {
    checkedAddresses(host, loopbackOnly)
      .then(([address]) => openTcp(address, port))
      .then(
        (connection) => callback(null, { connection }),
        (error: Error) => callback(error),
      );
  };
