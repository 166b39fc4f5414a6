import { otpSessionView, otpStatusParams } from '../../schemas/otp';
import { otpSessionStatus } from '../../domain/otp/otp-service';
import { otp } from './area';
import { defineRoute } from '../define-route';

export const otpStatus = defineRoute(
  {
    ...otp,
    id: 'otp-status',
    method: 'GET',
    path: '/api/v1/otp/status/{session_id}',
    summary: 'Get a session: status, attempts, expiry',
    request: { params: otpStatusParams },
    response: otpSessionView,
    table: { read: ['otpSession'] },
    uses: ['sessions', 'clock'],
  },
  async ({ auth, params }, deps) => ({
    data: await otpSessionStatus(deps, auth.account_id, params.session_id),
  }),
);

export default otpStatus;
