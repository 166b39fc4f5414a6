import { otpResent, otpSent, otpSessionView, otpStatusParams, otpVerified, resendOtpBody, sendOtpBody, verifyOtpBody } from '../schemas/otp';
import { defineRoute } from './define-route';

// Each OTP route reaches only the items it uses (their partition keys, by IAM's dynamodb:LeadingKeys).

export const otpSend = defineRoute({
  id: 'otp-send',
  method: 'POST',
  path: '/api/v1/otp/send',
  summary: 'Email a one-time code and open a session',
  tag: 'OTP',
  permission: 'otp',
  request: { body: sendOtpBody },
  response: otpSent,
  // Suppression list and default provider read; session, per-address window and send counters written.
  table: { read: ['suppression', 'provider'], write: ['otpSession', 'otpAddressWindow', 'sendCounter'] },
  aws: ['sendMail', 'otpSecret', 'providerSecrets'],
  errors: ['RECIPIENT_SUPPRESSED', 'TOO_MANY_ATTEMPTS'],
});

export const otpVerify = defineRoute({
  id: 'otp-verify',
  method: 'POST',
  path: '/api/v1/otp/verify',
  summary: 'Check a code; a session verifies once, after at most max_attempts tries',
  tag: 'OTP',
  permission: 'otp',
  request: { body: verifyOtpBody },
  response: otpVerified,
  table: { write: ['otpSession'] },
  aws: ['otpSecret'],
  errors: ['NOT_FOUND', 'INVALID_CODE', 'TOO_MANY_ATTEMPTS'],
});

export const otpResend = defineRoute({
  id: 'otp-resend',
  method: 'POST',
  path: '/api/v1/otp/resend',
  summary: 'Email a new code for the session (the old one stops working)',
  tag: 'OTP',
  permission: 'otp',
  request: { body: resendOtpBody },
  response: otpResent,
  table: { read: ['provider'], write: ['otpSession', 'sendCounter'] },
  aws: ['sendMail', 'otpSecret', 'providerSecrets'],
  errors: ['NOT_FOUND', 'INVALID_CODE', 'TOO_MANY_ATTEMPTS'],
});

export const otpStatus = defineRoute({
  id: 'otp-status',
  method: 'GET',
  path: '/api/v1/otp/status/{session_id}',
  summary: 'The session: status, attempts, expiry',
  tag: 'OTP',
  permission: 'otp',
  request: { params: otpStatusParams },
  response: otpSessionView,
  table: { read: ['otpSession'] },
});
