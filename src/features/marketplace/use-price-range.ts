import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { marketplaceUrl, type SearchFilters } from '../../lib/search-filters.ts';
import { FILTER_DEBOUNCE_MS } from '../../lib/ui-constants.ts';
import { ceilingFrom, isValidRange, type PriceRange } from './price-rules.ts';
import { useDebouncedValue } from './use-debounced-value.ts';
import { useVisitorCurrency } from '../../lib/visitor-currency.ts';

/**
 * The price filter's state: the range being edited, the slider's ceiling, and the debounced trip of a settled
 * range into the URL (and so into the search). `priceCeiling` is the first reply's highest price: undefined
 * until that reply arrives, null when there are no listings.
 */
export function usePriceRange(applied: SearchFilters, priceCeiling: number | null | undefined) {
  const navigate = useNavigate();
  const [range, setRange] = useState<PriceRange>({ min: applied.minPrice, max: applied.maxPrice });
  const settledRange = useDebouncedValue(range, FILTER_DEBOUNCE_MS);
  const currency = useVisitorCurrency();
  const [fixed, setFixed] = useState<{ currency: string; ceiling: number } | null>(null);

  // The slider's ceiling is fixed once per currency, from the first reply in it: moving it later would move the
  // user's handles. `priceCeiling` is undefined while the reply on screen is still the previous currency's.
  if (fixed?.currency !== currency && priceCeiling !== undefined) {
    setFixed({ currency, ceiling: Math.max(ceilingFrom(priceCeiling), Math.ceil(applied.maxPrice ?? 0)) });
  }
  const ceiling = fixed?.ceiling ?? null;

  // Price changes reach the URL once the user pauses for FILTER_DEBOUNCE_MS.
  useEffect(() => {
    if (ceiling === null || !isValidRange(settledRange, ceiling)) return;
    const next = marketplaceUrl({ ...applied, minPrice: settledRange.min, maxPrice: settledRange.max }, ceiling);
    if (next !== marketplaceUrl(applied, ceiling)) void navigate(next, { replace: true });
  }, [settledRange, applied, ceiling, navigate]);

  return {
    range,
    setRange,
    sliderCeiling: ceiling ?? ceilingFrom(null),
    priceFiltered: range.min > 0 || range.max !== null,
  };
}
