import { otpDeps } from '../adapters/wiring';
import { sendOtp } from '../domain/otp/otp-service';
import { apiHandler } from '../http/api-handler';
import { otpSend } from '../routes/otp';

const deps = otpDeps();

export const handler = apiHandler(otpSend, async ({ auth, body }) => ({
  data: await sendOtp(deps, auth.account_id, body),
}));
