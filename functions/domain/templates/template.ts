import type { TemplateContent } from './engine';

/** A stored template: its parts (Mustache), and the names they read, worked out when it was written. */
export interface Template extends TemplateContent {
  id: string;
  account_id: string;
  name: string;
  variables: string[];
  /** Position in the account's newest-first listing. */
  seq: number;
  created_at: string;
  updated_at: string;
}
