import {
  otpResent,
  otpSent,
  otpSessionView,
  otpStatusParams,
  otpVerified,
  resendOtpBody,
  sendOtpBody,
  verifyOtpBody,
} from '../schemas/otp';
import { defineRoute, type RouteDefinition } from './define-route';

const otp = { tag: 'OTP', permission: 'otp' } as const;

// Each OTP route reaches only the items it uses (their partition keys, by IAM's dynamodb:LeadingKeys).

export const otpSend = defineRoute({
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
  aws: ['sendMail', 'otpSecret', 'providerSecrets'],
  errors: ['RECIPIENT_SUPPRESSED', 'TOO_MANY_ATTEMPTS'],
});

export const otpVerify = defineRoute({
  ...otp,
  id: 'otp-verify',
  method: 'POST',
  path: '/api/v1/otp/verify',
  summary: 'Check a code; a session verifies once, after at most max_attempts tries',
  request: { body: verifyOtpBody },
  response: otpVerified,
  table: { write: ['otpSession'] },
  aws: ['otpSecret'],
  errors: ['NOT_FOUND', 'INVALID_CODE', 'TOO_MANY_ATTEMPTS'],
});

export const otpResend = defineRoute({
  ...otp,
  id: 'otp-resend',
  method: 'POST',
  path: '/api/v1/otp/resend',
  summary: 'Email a new code for the session (the old one stops working)',
  request: { body: resendOtpBody },
  response: otpResent,
  table: { read: ['provider', 'domainName'], write: ['otpSession', 'sendCounter', 'stats'] },
  aws: ['sendMail', 'otpSecret', 'providerSecrets'],
  errors: ['NOT_FOUND', 'INVALID_CODE', 'TOO_MANY_ATTEMPTS'],
});

export const otpStatus = defineRoute({
  ...otp,
  id: 'otp-status',
  method: 'GET',
  path: '/api/v1/otp/status/{session_id}',
  summary: 'The session: status, attempts, expiry',
  request: { params: otpStatusParams },
  response: otpSessionView,
  table: { read: ['otpSession'] },
});

/** This file's routes, in the order the route table (index.ts) and the docs list them: a route defined above is added here. */
export const otpRoutes: readonly RouteDefinition[] = [otpSend, otpVerify, otpResend, otpStatus];
