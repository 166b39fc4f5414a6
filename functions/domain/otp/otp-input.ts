import type { OtpTemplate } from './templates';

/** What a code request asks for (schemas/otp.ts is checked against it and enforces the ranges). */
export interface SendOtpInput {
  email: string;
  template?: OtpTemplate;
  /** Seconds, 60..3600 (default 300). */
  expires_in?: number;
  /** Digits, 4..8 (default 6). */
  code_length?: number;
}
