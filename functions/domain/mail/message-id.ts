/**
 * Our Message-ID is `<uuid@domain>` (RFC 5322). The uuid keys the record; the domain is the sender's,
 * as mail clients expect. The status path may carry the id with or without its angle brackets.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const newMessageId = (uuid: string, fromEmail: string) => `<${uuid}@${fromEmail.split('@').pop()}>`;

/** A uuid as we make them (our ids travel in provider events as they are, so they are checked). */
export const isMessageUuid = (value: string | null | undefined): value is string => !!value && UUID.test(value);

export const parseMessageId = (raw: string): { uuid: string; messageId: string } | undefined => {
  const bare = raw.trim().replace(/^<|>$/g, '');
  const at = bare.indexOf('@');
  const uuid = at === -1 ? bare : bare.slice(0, at);
  if (!UUID.test(uuid)) return undefined;
  return { uuid: uuid.toLowerCase(), messageId: `<${bare}>` };
};

/** The uuid part of a stored `<uuid@domain>` id. */
export const messageUuid = (messageId: string) => messageId.slice(1, messageId.indexOf('@'));
