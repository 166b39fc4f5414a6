import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { createHash, randomBytes } from 'node:crypto';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drainOnce } from '../support/drain';
import { mailTo } from '../support/mailbox';
import { client, newAccount, startService, uniqueAddress, type Client, type TestService } from '../support/service';
import { startSmtpSink } from '../support/smtp-sink';

let service: TestService;
let api: Client;
let accountId: string;

beforeAll(async () => {
  service = await startService();
  const account = await newAccount('Attachments');
  accountId = account.accountId;
  api = client(service, account.apiKey);
  await api.post('/api/v1/providers', { type: 'ses', name: 'SES', from_email: 'files@example.com' });
});
afterAll(() => service.close());

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
/** What the SES emulator stored of a mail's files (base64 content, as SES got it). */
const storedFiles = async (to: string) => {
  const [mail] = (await mailTo(to)) as unknown as {
    attachments: { filename: string; content: string; contentType: string; contentId?: string }[];
  }[];
  return mail.attachments.map((file) => ({ ...file, sha256: sha256(Buffer.from(file.content, 'base64')) }));
};
const objectsOfAccount = async () => {
  const s3 = new S3Client({ forcePathStyle: true });
  const { Contents = [] } = await s3.send(
    new ListObjectsV2Command({ Bucket: process.env.ATTACHMENTS_BUCKET, Prefix: `${accountId}/` }),
  );
  s3.destroy();
  return Contents.map((object) => object.Key);
};

describe('attachments', () => {
  const binary = randomBytes(1024 * 1024);
  const file = { filename: 'report.bin', content: binary.toString('base64'), content_type: 'application/octet-stream' };

  it('sends a 1 MiB binary file byte for byte through a single send (SES Attachments)', async () => {
    const to = uniqueAddress('single-file');
    const sent = await api.post('/api/v1/mail/send', { to, subject: 'A file', text: 'attached', attachments: [file] });
    expect(sent.status).toBe(200);
    expect(await storedFiles(to)).toEqual([
      expect.objectContaining({
        filename: 'report.bin',
        contentType: 'application/octet-stream',
        sha256: sha256(binary),
      }),
    ]);
  });

  it(
    'queues a 1 MiB file of a batch item through the attachment store and sends it byte for byte; the stored copy ' +
      'is dropped once sent',
    async () => {
      const to = uniqueAddress('batch-file');
      const small = uniqueAddress('batch-small');
      const tiny = randomBytes(100);
      const batch = await api.post('/api/v1/mail/send-batch', {
        messages: [
          { to, subject: 'Queued file', text: 'attached', attachments: [file] },
          {
            to: small,
            subject: 'Small file',
            text: 'attached',
            attachments: [{ filename: 'tiny.dat', content: tiny.toString('base64') }],
          },
        ],
      });
      expect(batch.body.data.queued).toBe(2);
      // The large one waits in the bucket; the small one travels inside its queue message.
      expect(await objectsOfAccount()).toHaveLength(1);
      await drainOnce();
      expect((await storedFiles(to))[0].sha256).toBe(sha256(binary));
      expect((await storedFiles(small))[0]).toMatchObject({
        filename: 'tiny.dat',
        sha256: sha256(tiny),
        contentType: 'application/octet-stream',
      });
      expect(await objectsOfAccount()).toEqual([]);
    },
  );

  it('drops the stored files of a scheduled mail that is cancelled', async () => {
    const scheduled = await api.post('/api/v1/mail/send', {
      to: uniqueAddress(),
      subject: 'Later',
      text: 't',
      attachments: [file],
      scheduled_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(scheduled.status).toBe(202);
    expect(await objectsOfAccount()).toHaveLength(1);
    await api.post(`/api/v1/mail/${encodeURIComponent(scheduled.body.data.message_id)}/cancel`);
    expect(await objectsOfAccount()).toEqual([]);
  });

  it('sends files as MIME parts over SMTP, an inline one under its content id', async () => {
    const sink = await startSmtpSink();
    try {
      const smtp = client(service, (await newAccount('SMTP files')).apiKey);
      await smtp.post('/api/v1/providers', {
        type: 'smtp',
        name: 'Relay',
        from_email: 'relay@example.org',
        host: '127.0.0.1',
        port: sink.port,
        secure: false,
      });
      const logo = randomBytes(2048);
      const sent = await smtp.post('/api/v1/mail/send', {
        to: uniqueAddress(),
        subject: 'Files',
        html: '<img src="cid:logo@x">',
        track_opens: false,
        attachments: [
          file,
          { filename: 'logo.png', content: logo.toString('base64'), content_type: 'image/png', content_id: 'logo@x' },
        ],
      });
      expect(sent.status).toBe(200);
      const parsed = await simpleParser(sink.received[0].raw);
      // The inline part sits beside the html (multipart/related), so the order of parts is not the request's.
      const files = parsed.attachments.map((a) => ({
        filename: a.filename,
        sha256: sha256(a.content),
        cid: a.cid,
        inline: a.contentDisposition,
      }));
      expect(files.sort((a, b) => String(b.filename).localeCompare(String(a.filename)))).toEqual([
        { filename: 'report.bin', sha256: sha256(binary), cid: undefined, inline: 'attachment' },
        { filename: 'logo.png', sha256: sha256(logo), cid: 'logo@x', inline: 'inline' },
      ]);
    } finally {
      await sink.close();
    }
  });

  it('refuses bad attachments with 400 naming the field, and fails such a batch item alone', async () => {
    const small = Buffer.from('hello').toString('base64');
    const cases: [string, unknown][] = [
      ['attachments', Array.from({ length: 11 }, (_, i) => ({ filename: `f${i}.txt`, content: small }))],
      ['attachments.0.filename', [{ filename: 'setup.EXE', content: small }]],
      ['attachments.0.filename', [{ filename: 'run.js', content: small }]],
      ['attachments.0.filename', [{ filename: '../etc/passwd', content: small }]],
      ['attachments.0.filename', [{ filename: 'a\r\nb.txt', content: small }]],
      ['attachments.0.filename', [{ filename: '', content: small }]],
      ['attachments.0.content', [{ filename: 'a.txt', content: 'not base64!' }]],
      ['attachments.0.content', [{ filename: 'a.txt', content: 'abc' }]],
      ['attachments.0.content_type', [{ filename: 'a.txt', content: small, content_type: 'text/plain\r\nX-Evil: 1' }]],
      ['attachments.0.content_id', [{ filename: 'a.txt', content: small, content_id: '<a b>' }]],
      ['attachments', [{ filename: 'big.bin', content: Buffer.alloc(4 * 1024 * 1024 + 1).toString('base64') }]],
    ];
    for (const [field, attachments] of cases) {
      const answer = await api.post('/api/v1/mail/send', { to: uniqueAddress(), subject: 's', text: 't', attachments });
      expect([
        field,
        answer.status,
        answer.body.error.code,
        answer.body.error.details.map((d: { field: string }) => d.field),
      ]).toEqual([field, 400, 'VALIDATION_ERROR', expect.arrayContaining([field])]);
    }
    const batch = await api.post('/api/v1/mail/send-batch', {
      messages: [
        { to: uniqueAddress(), subject: 's', text: 't', attachments: [{ filename: 'x.bat', content: small }] },
        { to: uniqueAddress(), subject: 's', text: 't' },
      ],
    });
    expect(batch.body.data.messages.map((m: { status: string }) => m.status)).toEqual(['failed', 'queued']);
    expect(batch.body.data.messages[0].error.message).toContain('.bat');
  });

  it('takes bodies up to 6 MiB on the send routes, answers 413 in the envelope above (1 MiB elsewhere)', async () => {
    const seven = JSON.stringify({ to: uniqueAddress(), subject: 's', text: 'x'.repeat(7 * 1024 * 1024) });
    for (const path of ['/api/v1/mail/send', '/api/v1/mail/send-batch']) {
      const answer = await api.post(path, seven);
      expect([path, answer.status, answer.body]).toEqual([
        path,
        413,
        { success: false, error: { code: 'PAYLOAD_TOO_LARGE', message: 'The request body may be at most 6 MiB' } },
      ]);
    }
    // 5 MiB of attachments' base64 is taken (the file itself is within its 4 MiB).
    const to = uniqueAddress('big');
    const big = randomBytes(3.9 * 1024 * 1024);
    const sent = await api.post('/api/v1/mail/send', {
      to,
      subject: 's',
      text: 't',
      attachments: [{ filename: 'big.bin', content: big.toString('base64') }],
    });
    expect(sent.status).toBe(200);
    expect((await storedFiles(to))[0].sha256).toBe(sha256(big));
    const other = await api.post(
      '/api/v1/templates',
      JSON.stringify({ name: 'big', subject: 's', text: 'x'.repeat(2 * 1024 * 1024) }),
    );
    expect([other.status, other.body.error.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
  });
  it(
    'keeps 480 KiB of body that does not compress byte for byte, queued and scheduled: past a queue message, the ' +
      'body waits in the store',
    async () => {
      // Random base64 compresses to about three quarters: gzipped it would still not fit a queue message.
      const text = randomBytes(360 * 1024).toString('base64');
      const queuedTo = uniqueAddress('big-body');
      const batch = await api.post('/api/v1/mail/send-batch', {
        messages: [{ to: queuedTo, subject: 'Big body', text }],
      });
      expect(batch.body.data.queued).toBe(1);
      expect(await objectsOfAccount()).toHaveLength(1);
      const scheduledTo = uniqueAddress('big-scheduled');
      const scheduled = await api.post('/api/v1/mail/send', {
        to: scheduledTo,
        subject: 'Big and later',
        text,
        scheduled_at: new Date(Date.now() + 2_000).toISOString(),
      });
      expect(scheduled.status).toBe(202);
      expect(scheduled.body.data.status).toBe('scheduled');
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      await drainOnce();
      for (const to of [queuedTo, scheduledTo]) {
        const [mail] = await mailTo(to);
        expect(mail.body.text).toBe(text);
      }
      // Sent: the stored bodies are dropped.
      expect(await objectsOfAccount()).toHaveLength(0);
    },
  );
});

/**
 * docs/promises.md "Messages" and docs/threat-model.md "The low ones": a file name is checked as a
 * receiving system reads it (without trailing dots and spaces, invisible characters, in its
 * compatibility form, each part between colons), and a file is never a composite MIME part.
 */
describe('attachments read as the receiver reads them (issue 35)', () => {
  const small = Buffer.from('hello').toString('base64');
  const refusedOn = async (field: string, attachment: Record<string, string>) => {
    const answer = await api.post('/api/v1/mail/send', {
      to: uniqueAddress(),
      subject: 's',
      text: 't',
      attachments: [attachment],
    });
    const details: { field: string; message: string }[] = answer.body.error?.details ?? [];
    return answer.status === 400 && details.some((detail) => detail.field === field)
      ? details.find((detail) => detail.field === field)!.message
      : `answered ${answer.status}`;
  };

  it('refuses an executable behind trailing dots, NTFS streams, invisible, bidi or full-width characters', async () => {
    const names = [
      'invoice.exe. . .',
      'setup.MSI....',
      'tool.bat \t',
      'payload.scr::$DATA',
      'report.pdf:hidden.js',
      'run.cmd:Zone.Identifier',
      'invoice.ex\u00ade',
      'invoice.e\u200dxe',
      'invoice.exe\u200b',
      'invoice.exe\u202e',
      'invoice.exe\u2066',
      'invoice.\ufeffvbs',
      'invoice.exe\u034f',
      'invoice.exe\ufe0f',
      'invoice.exe\u0001',
      'invoice.\uff45\uff58\uff45',
      'invoice\u2024exe',
      'script.ps1\u{e0020}',
    ];
    const answers = await Promise.all(
      names.map((filename) => refusedOn('attachments.0.filename', { filename, content: small })),
    );
    expect(answers.map((message, i) => [names[i], message])).toEqual(
      names.map((name) => [name, expect.stringMatching(/^Files of type \.\w+ cannot be sent/)]),
    );
  });

  it('takes names that only look unusual, and sends each under the very name it was given', async () => {
    const names = ['Meeting 10:30.pdf', 'notes.txt.', 'رسید\u200cها.pdf', 'family 👨\u200d👩\u200d👧.png', 'a.exe.pdf'];
    for (const filename of names) {
      const to = uniqueAddress('names');
      const sent = await api.post('/api/v1/mail/send', {
        to,
        subject: 's',
        text: 't',
        attachments: [{ filename, content: small }],
      });
      expect([filename, sent.status]).toEqual([filename, 200]);
      expect((await storedFiles(to))[0].filename).toBe(filename);
    }
  });

  it('refuses message/* (but a forwarded mail) and multipart/*: 400 naming the file, a batch item alone', async () => {
    const types = [
      'message/global',
      'message/partial; id="a"; number=1',
      'message/delivery-status',
      'multipart/mixed; boundary=x',
      'MULTIPART/Alternative',
      'multipart/related',
    ];
    const answers = await Promise.all(
      types.map((type) =>
        refusedOn('attachments.0.content_type', { filename: 'original.eml', content: small, content_type: type }),
      ),
    );
    expect(answers.map((message, i) => [types[i], message])).toEqual(
      types.map((type) => [type, expect.stringContaining('message/* or multipart/*')]),
    );
    const batch = await api.post('/api/v1/mail/send-batch', {
      messages: [
        {
          to: uniqueAddress(),
          subject: 's',
          text: 't',
          attachments: [{ filename: 'fwd.eml', content: small, content_type: 'message/global' }],
        },
        { to: uniqueAddress(), subject: 's', text: 't' },
      ],
    });
    expect(batch.body.data.messages.map((m: { status: string }) => m.status)).toEqual(['failed', 'queued']);
    expect(batch.body.data.messages[0].error.message).toContain('multipart/*');
  });

  it('refuses them through the Resend route too (422 validation_error naming the file)', async () => {
    const answer = await api.post('/resend/emails', {
      from: 'files@example.com',
      to: uniqueAddress(),
      subject: 's',
      text: 't',
      attachments: [{ filename: 'fwd.eml', content: small, contentType: 'message/partial' }],
    });
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({
      name: 'validation_error',
      message: expect.stringContaining('message/* or multipart/*'),
    });
  });

  it('takes a forwarded mail as message/rfc822 in a forward’s shape alone, and sends it as it is', async () => {
    // An account of its own: its sends and refusals would put the file's key past its 60 requests a minute.
    const api = client(service, (await newAccount('Forwards')).apiKey);
    await api.post('/api/v1/providers', { type: 'ses', name: 'SES', from_email: 'files@example.com' });
    const original = Buffer.from('From: someone@example.org\r\nSubject: original\r\n\r\nbody\r\n');
    const forwarded = { filename: 'forwarded_message.eml', content: original.toString('base64') };
    const to = uniqueAddress('fwd');
    const sent = await api.post('/api/v1/mail/send', {
      to,
      subject: 'Fwd: original',
      text: 'See below',
      attachments: [{ ...forwarded, content_type: 'message/rfc822' }],
    });
    expect(sent.status).toBe(200);
    expect(await storedFiles(to)).toEqual([
      expect.objectContaining({
        filename: 'forwarded_message.eml',
        contentType: 'message/rfc822',
        sha256: sha256(original),
      }),
    ]);

    // Not in a forward's shape: beside another file, inline, not 7bit, not a mail.
    const refused = async (attachments: Record<string, string>[]) => {
      const answer = await api.post('/api/v1/mail/send', { to: uniqueAddress(), subject: 's', text: 't', attachments });
      return [answer.status, answer.body.error?.details?.[0]?.field, answer.body.error?.details?.[0]?.message];
    };
    const rfc822 = (content: Buffer, extra: Record<string, string> = {}) => ({
      filename: 'f.eml',
      content: content.toString('base64'),
      content_type: 'message/rfc822',
      ...extra,
    });
    expect(await refused([rfc822(original), { filename: 'a.txt', content: small }])).toEqual([
      400,
      'attachments',
      expect.stringContaining('only attachment'),
    ]);
    expect(await refused([rfc822(original, { content_id: 'x' })])).toEqual([
      400,
      'attachments',
      expect.stringContaining('inline'),
    ]);
    const eightBit = Buffer.concat([original, Buffer.from('café\r\n')]);
    const longLine = Buffer.concat([original, Buffer.from(`${'x'.repeat(999)}\r\n`)]);
    for (const content of [eightBit, longLine])
      expect(await refused([rfc822(content)])).toEqual([400, 'attachments', expect.stringContaining('7bit')]);
    expect(await refused([rfc822(Buffer.from('hello'))])).toEqual([
      400,
      'attachments',
      expect.stringContaining('header'),
    ]);
  });

  it('sends a saved mail (.eml) without a content type as a download: application/octet-stream', async () => {
    const to = uniqueAddress('eml');
    const raw = Buffer.from('From: someone@example.org\r\nSubject: original\r\n\r\nbody\r\n');
    expect(
      (
        await api.post('/api/v1/mail/send', {
          to,
          subject: 's',
          text: 't',
          attachments: [{ filename: 'original.eml', content: raw.toString('base64') }],
        })
      ).status,
    ).toBe(200);
    expect(await storedFiles(to)).toEqual([
      expect.objectContaining({
        filename: 'original.eml',
        contentType: 'application/octet-stream',
        sha256: sha256(raw),
      }),
    ]);
  });
});
