export { otp } from './area';
export { default as otpSend } from './otp-send';
export { default as otpVerify } from './otp-verify';
export { default as otpResend } from './otp-resend';
export { default as otpStatus } from './otp-status';
import otpSend from './otp-send';
import otpVerify from './otp-verify';
import otpResend from './otp-resend';
import otpStatus from './otp-status';
import type { AnyRoute } from '../define-route';

/**
 * The area's routes, in the order the route table (../index.ts) and the docs list them: a new route module is added
 * here.
 */
export const otpRoutes: readonly AnyRoute[] = [otpSend, otpVerify, otpResend, otpStatus];
