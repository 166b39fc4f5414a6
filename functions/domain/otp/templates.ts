/**
 * The OTP mails, in one place: a subject and a short wording per template; the layout is shared.
 * Change the wording here; the code and its lifetime are filled in by `renderOtpMail`.
 */
export const OTP_TEMPLATES = ['login', 'signup', 'reset'] as const;
export type OtpTemplate = (typeof OTP_TEMPLATES)[number];

const TEMPLATES: Record<OtpTemplate, { subject: string; heading: string; intro: string }> = {
  login: { subject: 'Your sign-in code', heading: 'Sign in', intro: 'Use this code to sign in:' },
  signup: {
    subject: 'Confirm your email address',
    heading: 'Welcome',
    intro: 'Use this code to confirm your email address:',
  },
  reset: {
    subject: 'Your password reset code',
    heading: 'Reset your password',
    intro: 'Use this code to reset your password:',
  },
};

const lifetime = (seconds: number) => {
  const minutes = Math.round(seconds / 60);
  return minutes >= 60 && minutes % 60 === 0
    ? `${minutes / 60} hour${minutes === 60 ? '' : 's'}`
    : `${minutes} minute${minutes === 1 ? '' : 's'}`;
};

/** The inline styles of the mail's html, apart so that its lines stay short. */
const BODY_STYLE =
  'margin:0;padding:24px;background:#f6f7f9;' +
  'font-family:-apple-system,Segoe UI,Helvetica,Arial,sans-serif;color:#1f2328';
const CARD_STYLE = 'max-width:480px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px';
const CODE_STYLE =
  'font-size:32px;font-weight:700;letter-spacing:6px;margin:0 0 16px;font-family:Menlo,Consolas,monospace';

export const renderOtpMail = (template: OtpTemplate, code: string, expiresInSeconds: number) => {
  const { subject, heading, intro } = TEMPLATES[template];
  const validity = `It expires in ${lifetime(expiresInSeconds)}. If you did not ask for it, you can ignore this email.`;
  const text = `${heading}\n\n${intro}\n\n    ${code}\n\n${validity}\n`;
  const html = `<!doctype html>
<html><body style="${BODY_STYLE}">
<table role="presentation" width="100%" style="${CARD_STYLE}">
<tr><td>
<h1 style="font-size:20px;margin:0 0 16px">${heading}</h1>
<p style="margin:0 0 16px">${intro}</p>
<p style="${CODE_STYLE}">${code}</p>
<p style="margin:0;color:#57606a;font-size:14px">${validity}</p>
</td></tr></table>
</body></html>`;
  return { subject, html, text };
};
