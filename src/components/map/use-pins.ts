import { useMemo } from 'react';
import type { Listing } from '../../../contract/listing.ts';
import { useExchangeRates } from '../../lib/exchange-rates.ts';
import { useVisitorCurrency } from '../../lib/visitor-currency.ts';
import { pinsFor, type Pin } from './map-logic.ts';

/** The listings' pins, priced in the visitor's currency as the cards beside the map are. */
export function usePins(listings: Listing[]): Pin[] {
  const visitor = useVisitorCurrency();
  const rates = useExchangeRates().data;
  return useMemo(() => pinsFor(listings, { visitor, rates }), [listings, visitor, rates]);
}
