import { BlockList, isIP } from 'node:net';

/**
 * Addresses no relay on the internet has: the service's own machine and networks (loopback,
 * private, link-local with the cloud metadata service at 169.254.169.254 and fd00:ec2::254,
 * unique-local, carrier-grade NAT) and addresses that are not a single host. A provider pointed at
 * one of them would make the service probe its own network for whoever holds an admin key.
 * An IPv6 address that carries an IPv4 address (embeddedIPv4) is judged by that IPv4 address too.
 */
const internal = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 3], // multicast, reserved, broadcast
] as const) {
  internal.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b:1::', 48], // local-use NAT64
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  internal.addSubnet(network, prefix, 'ipv6');
}

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

const family = (address: string) => (isIP(address) === 6 ? 'ipv6' : 'ipv4');

/** The 16 bytes of a valid IPv6 address (as isIP accepts it: `::`, a dotted IPv4 tail, a zone). */
const ipv6Bytes = (address: string) => {
  let text = address.replace(/%.*$/, '');
  const tail: number[] = [];
  if (text.includes('.')) {
    const lastColon = text.lastIndexOf(':');
    tail.push(
      ...text
        .slice(lastColon + 1)
        .split('.')
        .map(Number),
    );
    text = `${text.slice(0, lastColon + 1)}0:0`;
  }
  const [left, right] = text.split('::');
  const words = (part: string | undefined) => (part ? part.split(':') : []);
  const head = words(left);
  const rest = right === undefined ? [] : words(right);
  const all = [...head, ...Array<string>(8 - head.length - rest.length).fill('0'), ...rest];
  const bytes = all.flatMap((word) => {
    const value = parseInt(word, 16);
    return [value >> 8, value & 0xff];
  });
  if (tail.length) bytes.splice(12, 4, ...tail);
  return bytes;
};

const dotted = (bytes: number[]) => bytes.join('.');
const zero = (bytes: number[]) => bytes.every((byte) => byte === 0);

/**
 * The IPv4 addresses an IPv6 address carries, by the forms that reach an IPv4 host through it:
 * IPv4-compatible (::a.b.c.d), IPv4-mapped (::ffff:a.b.c.d), IPv4-translated (::ffff:0:a.b.c.d),
 * NAT64 (64:ff9b::/96; its local-use 64:ff9b:1::/48 is refused whole), 6to4 (2002::/16) and Teredo
 * (2001::/32: the server's address, and the client's, stored inverted). Each must pass the IPv4 rules:
 * 64:ff9b::a9fe:a9fe is the metadata service to a network with a NAT64 gateway (issue 23).
 */
export const embeddedIPv4 = (address: string): string[] => {
  if (isIP(address) !== 6) return [];
  const b = ipv6Bytes(address);
  const last = b.slice(12, 16);
  const found: string[] = [];
  if (zero(b.slice(0, 10)) && ((b[10] === 0 && b[11] === 0) || (b[10] === 0xff && b[11] === 0xff)))
    found.push(dotted(last));
  if (zero(b.slice(0, 8)) && b[8] === 0xff && b[9] === 0xff && b[10] === 0 && b[11] === 0) found.push(dotted(last));
  if (b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zero(b.slice(4, 12)))
    found.push(dotted(last));
  if (b[0] === 0x20 && b[1] === 0x02) found.push(dotted(b.slice(2, 6)));
  if (b[0] === 0x20 && b[1] === 0x01 && b[2] === 0 && b[3] === 0)
    found.push(dotted(b.slice(4, 8)), dotted(last.map((byte) => byte ^ 0xff)));
  return found;
};

export const isInternalAddress = (address: string): boolean =>
  internal.check(address, family(address)) || embeddedIPv4(address).some((ipv4) => internal.check(ipv4, 'ipv4'));
export const isLoopbackAddress = (address: string) => loopback.check(address, family(address));

/** `localhost` and `*.localhost` name the machine itself (RFC 6761), whatever a resolver says. */
const isLocalName = (host: string) => /(^|\.)localhost\.?$/i.test(host);

/**
 * A host that is internal by its name alone: an internal address literal, or a localhost name. Other
 * names are checked where they are resolved, at connect time (a name can change what it points at).
 */
export const isInternalHost = (host: string) => (isIP(host) ? isInternalAddress(host) : isLocalName(host));

/** A host that names this machine: a loopback address literal, or a localhost name. */
export const isLoopbackHost = (host: string) => (isIP(host) ? isLoopbackAddress(host) : isLocalName(host));
