import { startSes } from '../local/emulators';
import { sesEmulatorAccount } from '../local/ses-account';
import { freePort } from '../test/support/free-port';
import { startFaultProxy } from '../test/support/fault-proxy';

/**
 * An SES emulator of its own answering GetAccount with `rate` as MaxSendRate, behind a proxy that times
 * each SendEmail call where the provider sees it (`sends`, ms); the SES endpoint points at the proxy
 * until `stop` puts the previous one back. A provider in a region no other measure uses gets a fresh
 * SES client, so it picks this endpoint and rate up.
 */
export const sesAtRate = async (rate: number) => {
  const previous = { ses: process.env.AWS_ENDPOINT_URL_SESV2, account: process.env.AWS_SES_ACCOUNT };
  process.env.AWS_SES_ACCOUNT = JSON.stringify(sesEmulatorAccount(rate));
  const ses = await startSes({ port: await freePort() });
  const proxy = await startFaultProxy(ses.endpoint);
  process.env.AWS_ENDPOINT_URL_SESV2 = proxy.endpoint;
  return {
    /** The emulator itself (its mailbox at `/store`). */
    endpoint: ses.endpoint,
    sends: proxy.sends,
    stop: async () => {
      process.env.AWS_ENDPOINT_URL_SESV2 = previous.ses;
      process.env.AWS_SES_ACCOUNT = previous.account;
      await proxy.close();
      await ses.stop();
    },
  };
};
