import type { z } from 'zod';
import { AppError } from '../../http/errors.ts';
import { errorReplySchema } from './mews-schemas.ts';
import { createHotelBreakers, type HotelBreakers } from './hotel-breaker.ts';

export interface MewsConnectorOptions {
  /** The Mews platform address, e.g. https://api.mews.com; read per call because the demo PMS's port is known late. */
  platformUrl: () => string;
  clientToken: string;
  /** The client name and version Mews asks every call to carry. */
  clientName: string;
  fetch?: typeof fetch;
  /** How long one HTTP call may take, reading the reply included. */
  timeoutMs?: number;
  sleep?: (ms: number) => Promise<void>;
  /** Which hotels are skipped after repeated failures; a breaker set of this connector's own when not given. */
  breakers?: HotelBreakers;
  /** Told why a call failed (never a token); the guest only ever sees the one UPSTREAM_ERROR message. */
  logger?: { warn(details: object, message: string): void; info?(details: object, message: string): void };
}

export type ConnectorCall = <T extends z.ZodType>(
  accessToken: string,
  operation: string,
  body: Record<string, unknown>,
  schema: T,
  /** Writes run in jobs that retry on their own schedule: they pass false and get the 429 back at once. */
  callOptions?: {
    retryRateLimits?: boolean;
    /** The caller's own deadline (an import's): aborting it ends the call as a timeout of this hotel. */
    signal?: AbortSignal;
  },
) => Promise<z.infer<T>>;

/**
 * A failed Connector call: the one UPSTREAM_ERROR people see, plus what the hotel's system answered, so a
 * write can tell a refusal (4xx) from an outage (5xx, timeout: `status` null) and honour a 429's Retry-After.
 */
export class MewsCallError extends AppError {
  constructor(
    readonly httpStatus: number | null,
    readonly retryAfterMs: number | null,
    readonly mewsMessage: string | undefined,
  ) {
    super('UPSTREAM_ERROR', UPSTREAM_MESSAGE);
  }
}

const DEFAULT_TIMEOUT_MS = 10_000;
/** Mews allows 200 calls per access token per 30 s; a few retries ride out a burst without holding a guest long. */
const MAX_RATE_LIMIT_RETRIES = 3;
const MAX_RETRY_WAIT_MS = 5_000;
const FIRST_BACKOFF_MS = 500;

const UPSTREAM_MESSAGE = "The hotel's system is not answering right now. Please try again in a few minutes.";

export function upstreamError(): AppError {
  return new AppError('UPSTREAM_ERROR', UPSTREAM_MESSAGE);
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * One Connector API call: POST JSON to `{platform}/api/connector/v1/{operation}` with the tokens in the body,
 * the reply parsed with `schema`. A 429 waits as Mews asks (Retry-After, else exponential backoff) and tries
 * again a bounded number of times. Every other failure (timeout, network, non-200 status, a reply of another
 * shape) becomes UPSTREAM_ERROR: nothing the hotel's system does can crash the API.
 */
export function createConnectorCall(options: MewsConnectorOptions): ConnectorCall {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const sleep = options.sleep ?? defaultSleep;
  const breakers = options.breakers ?? createHotelBreakers();

  return async (accessToken, operation, body, schema, { retryRateLimits = true, signal: callerSignal } = {}) => {
    if (!breakers.allows(accessToken)) {
      // Skipped, not asked: the caller reads it as "the hotel did not answer", never as "it has no such thing".
      options.logger?.info?.({ operation }, 'Mews call skipped: the hotel failed repeatedly and is cooling down');
      throw new MewsCallError(null, null, undefined);
    }
    const url = `${options.platformUrl().replace(/\/+$/, '')}/api/connector/v1/${operation}`;
    const payload = JSON.stringify({
      ClientToken: options.clientToken,
      AccessToken: accessToken,
      Client: options.clientName,
      ...body,
    });
    const fail = (
      reason: string,
      {
        answered = false,
        ...details
      }: {
        status?: number;
        retryAfterMs?: number | null;
        message?: string;
        answered?: boolean;
        [key: string]: unknown;
      } = {},
    ): never => {
      // A hotel that answered (a 4xx, a reply of another shape) is up; silence and its own faults count against it.
      const down = !answered && (details.status === undefined || details.status >= 500);
      if (down) breakers.failed(accessToken);
      else breakers.succeeded(accessToken);
      options.logger?.warn({ operation, ...details }, `Mews call failed: ${reason}`);
      throw new MewsCallError(details.status ?? null, details.retryAfterMs ?? null, details.message);
    };

    for (let attempt = 0; ; attempt++) {
      let response: Response;
      let text: string;
      try {
        // One signal for the whole exchange: a reply that starts in time but trickles in is a timeout too.
        const timeout = AbortSignal.timeout(timeoutMs);
        const signal = callerSignal ? AbortSignal.any([timeout, callerSignal]) : timeout;
        response = await fetchImpl(url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
          body: payload,
          signal,
        });
        text = await response.text();
      } catch (error) {
        const timedOut = error instanceof Error && error.name === 'TimeoutError';
        return fail(timedOut || callerSignal?.aborted ? 'timeout' : 'network error', {
          error: error instanceof Error ? error.message : String(error),
        });
      }

      if (response.status === 429 && retryRateLimits && attempt < MAX_RATE_LIMIT_RETRIES) {
        await sleep(retryWaitMs(response.headers.get('Retry-After'), attempt));
        continue;
      }
      if (response.status !== 200) {
        return fail(`status ${response.status}`, {
          status: response.status,
          retryAfterMs: response.status === 429 ? retryAfterMs(response.headers.get('Retry-After')) : null,
          requestId: response.headers.get('Request-Id'),
          message: mewsMessage(text),
        });
      }
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        return fail('reply is not JSON', { answered: true });
      }
      const parsed = schema.safeParse(json);
      if (!parsed.success)
        return fail('reply of an unexpected shape', { answered: true, issues: parsed.error.issues.slice(0, 5) });
      breakers.succeeded(accessToken);
      return parsed.data;
    }
  };
}

/** Retry-After in seconds when Mews sends it (capped, so a guest is never kept waiting long), else 0.5 s, 1 s, 2 s. */
function retryWaitMs(retryAfter: string | null, attempt: number): number {
  return Math.min(retryAfterMs(retryAfter) ?? FIRST_BACKOFF_MS * 2 ** attempt, MAX_RETRY_WAIT_MS);
}

/** Retry-After in delta-seconds as milliseconds; null when absent or not a number. */
function retryAfterMs(retryAfter: string | null): number | null {
  const seconds = retryAfter !== null && /^\s*\d+(\.\d+)?\s*$/.test(retryAfter) ? Number(retryAfter) : NaN;
  return Number.isFinite(seconds) ? seconds * 1000 : null;
}

function mewsMessage(text: string): string | undefined {
  try {
    const parsed = errorReplySchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data.Message.slice(0, 200) : undefined;
  } catch {
    return undefined;
  }
}
