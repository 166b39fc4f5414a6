import type { operations } from '../../client/schema';
import { session } from './session';

/** What a route refuses: the envelope's error (docs/promises.md), with the HTTP status. */
export interface ApiError {
  status: number;
  code: string;
  message: string;
  /** The fields at fault, by name (`to`, `events.0`): forms show each message next to its field. */
  details: { field: string; message: string }[];
}

export type Answer<T> = { ok: true; status: number; data: T } | { ok: false; status: number; error: ApiError };

type Success<R> = R extends { 200: infer S }
  ? S
  : R extends { 201: infer S }
    ? S
    : R extends { 202: infer S }
      ? S
      : never;
/** The `data` of a route's success answer, from the types `npm run docs` generates for the typed client. */
export type DataOf<K extends keyof operations> =
  Success<operations[K]['responses']> extends { content: { 'application/json': { data: infer D } } } ? D : never;

let unauthorized: (message: string) => void = () => {};
/** Called when the signed-in key is refused (revoked meanwhile): the console signs out and says why. */
export const onUnauthorized = (handler: (message: string) => void) => {
  unauthorized = handler;
};

export const API_BASE = '/api/v1';

/**
 * A refusal the console makes itself before calling (an empty required field, a field that is not JSON), in
 * the API's own shape.
 */
export const refuse = (field: string, message: string, detail = 'Required'): Answer<never> => ({
  ok: false,
  status: 400,
  error: { status: 400, code: 'VALIDATION_ERROR', message, details: [{ field, message: detail }] },
});

/** A body as it goes on the wire: JSON of a value, or text of its own type (a CSV file). */
interface Payload {
  text: string;
  type: string;
}

/**
 * A wait for the rate limit's next window: when the console retries (epoch ms), or undefined once no call
 * waits. The shell shows it ("retrying in N s").
 */
let rateLimited: (until: number | undefined) => void = () => {};
export const onRateLimited = (handler: (until: number | undefined) => void) => {
  rateLimited = handler;
};
/** The calls waiting for the window, by when each retries: the notice names the latest. */
const waiting = new Set<number>();
/** How often one call waits for the limit before the page shows the 429 as any other refusal. */
const RATE_LIMIT_RETRIES = 3;

const waitForWindow = async (seconds: number) => {
  const until = Date.now() + seconds * 1000;
  waiting.add(until);
  rateLimited(Math.max(...waiting));
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  waiting.delete(until);
  rateLimited(waiting.size ? Math.max(...waiting) : undefined);
};

/** Seconds to wait from a 429's `Retry-After` (seconds; the service's is at least 1), within 1..60. */
const retryAfterOf = (response: Response) => {
  const seconds = Number(response.headers.get('Retry-After'));
  return Number.isFinite(seconds) ? Math.min(Math.max(Math.ceil(seconds), 1), 60) : 1;
};

const call = async <T>(method: string, path: string, payload: Payload | undefined, key: string | null) => {
  for (let attempt = 0; ; attempt++) {
    const { answer, retryAfter } = await once<T>(method, path, payload, key);
    // A 429 RATE_LIMITED was refused before the route ran (nothing was done): the same call is made again
    // once the window the service names has passed. Other 429s (a provider's send limit, OTP attempts) are
    // answers about the request itself and are shown.
    if (answer.ok || answer.error.code !== 'RATE_LIMITED' || attempt >= RATE_LIMIT_RETRIES) return answer;
    await waitForWindow(retryAfter);
  }
};

const once = async <T>(
  method: string,
  path: string,
  payload: Payload | undefined,
  key: string | null,
): Promise<{ answer: Answer<T>; retryAfter: number }> => {
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      headers: {
        ...(key ? { Authorization: `Bearer ${key}` } : {}),
        ...(payload ? { 'Content-Type': payload.type } : {}),
      },
      body: payload?.text,
    });
  } catch {
    const error = { status: 0, code: 'NETWORK_ERROR', message: 'The service could not be reached', details: [] };
    return { answer: { ok: false, status: 0, error }, retryAfter: 0 };
  }
  const text = await response.text();
  let json: { data?: unknown; error?: Partial<ApiError> } | undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (response.ok)
    return { answer: { ok: true, status: response.status, data: (json?.data ?? json) as T }, retryAfter: 0 };
  const error: ApiError = {
    status: response.status,
    code: json?.error?.code ?? `HTTP_${response.status}`,
    message: json?.error?.message ?? `The service answered ${response.status}`,
    details: json?.error?.details ?? [],
  };
  if (response.status === 401 && key && key === session.key()) unauthorized(error.message);
  return { answer: { ok: false, status: response.status, error }, retryAfter: retryAfterOf(response) };
};

/** One call to this service's API, with the key of the session (or the one given, to try it at sign-in). */
export const request = <T>(method: string, path: string, body?: unknown, key = session.key()): Promise<Answer<T>> =>
  call<T>(method, path, body === undefined ? undefined : { text: JSON.stringify(body), type: 'application/json' }, key);

export const api = {
  get: <T>(path: string) => request<T>('GET', path),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, body),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, body),
  patch: <T>(path: string, body?: unknown) => request<T>('PATCH', path, body),
  delete: (path: string) => request<{ message: string }>('DELETE', path),
  /** A body that is not JSON: a CSV file's text (POST /lists/{id}/import). */
  postText: <T>(path: string, text: string, type: string) => call<T>('POST', path, { text, type }, session.key()),
};

/** A path segment from a value (ids of messages hold `<`, `@`, `>`). */
export const segment = (value: string) => encodeURIComponent(value);
