import { config } from './config';

/**
 * Structured JSON logs, one object per line. Callers pass fields, never request bodies or headers:
 * that is how keys, codes and passwords stay out of the logs.
 */
const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
type Level = Exclude<keyof typeof LEVELS, 'silent'>;

const threshold = () =>
  LEVELS[(config.logLevel as keyof typeof LEVELS) in LEVELS ? (config.logLevel as keyof typeof LEVELS) : 'info'];

export const log = (level: Level, msg: string, fields: Record<string, unknown> = {}) => {
  if (LEVELS[level] < threshold()) return;
  const line = JSON.stringify({ level, time: new Date().toISOString(), msg, ...fields });
  if (level === 'error') console.error(line);
  else console.log(line);
};

/** What an unexpected error may say in a log: its kind and where it came from, not its data. */
export const describeError = (error: unknown) => {
  const e = error as Error & { $metadata?: { httpStatusCode?: number }; cause?: unknown };
  return {
    error_name: e?.name,
    error_message: e?.message,
    stack: e?.stack,
    cause: e?.cause ? { name: (e.cause as Error).name, message: (e.cause as Error).message } : undefined,
  };
};
