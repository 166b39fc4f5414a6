import { otpSessionDeps } from '../adapters/wiring';
import { verifyOtp } from '../domain/otp/otp-service';
import { apiHandler } from '../http/api-handler';
import { otpVerify } from '../routes/otp';

const deps = otpSessionDeps();

export const handler = apiHandler(otpVerify, async ({ auth, body }) => ({
  data: await verifyOtp(deps, auth.account_id, body.session_id, body.code),
}));
