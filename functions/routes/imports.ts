import { idParams } from '../schemas/audience';
import { importView } from '../schemas/imports';
import { defineRoute, type RouteDefinition } from './define-route';

/** Bulk imports of subscribers into a list from a CSV file, run in the background (docs/promises.md, "Imports"). */
const imports = { tag: 'Subscribers', permission: 'subscribers' } as const;

/** 100,000 rows of about 50 bytes; a Lambda request carries at most 6 MB in all. */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

export const listsImport = defineRoute({
  ...imports,
  id: 'lists-import',
  method: 'POST',
  path: '/api/v1/lists/{id}/import',
  summary:
    'Import subscribers from CSV (`email,name,key...`: extra columns become metadata keys), up to 100,000 rows and 5 MiB; answers 202 with the import, which runs in the background',
  request: { params: idParams },
  rawBody: 'text/csv',
  maxBodyBytes: MAX_IMPORT_BYTES,
  response: importView,
  successStatus: 202,
  errors: ['NOT_FOUND', 'UNSUPPORTED_MEDIA_TYPE', 'VALIDATION_ERROR'],
  aws: ['jobs'],
  table: { read: ['list'], write: ['importRecord', 'importChunk'] },
  lambda: { memoryMb: 1024, timeoutSeconds: 29 },
});

export const importsGet = defineRoute({
  ...imports,
  id: 'imports-get',
  method: 'GET',
  path: '/api/v1/imports/{id}',
  summary:
    "An import's status and counts (total, imported, duplicates, suppressed, rejected) and its first 100 rejected rows with reasons",
  request: { params: idParams },
  response: importView,
});

/** This file's routes, in the order the route table (index.ts) and the docs list them: a route defined above is added here. */
export const importsRoutes: readonly RouteDefinition[] = [listsImport, importsGet];
