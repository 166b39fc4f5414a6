import * as z from 'zod/mini';
import { createDomain, presentDomain } from '../../domain/domains/domains';
import { defaultSenderWarnings } from '../../domain/domains/sender-warnings';
import { describeError, log } from '../../log';
import { createDomainBody, domainView } from '../../schemas/domains';
import { defineRoute } from '../define-route';
import { domains, write } from './area';

/** What the creation did not refuse but the caller should act on; empty when nothing (docs/promises.md). */
const domainWarnings = z.array(
  z.object({
    code: z.enum(['DEFAULT_SENDER_OUTSIDE_DOMAINS']),
    message: z.string(),
  }),
);

export const domainsCreate = defineRoute(
  {
    ...domains,
    id: 'domains-create',
    method: 'POST',
    path: '/api/v1/domains',
    summary: 'Add a sending domain',
    description:
      'Creates its SES identity (Easy DKIM) and answers the DNS records to publish, with `warnings` (a default ' +
      'provider that would send from none of the domains).',
    request: { body: createDomainBody },
    response: z.extend(domainView, { warnings: domainWarnings }),
    successStatus: 201,
    table: write,
    errors: ['CONFLICT', 'DOMAIN_LIMIT_REACHED'],
    example: { name: 'shop.example' },
    uses: ['domains', 'sesIdentityCreate', 'dns', 'clock', 'ids', 'maxDomains', 'operatorDomains', 'providers'],
  },
  async ({ auth, body }, deps) => {
    const domain = presentDomain(await createDomain(deps, auth.account_id, body));
    // The domain is made: a failed look at the provider must not turn that into an error.
    const warnings = await defaultSenderWarnings(deps, auth.account_id).catch((error: unknown) => {
      log('warn', 'domain warnings not computed', { domain_id: domain.id, ...describeError(error) });
      return [];
    });
    return { data: { ...domain, warnings } };
  },
);

export default domainsCreate;
