import { REQUEST_TIMEOUT_MS } from './ui-constants.ts';
import { ApiError, API_ERROR_MESSAGES, errorFromReply } from './api-error.ts';

export { ApiError, API_ERROR_MESSAGES, parseResponse } from './api-error.ts';

export interface RequestOptions {
  /** Aborts the call (TanStack Query cancelling a stale fetch); the abort reaches the caller as it is. */
  signal?: AbortSignal;
  /** Sent without the bearer token, and without waiting for the session (the public configuration). */
  withoutSession?: boolean;
  /** How long the whole call (reply and body) may take; 30 s unless a caller needs otherwise. */
  timeoutMs?: number;
}

type TokenGetter = () => Promise<string | null> | string | null;

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

/** Replies are parsed by hand so a non-JSON body (an HTML error page, plain text) survives as text. */
function parseBody(text: string): unknown {
  if (text === '') return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * The one HTTP client of the SPA: same origin, JSON, bearer token, a time limit, every failure as an ApiError
 * (the server's own error, timeout, connection, network). Built on fetch: the browser already has it, so no HTTP
 * library weighs on every page's first paint.
 */
async function request<T>(method: string, url: string, body: unknown, options: RequestOptions = {}): Promise<T> {
  const { signal, withoutSession = false, timeoutMs = REQUEST_TIMEOUT_MS } = options;
  signal?.throwIfAborted();
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const cancel = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', cancel, { once: true });
  try {
    const headers = new Headers({ Accept: 'application/json' });
    if (body !== undefined) headers.set('Content-Type', 'application/json');
    if (!withoutSession) {
      const token = await getAccessToken();
      if (token) headers.set('Authorization', `Bearer ${token}`);
    }
    const init = { method, headers, body: body === undefined ? undefined : JSON.stringify(body) };
    let reply: { status: number; ok: boolean; data: unknown };
    try {
      const response = await fetch(url, { ...init, signal: controller.signal });
      reply = { status: response.status, ok: response.ok, data: parseBody(await response.text()) };
    } catch (error) {
      if (signal?.aborted) throw error;
      if (timedOut) throw new ApiError({ message: API_ERROR_MESSAGES.timeout, status: 408, code: 'TIMEOUT' });
      // The browser hides why a connection failed (offline, DNS, CORS): fetch rejects with a bare TypeError.
      throw new ApiError({ message: API_ERROR_MESSAGES.connection, status: 0, code: 'CORS_ERROR' });
    }
    if (!reply.ok) throw errorFromReply(reply.status, reply.data);
    return reply.data as T;
  } catch (error) {
    if (error instanceof ApiError || signal?.aborted) throw error;
    throw new ApiError({ message: API_ERROR_MESSAGES.network, code: 'NETWORK_ERROR' });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', cancel);
  }
}

/** GET `url`, with `params` (those not undefined or null) as its query string. */
export function apiGet<T = unknown>(url: string, params?: object, options?: RequestOptions): Promise<T> {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== null) query.append(name, String(value));
  }
  const search = query.toString();
  return request<T>('GET', search ? `${url}${url.includes('?') ? '&' : '?'}${search}` : url, undefined, options);
}

export const apiPost = <T = unknown>(url: string, body?: unknown, options?: RequestOptions) =>
  request<T>('POST', url, body, options);
export const apiPut = <T = unknown>(url: string, body?: unknown, options?: RequestOptions) =>
  request<T>('PUT', url, body, options);
export const apiPatch = <T = unknown>(url: string, body?: unknown, options?: RequestOptions) =>
  request<T>('PATCH', url, body, options);
export const apiDelete = <T = unknown>(url: string, options?: RequestOptions) =>
  request<T>('DELETE', url, undefined, options);
