import { otpSessionDeps } from '../adapters/wiring';
import { otpSessionStatus } from '../domain/otp/otp-service';
import { apiHandler } from '../http/api-handler';
import { otpStatus } from '../routes/otp';

const deps = otpSessionDeps();

export const handler = apiHandler(otpStatus, async ({ auth, params }) => ({
  data: await otpSessionStatus(deps, auth.account_id, params.session_id),
}));
