import type { Payments } from './stripe/payments.ts';

/**
 * Start-up with Stripe: the platform's balance must be in STRIPE_SETTLEMENT_CURRENCY, since payouts are computed
 * and sent in it and Stripe refuses a transfer in another currency than the charge's balance transaction. Reads
 * the platform account's `default_currency` and answers the one line start-up refuses with when they differ, or
 * null when they agree.
 */
export async function settlementCurrencyMismatch(
  payments: Pick<Payments, 'retrievePlatformAccount'>,
  settlementCurrency: string,
): Promise<string | null> {
  const { defaultCurrency } = await payments.retrievePlatformAccount();
  const configured = settlementCurrency.toUpperCase();
  if (defaultCurrency === configured) return null;
  return (
    `STRIPE_SETTLEMENT_CURRENCY is ${configured}, but the Stripe account's default currency is ${defaultCurrency}: ` +
    `set STRIPE_SETTLEMENT_CURRENCY=${defaultCurrency}.`
  );
}
