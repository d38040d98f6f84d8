import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ListingCard } from '../../src/components/listings/ListingCard.tsx';
import { currencyOfLocale, setVisitorCurrency } from '../../src/lib/visitor-currency.ts';
import { makeListing } from './factories.ts';
import { server, TEST_RATES } from './msw.ts';
import { renderRoute } from './render.tsx';

describe("the visitor's currency", () => {
  it.each([
    ['en-US', 'USD'],
    ['de-AT', 'EUR'],
    ['fr', 'EUR'],
    ['ja-JP', 'JPY'],
    ['cs-CZ', 'CZK'],
    ['en-GB', 'GBP'],
    ['en', 'USD'],
    ['de', 'EUR'],
    ['sv-SE-u-ca-gregory', 'SEK'],
    ['zh-Hant-HK', 'HKD'],
    ['ar-EG', 'USD'],
    [undefined, 'USD'],
  ])('defaults from the browser locale %s to %s', (locale, currency) => {
    expect(currencyOfLocale(locale)).toBe(currency);
  });

  it('shows a card\'s price converted beside its own, marked "about", once a currency is chosen', async () => {
    const card = () =>
      render(
        <QueryClientProvider client={new QueryClient()}>
          <MemoryRouter>
            <ListingCard listing={makeListing({ price: 420, paid_price: 447, currency: 'EUR' })} />
          </MemoryRouter>
        </QueryClientProvider>,
      );
    const { unmount } = card();
    // The browser here speaks en-US: US dollars, at the rates the API gives.
    const dollars = Math.round((420 / TEST_RATES.unitsPerEuro.EUR!) * TEST_RATES.unitsPerEuro.USD!);
    expect(await screen.findByText(`about $${dollars}`)).toBeInTheDocument();
    expect(screen.getByText('€420')).toBeInTheDocument();
    unmount();

    setVisitorCurrency('EUR');
    card();
    expect(screen.getByText('€420')).toBeInTheDocument();
    expect(screen.queryByText(/about/)).not.toBeInTheDocument();
  });
});

/** Every marketplace search answers `listing` alone; the queries the page sent are kept, in order. */
function searchesFor(listing: ReturnType<typeof makeListing>, priceCeiling: number): URLSearchParams[] {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get('/api/listings', ({ request }) => {
      queries.push(new URL(request.url).searchParams);
      return HttpResponse.json({
        success: true,
        data: [listing],
        meta: { page: 1, pageSize: 24, total: 1, totalCapped: false, priceCeiling },
      });
    }),
  );
  return queries;
}

describe('the header currency choice', () => {
  it('is remembered, converts the marketplace prices and sends the price filter in that currency', async () => {
    const queries = searchesFor(
      makeListing({ title: 'Kyoto inn', price: 88_920, paid_price: null, currency: 'JPY' }),
      600,
    );
    const { user, router } = await renderRoute('/marketplace?maxPrice=500');
    const select = await screen.findByRole('combobox', { name: 'Show prices in' });
    expect(select).toHaveValue('USD');
    const card = (await screen.findByRole('link', { name: 'Kyoto inn' })).closest('article')!;
    expect(within(card).getByText('¥88,920')).toBeInTheDocument();
    const usd = Math.round((88_920 / TEST_RATES.unitsPerEuro.JPY!) * TEST_RATES.unitsPerEuro.USD!);
    expect(await within(card).findByText(`about $${usd}`)).toBeInTheDocument();
    expect(queries.at(-1)?.get('currency')).toBeNull(); // US dollars: the API's default
    // The estimates say where their rate comes from, and of which day.
    expect(screen.getByText(/“About” prices at the European Central Bank rate of Nov 25, 2026/)).toBeInTheDocument();

    await user.selectOptions(select, 'GBP');
    expect(localStorage.getItem('restay.currency')).toBe('GBP');
    // The maximum of $500 follows the visitor into pounds, rounded up so no stay it found is lost, and says so.
    const pounds = Math.ceil((500 / TEST_RATES.unitsPerEuro.USD!) * TEST_RATES.unitsPerEuro.GBP!);
    await waitFor(() => expect(router.state.location.search).toBe(`?maxPrice=${pounds}&priceCurrency=GBP`));
    await waitFor(() => expect(queries.at(-1)?.get('maxPrice')).toBe(String(pounds)));
    expect(queries.at(-1)?.get('currency')).toBe('GBP');
    expect(screen.getByText(`Price filter converted from $0 – $500 to £0 – £${pounds}.`)).toHaveRole('status');
    const gbp = Math.round((88_920 / TEST_RATES.unitsPerEuro.JPY!) * TEST_RATES.unitsPerEuro.GBP!);
    const shown = (await screen.findByRole('link', { name: 'Kyoto inn' })).closest('article')!;
    expect(await within(shown).findByText(`about £${gbp}`)).toBeInTheDocument();
  });

  it('keeps a shared link’s price filter in the currency it names: the same stays for every visitor', async () => {
    setVisitorCurrency('JPY');
    const queries = searchesFor(
      makeListing({ title: 'Alfama rooms', price: 190, paid_price: null, currency: 'EUR' }),
      400,
    );
    const { user } = await renderRoute('/marketplace?maxPrice=230&priceCurrency=EUR');
    await screen.findByRole('link', { name: 'Alfama rooms' });
    expect(queries.at(-1)?.get('currency')).toBe('EUR');
    expect(queries.at(-1)?.get('maxPrice')).toBe('230');
    expect(queries.at(-1)?.has('priceCurrency')).toBe(false);
    await user.click(screen.getByRole('button', { name: /^Filters/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Filters' });
    expect(within(dialog).getByRole('group', { name: /Price/ })).toHaveTextContent('(EUR)');
    expect(within(dialog).getByLabelText('Maximum price')).toHaveValue('230');
  });
});
