/**
 * A contact's id: a UUID (v7 of RFC 9562) whose first 48 bits are its creation time in milliseconds
 * and whose rest is random (taken from a random UUID), so that the ids of an account's contacts sort
 * by creation: newest first is one Query backwards, and a page at any depth starts at a key.
 */
export const contactId = (createdAt: Date, randomUuid: string) => {
  const time = createdAt.getTime().toString(16).padStart(12, '0').slice(-12);
  const random = randomUuid.replace(/-/g, '');
  const variant = ((parseInt(random[16], 16) & 0x3) | 0x8).toString(16);
  return (
    `${time.slice(0, 8)}-${time.slice(8, 12)}-7${random.slice(13, 16)}-` +
    `${variant}${random.slice(17, 20)}-${random.slice(20, 32)}`
  );
};
