import * as z from 'zod/mini';
import { templateIssues } from '../domain/templates/engine';
import type { CreateTemplateInput, UpdateTemplateInput } from '../domain/templates/template-input';
import { headerText, parsesTo, someFieldToChange } from './common';
import { MAX_TEMPLATE_BYTES, templateFields as fields, templateIdentityFields as identity } from './templates';

/*
 * A template's create and update bodies: apart from ./templates.ts because their syntax check runs the
 * Mustache engine, which every function importing a template field would otherwise bundle (the sends, the
 * campaigns, and through their schemas most routes): docs/decisions/0133-schemas-by-route.md
 */

type Parts = { subject?: string; html?: string; text?: string };

export const templateSize = z.refine<Parts>(
  (t) =>
    Buffer.byteLength(t.subject ?? '') + Buffer.byteLength(t.html ?? '') + Buffer.byteLength(t.text ?? '') <=
    MAX_TEMPLATE_BYTES,
  {
    message: `subject, html and text together may be at most ${MAX_TEMPLATE_BYTES / 1024} KiB`,
    path: ['html'],
  },
);

/** Mustache syntax errors, each on its own field with the position the engine gives. */
export const templateSyntax = z.superRefine<Parts>((parts, context) => {
  for (const issue of templateIssues(parts))
    context.addIssue({ code: 'custom', message: issue.message, path: [issue.field], input: parts });
});

/** A native write publishes what it leaves unless `publish: false` (docs/decisions/0106-...). */
const publish = z.optional(
  z
    .boolean()
    .check(z.meta({ description: 'false: edit the draft only; sends keep the published version until a publish' })),
);
type NativeWrite<T> = Omit<T, 'declared'> & { publish?: boolean };

export const createTemplateBody = parsesTo<NativeWrite<CreateTemplateInput>>()(
  z.object({ ...fields, ...identity, publish }).check(
    z.refine((t) => Boolean(t.html || t.text), {
      message: 'At least one of html or text is required, and not empty',
      path: ['html'],
    }),
    templateSize,
    templateSyntax,
  ),
);

/** A partial update; html or text may be cleared with "" as long as the other one stays. */
export const updateTemplateBody = parsesTo<NativeWrite<UpdateTemplateInput>>()(
  z
    .object({
      name: z.optional(fields.name),
      subject: z.optional(fields.subject),
      html: fields.html,
      text: fields.text,
      ...identity,
      publish,
    })
    .check(someFieldToChange('name', { ignore: ['publish'] }), templateSize, templateSyntax),
);

/**
 * Resend's create and update, once in our words (functions/http/resend-templates.ts): the native rules,
 * except that the subject may be empty (Resend's templates may leave it to the send; a send whose
 * rendered subject is empty is refused as any mail without one). Declared variables are checked there.
 */
const draftSubject = z.optional(headerText(0, 998));
export const resendCreateTemplateBody = z.object({ ...fields, subject: draftSubject }).check(
  z.refine((t) => Boolean(t.html || t.text), { message: 'html is required, and not empty', path: ['html'] }),
  templateSize,
  templateSyntax,
);
export const resendUpdateTemplateBody = z
  .object({ name: z.optional(fields.name), subject: draftSubject, html: fields.html, text: fields.text })
  .check(templateSize, templateSyntax);
