/**
 * Attachments (docs/promises.md, "Messages"): at most 10 a mail, 4 MiB decoded in all, a file name
 * without path separators or line breaks, and none of the types SES refuses. `content` stays base64 from
 * the request to the mailer, which decodes it once: what arrives is byte for byte what was sent.
 */
export interface Attachment {
  filename: string;
  /** The file's bytes, base64. */
  content: string;
  content_type?: string;
  /** Inline: the html refers to it as `cid:<content_id>`. */
  content_id?: string;
}

export const MAX_ATTACHMENTS = 10;
export const MAX_ATTACHMENT_BYTES = 4 * 1024 * 1024;

/**
 * The file extensions SES refuses to send (its "unsupported attachment types": executables, scripts,
 * shortcuts, installers), refused at accept so that no queued mail fails on them later.
 */
export const REFUSED_EXTENSIONS: ReadonlySet<string> = new Set(
  (
    'ade adp app asp bas bat cer chm cmd com cpl crt csh der exe fxp gadget hlp hta inf ins isp its js ' +
    'jse ksh lib lnk mad maf mag mam maq mar mas mat mau mav maw mda mdb mde mdt mdw mdz msc msh msh1 ' +
    'msh2 mshxml msh1xml msh2xml msi msp mst ops pcd pif plg prf prg reg scf scr sct shb shs sys ps1 ' +
    'ps1xml ps2 ps2xml psc1 psc2 tmp url vb vbe vbs vps vsmacros vss vst vsw vxd ws wsc wsf wsh xnk'
  ).split(' '),
);

/** The decoded size of base64 text (already checked to be base64), without decoding it. */
export const decodedLength = (base64: string) =>
  Math.floor((base64.length * 3) / 4) - (base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0);

/**
 * Characters no reader sees: control and format characters (zero-width space, joiners, the soft hyphen,
 * the BOM, bidirectional marks, embeddings, overrides and isolates such as RLO U+202E, tag characters)
 * and the other default-ignorable code points (variation selectors, fillers). Mail clients and file
 * systems drop or reorder them, so `invoice.exe` with one of them inside or after it is still one.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;

/** Windows drops trailing dots and spaces from a name (`invoice.exe. .` is `invoice.exe`); clients trim spaces. */
const withoutTrailingDotsAndSpaces = (name: string) => {
  let end = name.length;
  while (end > 0 && (name[end - 1] === '.' || /\s/.test(name[end - 1]!))) end--;
  return name.slice(0, end);
};

const extensionOf = (name: string) => {
  const part = withoutTrailingDotsAndSpaces(name);
  const dot = part.lastIndexOf('.');
  return dot === -1 ? '' : part.slice(dot + 1);
};

/**
 * The extensions a receiving system may read in a file name. The name is read as it is and in its
 * compatibility form (NFKC: a full-width `ｅｘｅ` or a one-dot leader is `exe` or a dot there), without
 * its invisible characters, in lower case; every part between colons counts, since on Windows
 * `invoice.exe::$DATA` and `report.pdf:x.exe` name the file `invoice.exe` and a stream `x.exe`.
 * Linear in the name (at most 255 characters).
 */
const readExtensions = (filename: string) => {
  const forms = [filename, filename.normalize('NFKC')];
  const readings = new Set(forms.map((name) => name.replace(INVISIBLE, '').toLowerCase()));
  return new Set([...readings].flatMap((name) => name.split(':').map(extensionOf)));
};

/**
 * Why a file name is refused, or undefined: when any reading of it (readExtensions) has a type SES
 * refuses. The check only reads the name: the file goes out under the name it was given (docs/promises.md).
 */
export const refusedFilename = (filename: string): string | undefined => {
  const refused = [...readExtensions(filename)].find((extension) => REFUSED_EXTENSIONS.has(extension));
  if (refused === undefined) return undefined;
  return (
    `Files of type .${refused} cannot be sent (SES refuses executables and scripts; a name is read ` +
    'without trailing dots and spaces, invisible characters or a stream after a colon)'
  );
};

/**
 * Composite MIME types: a `message/*` part is shown as a mail inside the mail, a `multipart/*` one
 * read as structure (RFC 2046 lets neither be base64-encoded, which a file is). A file is a leaf.
 */
export const isCompositeType = (contentType: string) => /^\s*(message|multipart)\s*\//i.test(contentType);

/**
 * The one composite type taken: a whole mail attached as `message/rfc822`, as Resend's SDK sends a wrapped
 * forward (`emails.receiving.forward` with `passthrough: false`). Taken only in that shape
 * (forwardedMailProblem), and sent as the 7bit part RFC 2046 asks for (the mailers), never base64.
 */
export const isForwardedMail = (contentType: string | undefined) =>
  contentType !== undefined && /^\s*message\s*\/\s*rfc822\s*(;|$)/i.test(contentType);

/** A header field's name and colon (RFC 5322 2.2: printable ASCII but the colon), first in an attached mail. */
const HEADER_FIELD = /^[!-9;-~]+:/;
/** RFC 5322 2.1.1: a line is at most 998 characters before its CRLF. */
const MAX_LINE = 998;

/**
 * Why a mail's attachments cannot carry a mail, or undefined (none does, or one does as a forward): the mail
 * attached is its only file, not inline (no content_id), within MAX_ATTACHMENT_BYTES as every file is (the
 * attachments' own check), and 7bit as it is (ASCII without NUL, lines of at most 998 characters, header
 * fields first): a `message/rfc822` part may not be base64-encoded, so what is sent is its bytes as they are,
 * and only 7bit bytes travel every hop so. Linear in the file.
 */
export const forwardedMailProblem = (files: Pick<Attachment, 'content' | 'content_type' | 'content_id'>[]) => {
  const forwarded = files.filter((file) => isForwardedMail(file.content_type));
  if (!forwarded.length) return undefined;
  if (files.length !== 1) return 'A message/rfc822 attachment (a forwarded mail) must be the mail’s only attachment';
  const [file] = forwarded;
  if (file.content_id) return 'A message/rfc822 attachment (a forwarded mail) cannot be inline: leave content_id out';
  const mail = Buffer.from(file.content, 'base64');
  const sevenBit =
    !mail.some((byte) => byte === 0 || byte > 127) &&
    mail
      .toString('latin1')
      .split('\n')
      .every((line) => line.replace(/\r$/, '').length <= MAX_LINE);
  if (!sevenBit)
    return (
      'A forwarded mail (message/rfc822) must be 7bit: ASCII, lines of at most 998 characters ' +
      '(forward its parts instead: the SDK’s default, passthrough)'
    );
  if (!HEADER_FIELD.test(mail.toString('latin1')))
    return 'A forwarded mail (message/rfc822) must begin with its header';
  return undefined;
};

export const COMPOSITE_TYPE_REFUSAL =
  'content_type may not be message/* or multipart/*: a file is sent as a leaf part ' +
  '(send a saved mail as application/octet-stream, or leave content_type out; message/rfc822 is taken ' +
  'as a forwarded mail, the mail’s only attachment)';
