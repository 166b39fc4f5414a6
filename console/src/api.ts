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

/** One call to this service's API, with the key of the session (or the one given, to try it at sign-in). */
export const request = async <T>(
  method: string,
  path: string,
  body?: unknown,
  key = session.key(),
): Promise<Answer<T>> => {
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      headers: {
        ...(key ? { Authorization: `Bearer ${key}` } : {}),
        ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    return {
      ok: false,
      status: 0,
      error: { status: 0, code: 'NETWORK_ERROR', message: 'The service could not be reached', details: [] },
    };
  }
  const text = await response.text();
  let json: { data?: unknown; error?: Partial<ApiError> } | undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (response.ok) return { ok: true, status: response.status, data: (json?.data ?? json) as T };
  const error: ApiError = {
    status: response.status,
    code: json?.error?.code ?? `HTTP_${response.status}`,
    message: json?.error?.message ?? `The service answered ${response.status}`,
    details: json?.error?.details ?? [],
  };
  if (response.status === 401 && key && key === session.key()) unauthorized(error.message);
  return { ok: false, status: response.status, error };
};

export const api = {
  get: <T>(path: string) => request<T>('GET', path),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, body),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, body),
  patch: <T>(path: string, body?: unknown) => request<T>('PATCH', path, body),
  delete: (path: string) => request<{ message: string }>('DELETE', path),
};

/** A path segment from a value (ids of messages hold `<`, `@`, `>`). */
export const segment = (value: string) => encodeURIComponent(value);
