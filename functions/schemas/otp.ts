import * as z from 'zod/mini';
import { OTP_TEMPLATES } from '../domain/otp/templates';
import type { SendOtpInput } from '../domain/otp/otp-input';
import { email, nonEmpty, parsesTo } from './common';
import { secret } from './secret';

export const sendOtpBody = parsesTo<SendOtpInput>()(
  z.object({
    email: email(),
    template: z.optional(z.enum(OTP_TEMPLATES)),
    expires_in: z.optional(z.int().check(z.gte(60), z.lte(3600))),
    code_length: z.optional(z.int().check(z.gte(4), z.lte(8))),
  }),
);

export const sessionIdField = () => nonEmpty(100);

export const verifyOtpBody = z.object({
  session_id: sessionIdField(),
  code: secret(z.string().check(z.regex(/^\d{4,8}$/, 'The code is 4 to 8 digits'))),
});

export const resendOtpBody = z.object({ session_id: sessionIdField() });
export const otpStatusParams = z.object({ session_id: sessionIdField() });

export const otpSent = z.object({ session_id: z.string(), email: z.string(), expires_at: z.string() });
export const otpVerified = z.object({ verified: z.literal(true), email: z.string() });
export const otpResent = z.object({ session_id: z.string(), expires_at: z.string() });
export const otpSessionView = z.object({
  session_id: z.string(),
  email: z.string(),
  status: z.enum(['pending', 'verified', 'expired']),
  attempts: z.int(),
  max_attempts: z.int(),
  expires_at: z.string(),
});
