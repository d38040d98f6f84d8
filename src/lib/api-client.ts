import type { AxiosInstance } from 'axios';
import type { z } from 'zod';
import type { TokenGetter } from './http-client.ts';

import { parseResponse } from './api-error.ts';

export { ApiError, API_ERROR_MESSAGES, parseResponse } from './api-error.ts';

export interface RequestOptions {
  /** Aborts the call (TanStack Query cancelling a stale fetch); the abort reaches the caller as it is. */
  signal?: AbortSignal;
  /** Sent without the bearer token, and without waiting for the session (the public configuration). */
  withoutSession?: boolean;
  /** How long the whole call may take; 30 s (the client's default) unless a caller needs otherwise. */
  timeoutMs?: number;
}

let getAccessToken: TokenGetter = () => null;

/**
 * The auth layer registers how to read the current session's access token; the client stays auth-agnostic.
 * Answers the getter it replaces, so a test can put it back.
 */
export function setAccessTokenGetter(getter: TokenGetter): TokenGetter {
  const previous = getAccessToken;
  getAccessToken = getter;
  return previous;
}

let client: Promise<AxiosInstance> | undefined;

/** The axios client, in its own chunk: pages the server draws paint without it (ADR 0036). */
function httpClient(): Promise<AxiosInstance> {
  client ??= import('./http-client.ts').then(({ createHttpClient }) => createHttpClient(() => getAccessToken));
  return client;
}

async function request<T>(
  method: string,
  url: string,
  { body, params, responseType }: { body?: unknown; params?: object; responseType?: 'blob' },
  { signal, withoutSession, timeoutMs }: RequestOptions = {},
): Promise<T> {
  signal?.throwIfAborted();
  const reply = await (
    await httpClient()
  ).request<T>({
    method,
    url,
    data: body,
    params,
    responseType,
    signal,
    withoutSession,
    ...(timeoutMs === undefined ? {} : { timeout: timeoutMs }),
  });
  return reply.data;
}

/** GET `url`, with `params` (those not undefined or null) as its query string. */
export const apiGet = <T = unknown>(url: string, params?: object, options?: RequestOptions) =>
  request<T>('GET', url, { params }, options);
/**
 * GET `url`, its reply checked against the schema `loadSchema` answers: an `import()` of the contract's module,
 * fetched beside the call, so a page loads zod with its first call to the API and not before it paints.
 */
export async function apiGetChecked<S extends z.ZodType>(
  url: string,
  loadSchema: () => Promise<S>,
  params?: object,
  options?: RequestOptions,
): Promise<z.output<S>> {
  const [reply, schema] = await Promise.all([apiGet<unknown>(url, params, options), loadSchema()]);
  return parseResponse(schema, reply);
}

/** GET a file (a CSV export) as a Blob, with the session's token as every call: a plain link could not send it. */
export const apiGetFile = (url: string, params?: object) => request<Blob>('GET', url, { params, responseType: 'blob' });
export const apiPost = <T = unknown>(url: string, body?: unknown, options?: RequestOptions) =>
  request<T>('POST', url, { body }, options);
export const apiPut = <T = unknown>(url: string, body?: unknown, options?: RequestOptions) =>
  request<T>('PUT', url, { body }, options);
export const apiPatch = <T = unknown>(url: string, body?: unknown, options?: RequestOptions) =>
  request<T>('PATCH', url, { body }, options);
export const apiDelete = <T = unknown>(url: string, options?: RequestOptions) => request<T>('DELETE', url, {}, options);
