import { ATTACHMENT_LINK_SECONDS, findInbound, presentInbound } from '../../domain/inbound/inbound-view';
import { isoTimestamp } from '../../domain/time';
import { headerObject, resendReceivedSummary } from '../../http/resend-receiving';
import { resendReceivedEmail, resendReceivedParams, resendReceivedQuery } from '../../schemas/resend-receiving';
import { defineRoute } from '../define-route';
import { resendReceiving } from './area';

export const resendReceivingGet = defineRoute(
  {
    ...resendReceiving,
    id: 'resend-receiving-get',
    method: 'GET',
    path: '/resend/emails/receiving/{id}',
    summary: 'Get one received email, with its bodies and a link to its raw mail',
    description:
      '`raw.download_url` downloads the mail as received, for an hour (`expires_at`). A body too large for the ' +
      'answer is null (the raw mail has it). `html` is as received: inline images stay `cid:` links.',
    request: { params: resendReceivedParams, query: resendReceivedQuery },
    response: resendReceivedEmail,
    uses: ['inbound', 'inboundObjects', 'clock'],
  },
  async ({ auth, params }, deps) => {
    const expires = isoTimestamp(new Date(deps.clock.now().getTime() + ATTACHMENT_LINK_SECONDS * 1000));
    const mail = await findInbound(deps, auth.account_id, params.id);
    const shown = await presentInbound(deps, mail);
    return {
      data: {
        object: 'email' as const,
        ...resendReceivedSummary(mail),
        html: shown.html,
        text: shown.text,
        headers: headerObject(mail.headers),
        raw: { download_url: shown.raw_url, expires_at: expires },
      },
    };
  },
);

export default resendReceivingGet;
