/** The SES emulator's mailbox (GET /store), as a test reads what was really sent. */
export interface SentMail {
  messageId: string;
  from: string;
  replyTo: string[];
  destination: { to: string[]; cc: string[]; bcc: string[] };
  subject: string;
  body: { html?: string; text?: string };
  headers?: { name: string; value: string }[];
}

const sentTo = (emails: SentMail[], address: string) => {
  const wanted = address.toLowerCase();
  return emails.filter((mail) =>
    [...mail.destination.to, ...mail.destination.cc, ...mail.destination.bcc].some((a) => a.toLowerCase() === wanted),
  );
};

const allSent = async () =>
  ((await (await fetch(`${process.env.SES_ENDPOINT}/store`)).json()) as { emails: SentMail[] }).emails;

export const mailTo = async (address: string): Promise<SentMail[]> => sentTo(await allSent(), address);

/**
 * The mailbox read once, then asked per address: the store holds every mail of the run, so a test
 * that checks a hundred addresses reads it once rather than a hundred times.
 */
export const mailboxNow = async () => {
  const emails = await allSent();
  return (address: string) => sentTo(emails, address);
};
