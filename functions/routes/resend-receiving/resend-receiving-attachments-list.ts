import { pageNextTo, requireAnchored } from '../../domain/id-paging';
import { ATTACHMENT_LINK_SECONDS, findInbound, linkTo } from '../../domain/inbound/inbound-view';
import { isoTimestamp } from '../../domain/time';
import { resendPageRequest } from '../../http/resend-paging';
import { inboundAttachmentId } from '../../http/resend-receiving';
import { resendListQuery } from '../../schemas/resend';
import { resendReceivedAttachmentList, resendReceivedParams } from '../../schemas/resend-receiving';
import { defineRoute } from '../define-route';
import { resendReceiving } from './area';

export const resendReceivingAttachmentsList = defineRoute(
  {
    ...resendReceiving,
    id: 'resend-receiving-attachments-list',
    method: 'GET',
    path: '/resend/emails/receiving/{id}/attachments',
    summary: "List a received email's attachments, with download links",
    description: 'In the order the mail holds them; each `download_url` downloads it for an hour (`expires_at`).',
    request: { params: resendReceivedParams, query: resendListQuery },
    response: resendReceivedAttachmentList,
    uses: ['inbound', 'inboundObjects', 'clock'],
  },
  async ({ auth, params, query }, deps) => {
    const request = resendPageRequest(query);
    const mail = await findInbound(deps, auth.account_id, params.id);
    const expires = isoTimestamp(new Date(deps.clock.now().getTime() + ATTACHMENT_LINK_SECONDS * 1000));
    const placed = mail.attachments.map((attachment, index) => ({
      attachment,
      id: inboundAttachmentId(mail.id, index),
    }));
    const page = requireAnchored(
      pageNextTo(placed, request, (entry) => entry.id),
      request,
    );
    const data = await Promise.all(
      page.items.map(async ({ attachment, id }) => ({
        id,
        filename: attachment.filename,
        size: attachment.size,
        content_type: attachment.content_type,
        content_disposition: 'attachment' as const,
        download_url: await linkTo(deps, attachment.object, attachment.filename),
        expires_at: expires,
      })),
    );
    return { data: { object: 'list' as const, has_more: page.has_more, data } };
  },
);

export default resendReceivingAttachmentsList;
