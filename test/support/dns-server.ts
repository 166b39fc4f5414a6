import dns2 from 'dns2';
import { createSocket } from 'node:dgram';

const { Packet } = dns2;
const NXDOMAIN = 3;

export type Published =
  | { type: 'CNAME'; value: string }
  | { type: 'MX'; exchange: string; priority: number }
  | { type: 'TXT'; value: string };

/** A free UDP port on 127.0.0.1 (free-port.ts finds TCP ones). */
const freeUdpPort = () =>
  new Promise<number>((resolve, reject) => {
    const socket = createSocket('udp4');
    socket.once('error', reject);
    socket.bind(0, '127.0.0.1', () => {
      const { port } = socket.address();
      socket.close(() => resolve(port));
    });
  });

/**
 * A real DNS server (dns2, over UDP on 127.0.0.1) whose zone the test writes: the service's
 * look-ups and the SES identity peer reach it through DNS_SERVERS, as they would a real resolver.
 * A name with no record at all answers NXDOMAIN; a name with records of other types, no answers.
 * A name made `silent`, or under a silent name, gets no answer at all: a name server that never answers.
 */
export const startDnsServer = async () => {
  const zone = new Map<string, Published[]>();
  const silent = new Set<string>();
  const isSilent = (name: string) => [...silent].some((quiet) => name === quiet || name.endsWith(`.${quiet}`));
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const name = question.name.toLowerCase().replace(/\.$/, '');
      if (isSilent(name)) return;
      const records = zone.get(name);
      // dns2's types want class instances; its encoder takes plain records.
      const answers = response.answers as unknown[];
      if (!records) response.header.rcode = NXDOMAIN;
      for (const record of records ?? []) {
        const base = { name: question.name, class: Packet.CLASS.IN, ttl: 0 };
        if (record.type === 'CNAME' && question.type === Packet.TYPE.CNAME)
          answers.push({ ...base, type: Packet.TYPE.CNAME, domain: record.value });
        if (record.type === 'MX' && question.type === Packet.TYPE.MX)
          answers.push({ ...base, type: Packet.TYPE.MX, exchange: record.exchange, priority: record.priority });
        if (record.type === 'TXT' && question.type === Packet.TYPE.TXT)
          answers.push({ ...base, type: Packet.TYPE.TXT, data: record.value });
      }
      send(response);
    },
  });
  const port = await freeUdpPort();
  await server.listen({ udp: { port, address: '127.0.0.1' } });
  return {
    /** For DNS_SERVERS. */
    address: `127.0.0.1:${port}`,
    publish: (name: string, record: Published) =>
      zone.set(name.toLowerCase(), [...(zone.get(name.toLowerCase()) ?? []), record]),
    remove: (name: string) => zone.delete(name.toLowerCase()),
    /** The name and every name under it never get an answer (until `answer`). */
    silence: (name: string) => silent.add(name.toLowerCase()),
    answer: (name: string) => silent.delete(name.toLowerCase()),
    close: () => server.close(),
  };
};
