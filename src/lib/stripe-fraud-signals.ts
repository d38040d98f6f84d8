import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { z } from 'zod';
import { apiGet } from './api-client.ts';

/** The payments part of GET /api/config, read leniently: an older server without it means local payments. */
const paymentsConfigSchema = z.object({
  data: z.object({
    payments: z
      .object({ mode: z.string(), publishableKey: z.string().nullable().optional() })
      .optional()
      .catch(undefined),
  }),
});

function usePaymentsConfig() {
  return useQuery({
    queryKey: ['config', 'payments'],
    queryFn: async ({ signal }) =>
      paymentsConfigSchema.parse(await apiGet('/api/config', undefined, { signal })).data.payments ?? null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * With real Stripe payments, loads Stripe.js on the pages around checkout so Stripe can collect its fraud
 * signals from the visit. The library is imported only then: with the built-in test checkout the SPA never
 * downloads it, and nothing is sent to Stripe.
 */
export function useStripeFraudSignals(): void {
  const config = usePaymentsConfig();
  const publishableKey = config.data?.mode === 'stripe' ? config.data.publishableKey : null;

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
