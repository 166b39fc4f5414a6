import { otpVerified, verifyOtpBody } from '../../schemas/otp';
import { verifyOtp } from '../../domain/otp/otp-service';
import { otp } from './area';
import { SESSION_ID } from '../example-ids';
import { defineRoute } from '../define-route';

export const otpVerify = defineRoute(
  {
    ...otp,
    id: 'otp-verify',
    method: 'POST',
    path: '/api/v1/otp/verify',
    summary: 'Check a one-time code',
    description: 'A session verifies once, after at most `max_attempts` tries.',
    request: { body: verifyOtpBody },
    response: otpVerified,
    table: { write: ['otpSession'] },
    errors: ['NOT_FOUND', 'INVALID_CODE', 'TOO_MANY_ATTEMPTS'],
    example: { session_id: SESSION_ID, code: '482913' },
    uses: ['sessions', 'otpSecret', 'clock'],
  },
  async ({ auth, body }, deps) => ({
    data: await verifyOtp(deps, auth.account_id, body.session_id, body.code),
  }),
);

export default otpVerify;
