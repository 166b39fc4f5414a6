/** `"Name" <email>` with the display name quoted as RFC 5322 needs, or the bare address. */
export const formatAddress = (email: string, name: string | null | undefined) =>
  name ? `"${name.replace(/["\\]/g, '\\$&').replace(/[\r\n]+/g, ' ')}" <${email}>` : email;
