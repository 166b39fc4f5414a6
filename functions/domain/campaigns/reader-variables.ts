import { hasVariable, templateVariables, variableNames, type TemplateContent } from '../templates/engine';
import type { Subscriber } from '../types';
import { isContactName, type ContactValues } from '../contacts/contact-view';

/**
 * What a campaign's parts may read per reader: `{{name}}`, `{{email}}`, `{{unsubscribe_url}}`, the
 * subscriber's `{{metadata.<key>}}` (or a `{{#metadata}}` section) and its contact's
 * `{{contact.<key>}}` (contact-view.ts: its fields, its properties' values or fallbacks). Anything
 * else a campaign with its own content reads is refused when the campaign is written, so a typo is a
 * 400 then, never a mail with an empty gap in it to 100,000 people; a campaign from a template may
 * also read the names its `variables` give.
 */
const READER_NAMES = ['name', 'email', 'unsubscribe_url'];

const isReaderName = (name: string) =>
  READER_NAMES.includes(name) || name === 'metadata' || name.startsWith('metadata.') || isContactName(name);

/** The names of a campaign's own parts that no reader has. */
export const unknownPlaceholders = (content: TemplateContent) =>
  variableNames(content).filter((name) => !isReaderName(name));

/** The names a template campaign's template needs outside any section that neither the reader nor `variables` gives. */
export const missingCampaignVariables = (template: TemplateContent, variables: Record<string, unknown>) =>
  templateVariables(template).required.filter((name) => !isReaderName(name) && !hasVariable(variables, name));

/** One reader's values: the campaign's variables, under the reader's own (which win). */
export const readerView = (
  subscriber: Subscriber,
  unsubscribeUrl: string,
  variables: Record<string, unknown> | null | undefined,
  contact?: ContactValues,
) => ({
  ...variables,
  name: subscriber.name ?? '',
  email: subscriber.email,
  unsubscribe_url: unsubscribeUrl,
  metadata: subscriber.metadata ?? {},
  ...(contact ? { contact } : {}),
});
