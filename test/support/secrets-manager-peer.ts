import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A wire-compatible Secrets Manager peer of our own: npm has no local Secrets Manager, and the
 * deployed functions read their keys with GetSecretValue (functions/adapters/deployment-secret.ts),
 * the one operation served here, over the AWS JSON 1.1 protocol the SDK speaks (POST /, the
 * operation in X-Amz-Target, JSON in and out, errors as `__type`). No KMS peer: no function calls
 * KMS itself; Secrets Manager decrypts on its behalf, which the IAM test checks (test/iam/simulate.ts).
 * Point the SDK at it with AWS_ENDPOINT_URL_SECRETS_MANAGER.
 */
export const startSecretsManagerPeer = async (secrets: Record<string, string>) => {
  const reads: string[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const answer = (status: number, body: unknown, errorType?: string) => {
        response.writeHead(status, {
          'Content-Type': 'application/x-amz-json-1.1',
          ...(errorType ? { 'x-amzn-ErrorType': errorType } : {}),
        });
        response.end(JSON.stringify(body));
      };
      const operation = String(request.headers['x-amz-target'] ?? '').replace(/^secretsmanager\./, '');
      let input: { SecretId?: string };
      try {
        input = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
      } catch {
        return answer(400, { __type: 'SerializationException', message: 'Malformed JSON' }, 'SerializationException');
      }
      if (operation !== 'GetSecretValue') {
        return answer(
          400,
          { __type: 'UnknownOperationException', message: `${operation} is not served by this peer` },
          'UnknownOperationException',
        );
      }
      const id = input.SecretId ?? '';
      if (!(id in secrets)) {
        return answer(
          400,
          { __type: 'ResourceNotFoundException', message: "Secrets Manager can't find the specified secret." },
          'ResourceNotFoundException',
        );
      }
      reads.push(id);
      answer(200, {
        ARN: id,
        Name: id.split(':').pop(),
        SecretString: secrets[id],
        VersionId: '00000000-0000-0000-0000-000000000001',
        VersionStages: ['AWSCURRENT'],
        CreatedDate: 0,
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    /** The SecretIds read, in order. */
    reads,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
