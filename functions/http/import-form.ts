import { AppError, validationError } from '../domain/errors';
import { importFormFields } from '../schemas/resend-imports';
import type { ApiEvent } from './api-event';
import { formParts } from './multipart';
import { rawBody } from './raw-body';
import { validated } from './validate';

const JSON_FIELDS = new Set(['column_map', 'segments', 'topics']);
const TEXT_FIELDS = new Set(['on_conflict']);

/**
 * Resend's `contacts.imports.create` as its SDK sends it: multipart/form-data with the CSV as `file`
 * and the other fields as JSON text. Answers the CSV (UTF-8) and the checked fields; a field the form
 * may not have, or one given twice, is a 400 naming it.
 */
export const importForm = (event: ApiEvent, maxBytes: number) => {
  const contentType = event.headers?.['content-type'];
  if (contentType?.split(';')[0].trim().toLowerCase() !== 'multipart/form-data')
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The request body must be multipart/form-data');
  const parts = formParts(contentType, rawBody(event, maxBytes));
  let csv: string | undefined;
  const fields: Record<string, unknown> = {};
  for (const part of parts) {
    const seen = part.name === 'file' ? csv !== undefined : part.name in fields;
    if (seen) throw validationError([{ field: part.name, message: 'Given twice' }]);
    if (part.name === 'file') csv = part.body.toString('utf8');
    else if (TEXT_FIELDS.has(part.name)) fields[part.name] = part.body.toString('utf8');
    else if (JSON_FIELDS.has(part.name)) {
      try {
        fields[part.name] = JSON.parse(part.body.toString('utf8'));
      } catch {
        throw validationError([{ field: part.name, message: 'Not valid JSON' }]);
      }
    } else throw validationError([{ field: part.name.slice(0, 100), message: 'Not a field of an import' }]);
  }
  if (csv === undefined) throw validationError([{ field: 'file', message: 'The CSV file is required' }]);
  return { csv, ...validated(importFormFields, fields) };
};
