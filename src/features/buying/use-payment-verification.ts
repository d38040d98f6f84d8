import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { pendingCheckout } from '../../lib/checkout-storage.ts';
import { getSessionStatus } from './api/session-status.ts';
import { markPurchased } from './api/purchase.ts';
import { paymentOutcome } from './payment-outcome.ts';

/** How often a pending payment is checked again, and for how long (about a minute) before the buyer is asked. */
export const RECHECK_INTERVAL_MS = 2_000;
export const AUTOMATIC_RECHECKS = 30;

export type Verification =
  | { state: 'loading' }
  | { state: 'error'; retry: () => void }
  | { state: 'pending'; stillChecking: boolean; checkAgain: () => void }
  | { state: 'success'; listingId: string | null }
  | { state: 'refund'; refunded: boolean; reason: string | null }
  | { state: 'unpaid'; listingId: string | null };

/**
 * Asks the server how the checkout session ended. While the payment is not confirmed, asks again every 2 s for
 * about a minute, then leaves it to the buyer ("Check again"); any other answer is final for this page. Once
 * the stay is the buyer's: the stored stay is marked purchased (the server has recorded the sale already; this
 * only reads it back) and the stored checkout is forgotten, as it is when the checkout ended any other way.
 */
export function usePaymentVerification(sessionId: string, buyerId: string | null): Verification {
  const [checksBefore, setChecksBefore] = useState(0);
  const [paidStay, setPaidStay] = useState<{ listingId: string | null } | null>(null);
  const completed = useRef(false);
  const queryClient = useQueryClient();
  const queryKey = ['payment-session', sessionId];

  const status = useQuery({
    queryKey,
    // Every answer counts as a check, even one equal to the last, so the page re-renders on each.
    notifyOnChangeProps: 'all',
    queryFn: ({ signal }) => getSessionStatus(sessionId, signal),
    staleTime: 0,
    refetchInterval: (query) => {
      const data = query.state.data;
      if (query.state.status !== 'success' || !data || paymentOutcome(data.status) !== 'pending') return false;
      return query.state.dataUpdateCount - checksBefore < AUTOMATIC_RECHECKS ? RECHECK_INTERVAL_MS : false;
    },
  });

  const outcome = status.data ? paymentOutcome(status.data.status) : null;
  const sold = outcome === 'sale';
  const paidListingId = status.data?.listingId ?? null;
  useEffect(() => {
    if (!sold || completed.current) return;
    completed.current = true;
    const stored = pendingCheckout.listingId();
    if (stored && buyerId) {
      markPurchased(stored, buyerId).catch((error: unknown) => console.warn('Reading back the purchase failed', error));
    }
    pendingCheckout.clear();
    // The server's answer names the stay too, so a tab that lost its storage still reaches the confirmation.
    setPaidStay({ listingId: stored ?? paidListingId });
  }, [sold, paidListingId, buyerId]);

  const ended = outcome === 'refund' || outcome === 'unpaid';
  useEffect(() => {
    if (ended) pendingCheckout.clear();
  }, [ended]);

  if (paidStay) return { state: 'success', listingId: paidStay.listingId };
  if (status.isError) return { state: 'error', retry: () => void status.refetch() };
  if (status.isPending || sold) return { state: 'loading' };
  if (outcome === 'refund') {
    const refund = status.data.refund;
    return { state: 'refund', refunded: status.data.status === 'refunded', reason: refund?.message ?? null };
  }
  if (outcome === 'unpaid') return { state: 'unpaid', listingId: paidListingId };
  const checks = queryClient.getQueryState(queryKey)?.dataUpdateCount ?? 0;
  return {
    state: 'pending',
    stillChecking: checks - checksBefore < AUTOMATIC_RECHECKS,
    checkAgain: () => {
      setChecksBefore(checks);
      void status.refetch();
    },
  };
}
