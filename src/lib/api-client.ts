import axios, { type AxiosRequestConfig } from 'axios';
import { REQUEST_TIMEOUT_MS } from './ui-constants.ts';
import { toApiError } from './api-error.ts';

export { ApiError, API_ERROR_MESSAGES, parseResponse, toApiError } from './api-error.ts';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Sent without the bearer token, and without waiting for the session (the public configuration). */
    withoutSession?: boolean;
  }
}

type TokenGetter = () => Promise<string | null> | string | null;

let getAccessToken: TokenGetter = () => null;

/** The auth layer registers how to read the current session's access token; the client stays auth-agnostic. */
export function setAccessTokenGetter(getter: TokenGetter): void {
  getAccessToken = getter;
}

/** Replies are parsed by hand so a non-JSON body (an HTML error page, plain text) survives as text. */
function parseBody(data: unknown): unknown {
  if (typeof data !== 'string' || data === '') return data;
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return data;
  }
}

/** The one HTTP client of the SPA: same origin, 30 s timeout, bearer token, every failure as an ApiError. */
export const apiClient = axios.create({
  baseURL: '',
  timeout: REQUEST_TIMEOUT_MS,
  headers: { Accept: 'application/json' },
  responseType: 'text',
  transformResponse: [parseBody],
});

apiClient.interceptors.request.use(async (config) => {
  if (config.withoutSession) return config;
  const token = await getAccessToken();
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  return config;
});

apiClient.interceptors.response.use(
  (response) => response,
  (error: unknown) => {
    // A cancelled request (e.g. TanStack Query aborting a stale fetch) is not a failure to report.
    if (axios.isCancel(error)) return Promise.reject(error);
    return Promise.reject(toApiError(error));
  },
);

export async function apiGet<T = unknown>(url: string, params?: object, config?: AxiosRequestConfig): Promise<T> {
  const response = await apiClient.get<T>(url, { ...config, params });
  return response.data;
}

export async function apiPost<T = unknown>(url: string, body?: unknown, config?: AxiosRequestConfig): Promise<T> {
  const response = await apiClient.post<T>(url, body, config);
  return response.data;
}
