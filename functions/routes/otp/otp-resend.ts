import { otpResent, resendOtpBody } from '../../schemas/otp';
import { resendOtp } from '../../domain/otp/otp-service';
import { otp } from './area';
import { SESSION_ID } from '../example-ids';
import { SEND_OTP } from '../../capabilities';
import { defineRoute } from '../define-route';

export const otpResend = defineRoute(
  {
    ...otp,
    id: 'otp-resend',
    method: 'POST',
    path: '/api/v1/otp/resend',
    summary: 'Email a new code for the session',
    description: 'The old code stops working.',
    request: { body: resendOtpBody },
    response: otpResent,
    table: { read: ['provider', 'domainName'], write: ['otpSession', 'sendCounter', 'stats'] },
    errors: ['NOT_FOUND', 'INVALID_CODE', 'TOO_MANY_ATTEMPTS'],
    example: { session_id: SESSION_ID },
    uses: SEND_OTP,
  },
  async ({ auth, body }, deps) => ({
    data: await resendOtp(deps, auth.account_id, body.session_id),
  }),
);

export default otpResend;
