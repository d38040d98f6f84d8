import type { BuyingDeps } from '../payments/deps.ts';

/** What the payouts need: the buying dependencies (the payment provider's Connect calls, and the hotel system for posting fees to its bills). */
export type PayoutDeps = Pick<
  BuyingDeps,
  'db' | 'clock' | 'payments' | 'pms' | 'logger' | 'mailer' | 'publicUrl' | 'appOrigins' | 'payouts'
>;
