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
  ('ade adp app asp bas bat cer chm cmd com cpl crt csh der exe fxp gadget hlp hta inf ins isp its js jse ksh lib lnk mad maf mag mam ' +
    'maq mar mas mat mau mav maw mda mdb mde mdt mdw mdz msc msh msh1 msh2 mshxml msh1xml msh2xml msi msp mst ops pcd pif plg prf prg ' +
    'reg scf scr sct shb shs sys ps1 ps1xml ps2 ps2xml psc1 psc2 tmp url vb vbe vbs vps vsmacros vss vst vsw vxd ws wsc wsf wsh xnk').split(' '),
);

/** The decoded size of base64 text (already checked to be base64), without decoding it. */
export const decodedLength = (base64: string) => Math.floor((base64.length * 3) / 4) - (base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0);

/** Why a file name is refused, or undefined. Extensions compare in lower case, after the last dot. */
export const refusedFilename = (filename: string): string | undefined => {
  const dot = filename.lastIndexOf('.');
  const extension = dot === -1 ? '' : filename.slice(dot + 1).toLowerCase().trimEnd();
  return REFUSED_EXTENSIONS.has(extension) ? `Files of type .${extension} cannot be sent (SES refuses executables and scripts)` : undefined;
};
