import { useEffect } from 'react';
import { usePublicConfig } from './public-config.ts';

/**
 * With real Stripe payments, loads Stripe.js on the pages around checkout so Stripe can collect its fraud
 * signals from the visit. The library is imported only then: with the built-in test checkout (or a server that
 * names no payments mode) the SPA never downloads it, and nothing is sent to Stripe.
 */
export function useStripeFraudSignals(): void {
  const payments = usePublicConfig().data?.payments;
  const publishableKey = payments?.mode === 'stripe' ? payments.publishableKey : null;

  useEffect(() => {
    if (!publishableKey) return;
    import('@stripe/stripe-js')
      .then(({ loadStripe }) => loadStripe(publishableKey))
      .catch((error: unknown) => {
        // Fraud signals are a bonus: checkout itself is hosted by Stripe and works without them.
        console.warn('Stripe.js could not be loaded', error);
      });
  }, [publishableKey]);
}
