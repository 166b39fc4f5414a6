/** Ids the request examples share (a list, an OTP session), so the examples read as one story. */
export const LIST_ID = '3f0c6a1e-8b2d-4c7e-9a51-2d4f6b8e0c13';
export const SESSION_ID = 'otp_Xq3vJ8mK2pL9sT4wZ7yB1cD5';
