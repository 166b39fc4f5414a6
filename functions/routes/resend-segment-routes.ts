import { createList, deleteList, getList, updateList } from '../domain/audience/lists';
import { segmentOf, segmentsNextTo } from '../domain/audience/segments';
import { resendPageRequest } from '../http/resend-paging';
import { idParams } from '../schemas/audience';
import { resendDeleted, resendListQuery } from '../schemas/resend';
import {
  resendSegmentBody,
  resendSegmentCreated,
  resendSegmentList,
  resendSegmentObject,
  resendSegmentRef,
} from '../schemas/resend-segments';
import { defineRoute } from './define-route';
import { resendAudience } from './resend-audience/area';

/**
 * Resend's `segments` and `audiences` are the same operations on the native lists under two names (the
 * SDK 6 sends `/segments`, older ones `/audiences`, answering `object: 'audience'`): each route module
 * of this area is one of these, made for one name.
 */
const OBJECT = { segments: 'segment', audiences: 'audience' } as const;
type Kind = keyof typeof OBJECT;

export const segmentsCreate = <K extends Kind>(kind: K) =>
  defineRoute(
    {
      ...resendAudience,
      id: `resend-${kind}-create`,
      method: 'POST',
      path: `/resend/${kind}`,
      summary: `Create a ${OBJECT[kind]} (a list)`,
      description: `A ${OBJECT[kind]} is a list: its id is the list's, read natively under \`/api/v1/lists\`.`,
      request: { body: resendSegmentBody },
      response: resendSegmentCreated(OBJECT[kind]),
      successStatus: 201,
      example: { name: 'Newsletter readers' },
      uses: ['lists', 'clock', 'ids'],
    },
    async ({ auth, body }, deps) => {
      const list = await createList(deps, auth.account_id, { name: body.name });
      return { data: { object: OBJECT[kind], id: list.id, name: list.name } };
    },
  );

export const segmentsList = <K extends Kind>(kind: K) =>
  defineRoute(
    {
      ...resendAudience,
      id: `resend-${kind}-list`,
      method: 'GET',
      path: `/resend/${kind}`,
      summary: `List the ${kind} (the lists)`,
      description: 'Newest list first, paged by list ids (`after`, `before`; `limit` up to 100).',
      request: { query: resendListQuery },
      response: resendSegmentList,
      uses: ['lists'],
    },
    async ({ auth, query }, deps) => {
      const page = await segmentsNextTo(deps, auth.account_id, resendPageRequest(query));
      return { data: { object: 'list' as const, has_more: page.has_more, data: page.items } };
    },
  );

export const segmentsGet = <K extends Kind>(kind: K) =>
  defineRoute(
    {
      ...resendAudience,
      id: `resend-${kind}-get`,
      method: 'GET',
      path: `/resend/${kind}/{id}`,
      summary: `Get a ${OBJECT[kind]} (a list)`,
      description: "A list of the account by its id; another account's is 404.",
      request: { params: idParams },
      response: resendSegmentObject(OBJECT[kind]),
      uses: ['lists'],
    },
    async ({ auth, params }, deps) => ({
      data: { object: OBJECT[kind], ...segmentOf(await getList(deps, auth.account_id, params.id)) },
    }),
  );

export const segmentsUpdate = <K extends Kind>(kind: K) =>
  defineRoute(
    {
      ...resendAudience,
      id: `resend-${kind}-update`,
      method: 'PATCH',
      path: `/resend/${kind}/{id}`,
      summary: `Rename a ${OBJECT[kind]} (a list)`,
      description: 'As `PATCH /api/v1/lists/{id}` with `name`.',
      request: { params: idParams, body: resendSegmentBody },
      response: resendSegmentRef(OBJECT[kind]),
      example: { name: 'Weekly readers' },
      uses: ['lists', 'clock'],
    },
    async ({ auth, params, body }, deps) => {
      const list = await updateList(deps, auth.account_id, params.id, { name: body.name });
      return { data: { object: OBJECT[kind], id: list.id } };
    },
  );

export const segmentsDelete = <K extends Kind>(kind: K) =>
  defineRoute(
    {
      ...resendAudience,
      id: `resend-${kind}-delete`,
      method: 'DELETE',
      path: `/resend/${kind}/{id}`,
      summary: `Delete a ${OBJECT[kind]} (a list) and its memberships`,
      description:
        'As `DELETE /api/v1/lists/{id}`: the list is gone at once, its memberships (never the contacts) with it; ' +
        'more than 100 are removed in the background.',
      request: { params: idParams },
      response: resendDeleted(OBJECT[kind]),
      lambda: { timeoutSeconds: 29 },
      uses: ['lists', 'subscribers', 'counters', 'clock', 'ids', 'jobs', 'campaigns'],
    },
    async ({ auth, params }, deps) => {
      await deleteList(deps, auth.account_id, params.id);
      return { data: { object: OBJECT[kind], id: params.id, deleted: true } };
    },
  );
