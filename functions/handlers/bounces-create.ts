import { bounceDeps } from '../adapters/wiring';
import { recordBounce } from '../domain/bounces/record-bounce';
import { apiHandler } from '../http/api-handler';
import { bouncesCreate } from '../routes/audience';

const deps = bounceDeps();

export const handler = apiHandler(bouncesCreate, async ({ auth, body }) => {
  const result = await recordBounce(deps, {
    accountId: auth.account_id,
    email: body.email,
    bounceType: body.bounce_type,
    subtype: body.bounce_subtype,
    diagnostic: body.diagnostic_code,
    source: 'api',
  });
  // A manual report has no event key, so it is never a duplicate.
  return { data: { bounce_id: 'id' in result ? result.id : 0 } };
});
