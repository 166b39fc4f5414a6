import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { systemDnsResolver } from '../functions/adapters/dns-resolver';
import type { Emulator } from './emulators';
import { sesTenantsStandIn } from './ses-tenants';

/**
 * A local peer of SES v2's identity operations, which aws-ses-v2-local lacks: CreateEmailIdentity,
 * PutEmailIdentityMailFromAttributes, GetEmailIdentity and DeleteEmailIdentity, on the wire of SES
 * v2's REST-JSON protocol (paths and shapes from @aws-sdk/client-sesv2's schemas), so the real SDK
 * client talks to it. It stands in front of the SES emulator: every other request (SendEmail, the
 * mailbox page, /store) is passed to it unchanged, so one endpoint serves both. Tenants: local/ses-tenants.ts.
 *
 * As SES does, it verifies a pending identity once its three DKIM CNAMEs resolve (through
 * DNS_SERVERS, like the service's own look-ups); it looks when the identity is read. POST
 * /_local/identities/<name>/verify marks one verified without DNS (`admin verify-domain --local`).
 */
interface Identity {
  name: string;
  tokens: string[];
  status: 'PENDING' | 'SUCCESS';
  configurationSet?: string;
  mailFrom?: string;
}

const IDENTITIES = /^\/v2\/email\/identities(?:\/([^/?]+)(\/mail-from)?)?\/?(?:\?.*)?$/;
const LOCAL_VERIFY = /^\/_local\/identities\/([^/?]+)\/verify$/;

const readBody = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

const json = (res: ServerResponse, status: number, body: unknown, errorType?: string) => {
  res.writeHead(status, {
    'content-type': 'application/json',
    ...(errorType ? { 'x-amzn-errortype': errorType } : {}),
  });
  res.end(JSON.stringify(body));
};
const fail = (res: ServerResponse, status: number, type: string, message: string) =>
  json(res, status, { __type: type, message }, type);

/** An Easy DKIM token: 32 lowercase letters and digits, as SES gives them. */
const token = () => randomBytes(20).toString('hex').slice(0, 32);

const dkimAttributes = (identity: Identity) => ({
  SigningEnabled: true,
  Status: identity.status,
  Tokens: identity.tokens,
  SigningAttributesOrigin: 'AWS_SES',
  NextSigningKeyLength: 'RSA_2048_BIT',
  CurrentSigningKeyLength: 'RSA_2048_BIT',
});

/** Whether every DKIM CNAME of the identity points where SES said. */
const dkimPublished = async (identity: Identity) => {
  const answers = await Promise.all(
    identity.tokens.map((t) => systemDnsResolver.lookUp(`${t}._domainkey.${identity.name}`, 'CNAME')),
  );
  return answers.every((answer, i) =>
    answer.cname?.some(
      (target) => target.toLowerCase().replace(/\.$/, '') === `${identity.tokens[i]}.dkim.amazonses.com`,
    ),
  );
};

export const startSesIdentitiesPeer = async ({
  port,
  host = '127.0.0.1',
  ses,
  stateFile,
}: {
  port: number;
  host?: string;
  ses: string;
  stateFile?: string;
}): Promise<Emulator> => {
  const identities = new Map<string, Identity>(
    stateFile && existsSync(stateFile)
      ? (JSON.parse(readFileSync(stateFile, 'utf8')) as Identity[]).map((i) => [i.name, i])
      : [],
  );
  const save = () => stateFile && writeFileSync(stateFile, JSON.stringify([...identities.values()]));

  const forward = (req: IncomingMessage, res: ServerResponse, body: Buffer) => {
    const target = new URL(req.url ?? '/', ses);
    const upstream = httpRequest(
      target,
      { method: req.method, headers: { ...req.headers, host: target.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => fail(res, 502, 'InternalFailure', 'The SES emulator did not answer'));
    upstream.end(body);
  };

  // SES's tenants (issue 42), which the emulator lacks too: answered here, and SendEmail's TenantName recorded.
  const tenants = sesTenantsStandIn();

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const body = await readBody(req);
    const url = req.url ?? '/';
    if (tenants.handle(req, res, body)) return;
    const local = LOCAL_VERIFY.exec(url);
    if (local && req.method === 'POST') {
      const identity = identities.get(decodeURIComponent(local[1]).toLowerCase());
      if (!identity) return fail(res, 404, 'NotFoundException', 'No such identity');
      identity.status = 'SUCCESS';
      save();
      return json(res, 200, {});
    }
    const match = IDENTITIES.exec(url);
    if (!match) return forward(req, res, body);
    const name = match[1] ? decodeURIComponent(match[1]).toLowerCase() : undefined;
    const input = body.length ? (JSON.parse(body.toString('utf8')) as Record<string, unknown>) : {};

    if (!name && req.method === 'POST') {
      const identityName = String(input.EmailIdentity ?? '').toLowerCase();
      if (!identityName) return fail(res, 400, 'BadRequestException', 'EmailIdentity is required');
      if (identities.has(identityName))
        return fail(res, 400, 'AlreadyExistsException', `Email identity ${identityName} already exist.`);
      const identity: Identity = {
        name: identityName,
        tokens: [token(), token(), token()],
        status: 'PENDING',
        configurationSet: input.ConfigurationSetName as string | undefined,
      };
      identities.set(identityName, identity);
      save();
      return json(res, 200, {
        IdentityType: 'DOMAIN',
        VerifiedForSendingStatus: false,
        DkimAttributes: dkimAttributes(identity),
      });
    }
    const identity = name ? identities.get(name) : undefined;
    if (!identity)
      return name
        ? fail(res, 404, 'NotFoundException', `Email identity ${name} does not exist.`)
        : forward(req, res, body);

    if (match[2] && req.method === 'PUT') {
      identity.mailFrom = input.MailFromDomain as string | undefined;
      save();
      return json(res, 200, {});
    }
    if (!match[2] && req.method === 'GET') {
      if (identity.status === 'PENDING' && (await dkimPublished(identity))) {
        identity.status = 'SUCCESS';
        save();
      }
      return json(res, 200, {
        IdentityType: 'DOMAIN',
        FeedbackForwardingStatus: true,
        VerifiedForSendingStatus: identity.status === 'SUCCESS',
        VerificationStatus: identity.status,
        DkimAttributes: dkimAttributes(identity),
        ...(identity.mailFrom
          ? {
              MailFromAttributes: {
                MailFromDomain: identity.mailFrom,
                MailFromDomainStatus: 'PENDING',
                BehaviorOnMxFailure: 'USE_DEFAULT_VALUE',
              },
            }
          : {}),
        ...(identity.configurationSet ? { ConfigurationSetName: identity.configurationSet } : {}),
      });
    }
    if (!match[2] && req.method === 'DELETE') {
      identities.delete(identity.name);
      save();
      return json(res, 200, {});
    }
    return fail(res, 400, 'BadRequestException', 'Not an operation of this peer');
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => fail(res, 500, 'InternalFailure', 'The local SES identity peer failed'));
  });
  await new Promise<void>((ready, failed) => {
    server.once('error', failed);
    server.listen(port, host, ready);
  });
  const actual = (server.address() as AddressInfo).port;
  return {
    endpoint: `http://${host}:${actual}`,
    port: actual,
    stop: () => new Promise((done) => server.close(() => done())),
  };
};
