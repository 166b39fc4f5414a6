/**
 * Everything a function reads from its environment, read once. The CDK stack and the local runtime
 * set the same variables, which is what lets one handler run in both places.
 */
const env = process.env;

const int = (value: string | undefined, fallback: number) => {
  const parsed = Number.parseInt(value ?? '', 10);
  return Number.isFinite(parsed) ? parsed : fallback;
};

export const config = {
  tableName: env.TABLE_NAME ?? 'email-service',
  queueUrl: env.QUEUE_URL ?? '',
  /** SES configuration set used when a provider names none: it carries bounce events to SNS. */
  defaultConfigurationSet: env.SES_CONFIGURATION_SET || undefined,
  /** How long a verified API key is trusted without re-reading it: revocation takes at most this long. */
  authCacheSeconds: int(env.AUTH_CACHE_SECONDS, 30),
  logLevel: env.LOG_LEVEL ?? 'info',
  /** Public base URL of the API (receiver URLs, tracking links). */
  publicBaseUrl: env.PUBLIC_BASE_URL ?? '',
};
