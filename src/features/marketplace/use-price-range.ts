import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { convert, fetchExchangeRates } from '../../lib/exchange-rates.ts';
import { isPriceBounded, marketplaceUrl, type SearchFilters } from '../../lib/search-filters.ts';
import { FILTER_DEBOUNCE_MS } from '../../lib/ui-constants.ts';
import { onVisitorCurrencyChosen } from '../../lib/visitor-currency.ts';
import { boundsLabel, ceilingFrom, convertedRange, isValidRange, type PriceRange } from './price-rules.ts';
import { useDebouncedValue } from './use-debounced-value.ts';

/**
 * The price filter's state: the range being edited in `currency` (the one its bounds are in), the slider's
 * ceiling, and the debounced trip of a settled range into the URL (and so into the search). `priceCeiling` is the
 * first reply's highest price: undefined until that reply arrives, null when there are no listings. When the
 * visitor picks another currency, bounds in the old one are converted (rounded outward, so no stay they let in is
 * lost) and `converted` says so; a link opened with bounds in another currency keeps them, and finds the same
 * stays as for whoever shared it.
 */
export function usePriceRange(applied: SearchFilters, currency: string, priceCeiling: number | null | undefined) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [range, setRange] = useState<PriceRange>({ min: applied.minPrice, max: applied.maxPrice });
  const settledRange = useDebouncedValue(range, FILTER_DEBOUNCE_MS);
  const [fixed, setFixed] = useState<{ currency: string; ceiling: number } | null>(null);
  const [converted, setConverted] = useState<string | null>(null);

  // The slider's ceiling is fixed once per currency, from the first reply in it: moving it later would move the
  // user's handles. `priceCeiling` is undefined while the reply on screen is still the previous currency's.
  if (fixed?.currency !== currency && priceCeiling !== undefined) {
    setFixed({ currency, ceiling: Math.max(ceilingFrom(priceCeiling), Math.ceil(applied.maxPrice ?? 0)) });
  }
  const ceiling = fixed?.ceiling ?? null;

  // Price changes reach the URL once the user pauses for FILTER_DEBOUNCE_MS (not while a converted range settles).
  const settled = settledRange.min === range.min && settledRange.max === range.max;
  useEffect(() => {
    if (ceiling === null || !settled || !isValidRange(settledRange, ceiling)) return;
    const filters = { ...applied, priceCurrency: currency };
    const next = marketplaceUrl({ ...filters, minPrice: settledRange.min, maxPrice: settledRange.max }, ceiling);
    if (next !== marketplaceUrl(filters, ceiling)) void navigate(next, { replace: true });
  }, [settledRange, settled, applied, currency, ceiling, navigate]);

  useEffect(
    () =>
      onVisitorCurrencyChosen((chosen) => {
        if (chosen === currency || !isPriceBounded(applied)) return;
        const before = { min: applied.minPrice, max: applied.maxPrice };
        void fetchExchangeRates(client)
          .then((rates) => {
            const after = convertedRange(before, (amount) => convert(amount, currency, chosen, rates));
            if (!after) return;
            setRange(after);
            setConverted(
              `Price filter converted from ${boundsLabel(before, currency)} to ${boundsLabel(after, chosen)}.`,
            );
            const filters = { ...applied, minPrice: after.min, maxPrice: after.max, priceCurrency: chosen };
            void navigate(marketplaceUrl(filters, Number.POSITIVE_INFINITY), { replace: true });
          })
          // Without the day's rates the bounds stay in their own currency: still exactly the same stays.
          .catch(() => undefined);
      }),
    [applied, currency, client, navigate],
  );

  return {
    range,
    setRange,
    sliderCeiling: ceiling ?? ceilingFrom(null),
    priceFiltered: range.min > 0 || range.max !== null,
    converted,
  };
}
