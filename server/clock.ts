/**
 * The one source of domain time (expiry of codes, holds and listings, "is check-in still ahead"). Injected
 * everywhere so tests can fix or advance it; nothing in domain logic reads `new Date()` or SQL `now()`.
 */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
