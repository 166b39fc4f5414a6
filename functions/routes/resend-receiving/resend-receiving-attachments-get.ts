import { ATTACHMENT_LINK_SECONDS, findInbound, linkTo } from '../../domain/inbound/inbound-view';
import { isoTimestamp } from '../../domain/time';
import { findInboundAttachment } from '../../http/resend-receiving';
import { resendReceivedAttachment, resendReceivedAttachmentParams } from '../../schemas/resend-receiving';
import { defineRoute } from '../define-route';
import { resendReceiving } from './area';

export const resendReceivingAttachmentsGet = defineRoute(
  {
    ...resendReceiving,
    id: 'resend-receiving-attachments-get',
    method: 'GET',
    path: '/resend/emails/receiving/{id}/attachments/{attachment_id}',
    summary: "Get one of a received email's attachments, with a download link",
    description: '`download_url` downloads it for an hour (`expires_at`), always as a download.',
    request: { params: resendReceivedAttachmentParams },
    response: resendReceivedAttachment,
    uses: ['inbound', 'inboundObjects', 'clock'],
  },
  async ({ auth, params }, deps) => {
    const mail = await findInbound(deps, auth.account_id, params.id);
    const { attachment } = findInboundAttachment(mail, params.attachment_id);
    return {
      data: {
        object: 'attachment' as const,
        id: params.attachment_id.toLowerCase(),
        filename: attachment.filename,
        size: attachment.size,
        content_type: attachment.content_type,
        content_disposition: 'attachment' as const,
        download_url: await linkTo(deps, attachment.object, attachment.filename),
        expires_at: isoTimestamp(new Date(deps.clock.now().getTime() + ATTACHMENT_LINK_SECONDS * 1000)),
      },
    };
  },
);

export default resendReceivingAttachmentsGet;
