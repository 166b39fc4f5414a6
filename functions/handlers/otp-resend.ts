import { otpDeps } from '../adapters/wiring';
import { resendOtp } from '../domain/otp/otp-service';
import { apiHandler } from '../http/api-handler';
import { otpResend } from '../routes/otp';

const deps = otpDeps();

export const handler = apiHandler(otpResend, async ({ auth, body }) => ({
  data: await resendOtp(deps, auth.account_id, body.session_id),
}));
