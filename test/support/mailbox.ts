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

export const mailTo = async (address: string): Promise<SentMail[]> => {
  const response = await fetch(`${process.env.SES_ENDPOINT}/store`);
  const { emails } = (await response.json()) as { emails: SentMail[] };
  const wanted = address.toLowerCase();
  return emails.filter((mail) =>
    [...mail.destination.to, ...mail.destination.cc, ...mail.destination.bcc].some((a) => a.toLowerCase() === wanted),
  );
};
