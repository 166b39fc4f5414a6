import type { TemplateContent } from './engine';

/** A variable declared with a type and the value a send that omits it gets (Resend's template variables). */
export interface DeclaredVariable {
  key: string;
  type: 'string' | 'number';
  fallback_value: string | number | null;
}

/**
 * A template's own sender (Resend's `from` and `reply_to`): what a send by the template takes when the send
 * gives none. The sender rule holds for it when saved and again at each send (docs/promises.md "Templates").
 */
export interface TemplateSender {
  from_email?: string | null;
  from_name?: string | null;
  reply_to?: string | null;
}

/** One version of a template: its parts (Mustache), the names they read, its declared variables and sender. */
export interface TemplateVersion extends TemplateContent, TemplateSender {
  variables: string[];
  declared?: DeclaredVariable[];
}

/**
 * A stored template. Its parts are its latest version, the one an edit changes. Sends render the
 * published version (versions.ts, docs/decisions/0106-template-draft-and-published-versions.md): the
 * latest one itself, or `published` while the latest holds edits not yet published; none while
 * `status` is `draft` (never published).
 */
export interface Template extends TemplateVersion {
  id: string;
  account_id: string;
  name: string;
  /** Resend's alias: another name to find it by, unique in the account (never shaped like an id). */
  alias?: string | null;
  /** Absent on records written before versions: those were published by their write. */
  status?: 'draft' | 'published';
  published_at?: string | null;
  /** The published version while the latest differs from it; absent (or null) when they are the same. */
  published?: TemplateVersion | null;
  /** Changes with every edit of the parts (Resend's `current_version_id`); absent until the first one. */
  version_id?: string;
  /** Position in the account's newest-first listing. */
  seq: number;
  created_at: string;
  updated_at: string;
}
