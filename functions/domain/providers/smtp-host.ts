import { BlockList, isIP } from 'node:net';

/**
 * Addresses no relay on the internet has: the service's own machine and networks (loopback,
 * private, link-local with the cloud metadata service at 169.254.169.254 and fd00:ec2::254,
 * unique-local, carrier-grade NAT) and addresses that are not a single host. A provider pointed at
 * one of them would make the service probe its own network for whoever holds an admin key.
 * IPv4-mapped IPv6 addresses (::ffff:a.b.c.d) are checked against the IPv4 ranges by BlockList.
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

export const isInternalAddress = (address: string) => internal.check(address, family(address));
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
