import type { DeclaredVariable, TemplateSender } from './template';

/** What creating a template asks for (schemas/templates.ts is checked against it and enforces the limits). */
export interface CreateTemplateInput extends TemplateSender {
  name: string;
  /** Unique in the account; null (on an edit) takes it away. */
  alias?: string | null;
  subject: string;
  html?: string;
  text?: string;
  /** Declared variables and their fallbacks (Resend's `variables`); replaced whole by an edit naming them. */
  declared?: DeclaredVariable[];
}

/** An edit: the fields it names; html or text may be cleared with "" as long as the other one stays. */
export type UpdateTemplateInput = Partial<CreateTemplateInput>;

/**
 * Whether a write publishes what it leaves: a native write does (what it writes is what sends use at
 * once, as before versions), Resend's create and update edit the draft until `publish`.
 */
export interface WriteOptions {
  publish: boolean;
}
