/** What creating a template asks for (schemas/templates.ts is checked against it and enforces the limits). */
export interface CreateTemplateInput {
  name: string;
  subject: string;
  html?: string;
  text?: string;
}

/** An edit: the fields it names; html or text may be cleared with "" as long as the other one stays. */
export type UpdateTemplateInput = Partial<CreateTemplateInput>;
