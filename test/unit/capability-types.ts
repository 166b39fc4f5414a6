/**
 * Checked by `tsc` (npm test runs it first), never run: a handler's dependencies follow from the
 * capabilities its route lists, so a route that drops one its handler calls does not compile, and the
 * stack cannot miss the grant. Each `@ts-expect-error` fails the type-check if the error it expects
 * is gone.
 */
import { suppressManually } from '../../functions/domain/audience/suppressions';
import { defineRoute } from '../../functions/routes/define-route';
import { suppressionView } from '../../functions/schemas/suppressions';

const definition = {
  id: 'capability-check',
  method: 'POST',
  path: '/capability-check',
  summary: 'A route that exists only for the type-check',
  tag: 'Suppressions',
  permission: 'subscribers',
  response: suppressionView,
} as const;

export const listsWhatItCalls = defineRoute(
  { ...definition, uses: ['suppressions', 'clock'] },
  async ({ auth }, deps) => ({
    data: await suppressManually(deps, auth.account_id, 'ada@example.com'),
  }),
);

export const dropsTheStore = defineRoute({ ...definition, uses: ['clock'] }, async ({ auth }, deps) => ({
  // @ts-expect-error: the route lists no `suppressions`, so its handler cannot reach the store
  data: await suppressManually(deps, auth.account_id, 'ada@example.com'),
}));

export const listsNothing = defineRoute(definition, async ({ auth }, deps) => ({
  // @ts-expect-error: a route that lists no capability gets no dependencies at all
  data: await suppressManually(deps, auth.account_id, 'ada@example.com'),
}));
