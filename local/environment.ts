/**
 * The environment the handlers read, pointed at the local peers. The SDK picks the endpoints up from
 * its own AWS_ENDPOINT_URL_<SERVICE> variables, so no handler knows it is running locally.
 */
export interface LocalPorts {
  api: number;
  dynamo: number;
  ses: number;
  sqs: number;
}

export const localEnvironment = (ports: LocalPorts, extra: Record<string, string> = {}) => ({
  AWS_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: 'local',
  AWS_SECRET_ACCESS_KEY: 'local',
  AWS_ENDPOINT_URL_DYNAMODB: `http://127.0.0.1:${ports.dynamo}`,
  AWS_ENDPOINT_URL_SESV2: `http://127.0.0.1:${ports.ses}`,
  AWS_ENDPOINT_URL_SQS: `http://127.0.0.1:${ports.sqs}`,
  // fauxqs serves S3 on its SQS endpoint: inbound mail's raw mail and parts, the files of queued mail.
  AWS_ENDPOINT_URL_S3: `http://127.0.0.1:${ports.sqs}`,
  TABLE_NAME: 'email-service',
  PUBLIC_BASE_URL: `http://localhost:${ports.api}`,
  // The local stack is where an SMTP relay on this machine (a sink, MailHog, ...) is legitimate.
  ALLOW_PRIVATE_SMTP_HOSTS: 'true',
  // Webhook endpoints on this machine (http://localhost...): the local stack only.
  ALLOW_LOOPBACK_WEBHOOKS: 'true',
  // The development provider's domain (local/bootstrap.ts: dev@example.com): the README's first send goes
  // through the local SES without a sending domain. A deployment allows only what its operator names.
  SENDER_DOMAINS_ALLOWED: 'example.com',
  ...extra,
});

export const applyEnvironment = (values: Record<string, string>) => {
  for (const [name, value] of Object.entries(values)) process.env[name] ??= value;
};
