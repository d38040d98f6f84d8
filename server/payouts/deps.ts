import type { BuyingDeps } from '../payments/deps.ts';

/** What the payouts need: the buying dependencies (the payment provider's Connect calls among them). */
export type PayoutDeps = Pick<
  BuyingDeps,
  'db' | 'clock' | 'payments' | 'logger' | 'mailer' | 'publicUrl' | 'appOrigins' | 'payouts'
>;
