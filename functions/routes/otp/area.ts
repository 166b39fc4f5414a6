export const otp = { tag: 'OTP', permission: 'otp' } as const;

// Each OTP route reaches only the items it uses (their partition keys, by IAM's dynamodb:LeadingKeys).
