import * as z from 'zod/mini';
import { importView } from '../../schemas/imports';
import { resendListQuery } from '../../schemas/resend';
import { presentImport } from '../../domain/audience/imports';
import { requireAnchored } from '../../domain/id-paging';
import { resendPageRequest } from '../../http/resend-paging';
import { imports } from './area';
import { defineRoute } from '../define-route';

export const importsList = defineRoute(
  {
    ...imports,
    id: 'imports-list',
    method: 'GET',
    path: '/api/v1/imports',
    summary: "List the account's imports, newest first",
    description:
      "Of every list (and through Resend's `contacts.imports`), paged by import ids (`after`, `before`, " +
      '`limit` up to 100; `has_more`). Each as `GET /api/v1/imports/{id}` answers it.',
    request: { query: resendListQuery },
    response: z.object({ imports: z.array(importView), has_more: z.boolean() }),
    uses: ['imports'],
  },
  async ({ auth, query }, deps) => {
    const request = resendPageRequest(query);
    const page = requireAnchored(await deps.imports.pageNextTo(auth.account_id, request), request);
    return { data: { imports: page.items.map(presentImport), has_more: page.has_more } };
  },
);

export default importsList;
