import { otpSent, sendOtpBody } from '../../schemas/otp';
import { sendOtp } from '../../domain/otp/otp-service';
import { otp } from './area';
import { SEND_OTP } from '../../capabilities';
import { defineRoute } from '../define-route';

export const otpSend = defineRoute(
  {
    ...otp,
    id: 'otp-send',
    method: 'POST',
    path: '/api/v1/otp/send',
    summary: 'Email a one-time code and open a session',
    request: { body: sendOtpBody },
    response: otpSent,
    // Suppression list, default provider and the name claims of its sender (sender rule) read; session,
    // per-address window and send counters written.
    table: {
      read: ['suppression', 'provider', 'domainName'],
      write: ['otpSession', 'otpAddressWindow', 'sendCounter', 'stats'],
    },
    errors: ['RECIPIENT_SUPPRESSED', 'TOO_MANY_ATTEMPTS'],
    example: { email: 'ada@example.com', template: 'login', expires_in: 300, code_length: 6 },
    uses: SEND_OTP,
  },
  async ({ auth, body }, deps) => ({
    data: await sendOtp(deps, auth.account_id, body),
  }),
);

export default otpSend;
