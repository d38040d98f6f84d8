import axios, { isAxiosError, type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';
import { ApiError, API_ERROR_MESSAGES, errorFromReply } from './api-error.ts';
import { apiBaseUrl } from './api-origin.ts';
import { REQUEST_TIMEOUT_MS } from './ui-constants.ts';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Sent without the bearer token and without waiting for the session (read by the request interceptor). */
    withoutSession?: boolean;
  }
}

export type TokenGetter = () => Promise<string | null> | string | null;

/**
 * The one axios instance of the SPA: the API's origin (VITE_API_URL, else this page's), JSON, the bearer token
 * from `readToken` (the session), a 30 s limit, and every failure as an ApiError (the server's own error shape,
 * timeout, connection, network). Loaded with the first API call, not with the page (ADR 0036).
 */
export function createHttpClient(readToken: () => TokenGetter): AxiosInstance {
  const client = axios.create({
    // The browser's fetch under axios: the same transport in every browser and in tests, where the timeout and
    // the caller's abort then behave as they do for a person.
    adapter: 'fetch',
    baseURL: apiBaseUrl(),
    timeout: REQUEST_TIMEOUT_MS,
    headers: { Accept: 'application/json' },
    // Told apart from a dropped connection, so the error says "timeout" rather than "cannot connect".
    transitional: { clarifyTimeoutError: true },
  });

  client.interceptors.request.use(async (config: InternalAxiosRequestConfig) => {
    if (config.withoutSession) return config;
    const token = await readToken()();
    if (token) config.headers.set('Authorization', `Bearer ${token}`);
    return config;
  });

  client.interceptors.response.use(undefined, (error: unknown) => {
    // The caller's own abort (TanStack Query dropping a stale fetch) reaches it unchanged: nothing to report.
    const signal = isAxiosError(error) ? (error.config?.signal as AbortSignal | undefined) : undefined;
    if (signal?.aborted) throw signal.reason;
    throw toApiError(error);
  });
  return client;
}

function toApiError(error: unknown): ApiError {
  if (!isAxiosError(error)) {
    // Nothing was sent (e.g. the session could not be read).
    return new ApiError({ message: API_ERROR_MESSAGES.network, code: 'NETWORK_ERROR' });
  }
  if (error.response) return errorFromReply(error.response.status, error.response.data);
  if (error.code === 'ETIMEDOUT' || error.code === 'ECONNABORTED') {
    return new ApiError({ message: API_ERROR_MESSAGES.timeout, status: 408, code: 'TIMEOUT' });
  }
  if (error.code === 'ERR_NETWORK') {
    // The browser hides why a connection failed (offline, DNS, CORS).
    return new ApiError({ message: API_ERROR_MESSAGES.connection, status: 0, code: 'CORS_ERROR' });
  }
  return new ApiError({ message: API_ERROR_MESSAGES.network, code: 'NETWORK_ERROR' });
}
