import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * A local stand-in for SES v2's tenant operations (issue 42), which aws-ses-v2-local does not know:
 * CreateTenant, DeleteTenant, GetTenant and CreateTenantResourceAssociation on the wire of SES v2's
 * REST-JSON protocol (paths and shapes from @aws-sdk/client-sesv2's schemas), so the real SDK client
 * talks to it. It records what SES would hold: the tenants, the resources tied to each, and the
 * `TenantName` of every SendEmail that names one (which it refuses, as SES does, for a tenant it does
 * not know); the emulator then sends the mail as it always does. `GET /_local/tenants` answers the record.
 */
interface SesTenant {
  TenantName: string;
  TenantId: string;
  TenantArn: string;
  CreatedTimestamp: string;
  SendingStatus: 'ENABLED';
  resources: string[];
}

export interface TenantSend {
  TenantName: string;
  ConfigurationSetName?: string;
  to: string[];
  subject?: string;
}

const json = (res: ServerResponse, status: number, body: unknown, errorType?: string) => {
  res.writeHead(status, {
    'content-type': 'application/json',
    ...(errorType ? { 'x-amzn-errortype': errorType } : {}),
  });
  res.end(JSON.stringify(body));
  return true;
};
const fail = (res: ServerResponse, status: number, type: string, message: string) =>
  json(res, status, { __type: type, message }, type);

const NAME = /^[A-Za-z0-9_-]{1,64}$/;

/** The stand-in's state and its request handler: true when it answered, false to pass the request on. */
export const sesTenantsStandIn = (region = 'us-east-1', account = '000000000000') => {
  const tenants = new Map<string, SesTenant>();
  const sends: TenantSend[] = [];

  const handle = (req: IncomingMessage, res: ServerResponse, body: Buffer): boolean => {
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/_local/tenants' && req.method === 'GET')
      return json(res, 200, { tenants: [...tenants.values()], sends });
    const input = () => (body.length ? (JSON.parse(body.toString('utf8')) as Record<string, unknown>) : {});

    if (path === '/v2/email/outbound-emails' && req.method === 'POST') {
      const send = input();
      if (typeof send.TenantName !== 'string') return false;
      if (!tenants.has(send.TenantName))
        return fail(res, 404, 'NotFoundException', `Tenant ${send.TenantName} does not exist.`);
      const destination = (send.Destination ?? {}) as Record<string, string[] | undefined>;
      const simple = (send.Content as { Simple?: { Subject?: { Data?: string } } } | undefined)?.Simple;
      sends.push({
        TenantName: send.TenantName,
        ConfigurationSetName: send.ConfigurationSetName as string | undefined,
        to: [
          ...(destination.ToAddresses ?? []),
          ...(destination.CcAddresses ?? []),
          ...(destination.BccAddresses ?? []),
        ],
        subject: simple?.Subject?.Data,
      });
      return false;
    }
    if (!path.startsWith('/v2/email/tenants') || req.method !== 'POST') return false;
    const { TenantName: name, ResourceArn: resource } = input() as { TenantName?: string; ResourceArn?: string };
    if (typeof name !== 'string' || !NAME.test(name))
      return fail(res, 400, 'BadRequestException', 'TenantName must be 1 to 64 letters, digits, - or _');
    const tenant = tenants.get(name);

    if (path === '/v2/email/tenants') {
      if (tenant) return fail(res, 400, 'AlreadyExistsException', `Tenant ${name} already exists.`);
      const id = `tn-${Math.random().toString(36).slice(2, 14)}`;
      const made: SesTenant = {
        TenantName: name,
        TenantId: id,
        TenantArn: `arn:aws:ses:${region}:${account}:tenant/${name}/${id}`,
        CreatedTimestamp: new Date().toISOString(),
        SendingStatus: 'ENABLED',
        resources: [],
      };
      tenants.set(name, made);
      const { resources: _, ...answer } = made;
      return json(res, 200, { ...answer, CreatedTimestamp: Date.parse(made.CreatedTimestamp) / 1000 });
    }
    if (!tenant) return fail(res, 404, 'NotFoundException', `Tenant ${name} does not exist.`);
    if (path === '/v2/email/tenants/delete') {
      tenants.delete(name);
      return json(res, 200, {});
    }
    if (path === '/v2/email/tenants/get') {
      const { resources: _, ...answer } = tenant;
      return json(res, 200, { Tenant: { ...answer, CreatedTimestamp: Date.parse(tenant.CreatedTimestamp) / 1000 } });
    }
    if (path === '/v2/email/tenants/resources') {
      if (typeof resource !== 'string' || !resource.startsWith('arn:'))
        return fail(res, 400, 'BadRequestException', 'ResourceArn must be an ARN');
      if (tenant.resources.includes(resource))
        return fail(res, 400, 'AlreadyExistsException', 'The resource is associated with the tenant already.');
      tenant.resources.push(resource);
      return json(res, 200, {});
    }
    return fail(res, 400, 'BadRequestException', 'Not a tenant operation of this stand-in');
  };
  return { handle };
};
