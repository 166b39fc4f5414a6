import { sendBatchBody, sendBatchResult } from '../../schemas/mail';
import { sendBatch } from '../../domain/mail/send-batch';
import { batchItemCheck } from '../../http/template-mail';
import { mail, SEND_BODY_BYTES } from './area';
import { SEND_BATCH } from '../../capabilities';
import { defineRoute } from '../define-route';

export const mailSendBatch = defineRoute(
  {
    ...mail,
    id: 'mail-send-batch',
    tenantAware: true,
    method: 'POST',
    path: '/api/v1/mail/send-batch',
    summary: 'Queue up to 100 messages',
    description:
      'Each message has its own content or a template with variables; a scheduled drainer sends them at the ' +
      'provider rate.',
    request: { body: sendBatchBody },
    response: sendBatchResult,
    maxBodyBytes: SEND_BODY_BYTES,
    lambda: { memoryMb: 512 },
    idempotent: true,
    errors: ['FROM_NOT_ALLOWED'],
    example: {
      from_name: 'Example Inc.',
      messages: [
        { to: 'ada@example.com', subject: 'Your invoice', text: 'Invoice 1001 is attached to your account.' },
        {
          to: 'grace@example.com',
          subject: 'Your invoice',
          html: '<p>Invoice 1002 is attached to your account.</p>',
          track_opens: false,
          track_clicks: false,
        },
      ],
    },
    uses: SEND_BATCH,
  },
  async ({ auth, body }, deps) => ({
    data: await sendBatch(
      deps,
      auth.account_id,
      body,
      await batchItemCheck(deps, auth.account_id, body.messages, { from_email: body.from_email }),
      'api',
      auth.tenant_id,
    ),
  }),
);

export default mailSendBatch;
