/** Ports: stored templates. */
import type { Template } from '../domain/templates/template';
import type { PageOf, PageRequest } from './audience';
import type { IdPage, IdPageRequest } from '../domain/id-paging';

export type { Template } from '../domain/templates/template';

/**
 * Thrown by the store when a template, as stored, would not fit in one record. The caller answers
 * 400: the template is too large.
 */
export class TemplateTooLargeError extends Error {
  constructor() {
    super('The template is too large to store');
    this.name = 'TemplateTooLargeError';
  }
}

/** Thrown by the store when another template of the account holds the alias asked for. */
export class TemplateAliasTakenError extends Error {
  constructor() {
    super('Another template of the account has this alias');
    this.name = 'TemplateAliasTakenError';
  }
}

export interface TemplateStore {
  /** The record, its place in the listing and its alias's claim, together (TemplateAliasTakenError). */
  create(template: Template): Promise<void>;
  get(accountId: string, templateId: string): Promise<Template | undefined>;
  /** The id of the account's template with this alias, if one has it. */
  idOfAlias(accountId: string, alias: string): Promise<string | undefined>;
  /** Several templates of the account at once (one BatchGetItem); absent ones are left out. */
  getMany(accountId: string, templateIds: readonly string[]): Promise<Template[]>;
  page(accountId: string, page: PageRequest): Promise<PageOf<Template>>;
  /** The listing paged by ids (Resend's `after`/`before`); undefined when the anchor is no template of the account. */
  pageNextTo(accountId: string, request: IdPageRequest): Promise<IdPage<Template> | undefined>;
  /**
   * Replaces an existing template's record; false when there is none, or when it is no longer `before` (its
   * `updated_at` moved: another edit came between the read and this write). `before` is the record replaced:
   * when the alias changes, its claim moves with the record, together (TemplateAliasTakenError).
   */
  replace(template: Template, before: Template): Promise<boolean>;
  /** The record, its place in the listing and its alias's claim. */
  delete(template: Template): Promise<boolean>;
}
