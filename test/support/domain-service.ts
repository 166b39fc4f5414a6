import { startSesIdentitiesPeer } from '../../local/ses-identities-peer';
import { startDnsServer } from './dns-server';
import { startService } from './service';

/**
 * The service as the sending-domain tests need it: a DNS server of the test's own (DNS_SERVERS) and
 * the peer of SES's identity operations in front of the SES emulator, both pointed at before the
 * service starts. `stop` ends all three.
 */
export const startDomainService = async () => {
  const dns = await startDnsServer();
  process.env.DNS_SERVERS = dns.address;
  const ses = await startSesIdentitiesPeer({ port: 0, ses: process.env.AWS_ENDPOINT_URL_SESV2! });
  process.env.AWS_ENDPOINT_URL_SESV2 = ses.endpoint;
  const service = await startService();
  return {
    dns,
    ses,
    service,
    stop: async () => {
      await service.close();
      await ses.stop();
      dns.close();
    },
  };
};
