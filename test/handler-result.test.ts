import { describe, expectTypeOf, it } from 'vitest';
import type * as z from 'zod/mini';
import type { ResultOf } from '../functions/http/api-event';
import type { apiHandler } from '../functions/http/api-handler';
import type { listsCreate, listsDelete, listsGet } from '../functions/routes/audience';
import type { docs } from '../functions/routes/system';
import type { listView } from '../functions/schemas/audience';

/**
 * The response half of the OpenAPI document is checked by the compiler: a handler's result is typed
 * from its route's response schema. `tsc --noEmit` (which includes test/) fails if any line marked
 * @ts-expect-error below compiles, that is, if a drifting answer were accepted.
 */
type Handle<R extends Parameters<typeof apiHandler>[0]> = Parameters<typeof apiHandler<R>>[1];
type List = z.output<typeof listView>;
const list: List = {
  id: 'l',
  name: 'n',
  description: null,
  subscriber_count: 0,
  double_opt_in: false,
  confirmation: null,
  created_at: '',
  updated_at: '',
};

describe('a handler result', () => {
  it('is the data of its route response schema', () => {
    expectTypeOf<ResultOf<typeof listsGet>['data']>().toEqualTypeOf<List>();
    expectTypeOf<Awaited<ReturnType<Handle<typeof listsGet>>>>().toEqualTypeOf<ResultOf<typeof listsGet>>();
    const right: Handle<typeof listsGet> = async () => ({ data: list });
    expectTypeOf(right).toBeFunction();
  });

  it('that drifts from the schema does not compile', () => {
    // @ts-expect-error subscriber_count is a number in listView
    const wrongType: ResultOf<typeof listsGet> = { data: { ...list, subscriber_count: '0' } };
    const { name: _dropped, ...withoutName } = list;
    // @ts-expect-error name is required in listView
    const missing: ResultOf<typeof listsGet> = { data: withoutName };
    // @ts-expect-error a route with a response schema answers data, not nothing
    const noData: ResultOf<typeof listsGet> = {};
    // @ts-expect-error the handler's answer, too, is checked against the route
    const wrongHandler: Handle<typeof listsGet> = async () => ({ data: { ...list, description: 3 } });
    // @ts-expect-error the status is the route's successStatus, not the handler's
    const withStatus: ResultOf<typeof listsCreate> = { status: 201, data: list };
    expectTypeOf([wrongType, missing, noData, wrongHandler, withStatus]).toBeArray();
  });

  it('of a DELETE is the top-level message, of a raw route the document', () => {
    expectTypeOf<ResultOf<typeof listsDelete>>().toEqualTypeOf<
      { message: string } & { headers?: Record<string, string> }
    >();
    // @ts-expect-error a DELETE answers a message, not data
    const deleteWithData: ResultOf<typeof listsDelete> = { data: {} };
    expectTypeOf<ResultOf<typeof docs>>().toHaveProperty('raw');
    expectTypeOf(deleteWithData).toBeObject();
  });
});
