/**
 * A circuit breaker per hotel (per access token), in this process's memory: a hotel whose system timed out or
 * failed (network, 5xx) `failures` times in a row is not called for `coolDownMs`; then one call is let through
 * (half-open) and its outcome closes the breaker or opens it for another cool-down. A skipped call says
 * nothing about the hotel's reservations: the adapter answers `unknown` for it, never `gone` (ADR 0072).
 * Each adapter instance has its own breakers, so an app (or a test) starts with every hotel closed.
 */

export interface HotelBreakerOptions {
  /** Consecutive failures that open a hotel's breaker. */
  failures: number;
  /** How long an open breaker skips the hotel before one call is tried again. */
  coolDownMs: number;
  /** A monotonic clock in milliseconds (the business clock is fixed in tests; the cool-down is real time). */
  now?: () => number;
}

export const DEFAULT_BREAKER: HotelBreakerOptions = { failures: 3, coolDownMs: 30_000 };

export interface HotelBreakers {
  /** Whether a call to the hotel may go out now; in half-open, only the first caller gets true. */
  allows(accessToken: string): boolean;
  succeeded(accessToken: string): void;
  failed(accessToken: string): void;
}

interface BreakerState {
  consecutiveFailures: number;
  /** When an open breaker lets a trial call through; null while closed. */
  openUntil: number | null;
  /** A trial call is out: others are still skipped until it answers. */
  trialOut: boolean;
}

export function createHotelBreakers(options: HotelBreakerOptions = DEFAULT_BREAKER): HotelBreakers {
  const now = options.now ?? (() => performance.now());
  const states = new Map<string, BreakerState>();
  const stateOf = (token: string) => {
    let state = states.get(token);
    if (!state) {
      state = { consecutiveFailures: 0, openUntil: null, trialOut: false };
      states.set(token, state);
    }
    return state;
  };
  return {
    allows(token) {
      const state = states.get(token);
      if (!state || state.openUntil === null) return true;
      if (now() < state.openUntil || state.trialOut) return false;
      state.trialOut = true;
      return true;
    },
    succeeded(token) {
      // Only a hotel with a failure on record has state: an answer forgets it.
      states.delete(token);
    },
    failed(token) {
      const state = stateOf(token);
      state.consecutiveFailures++;
      state.trialOut = false;
      if (state.openUntil !== null || state.consecutiveFailures >= options.failures)
        state.openUntil = now() + options.coolDownMs;
    },
  };
}
