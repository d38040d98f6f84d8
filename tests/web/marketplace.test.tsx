import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { mockListings, searchReply } from './api-mocks.ts';
import { makeListing } from './factories.ts';
import { server } from './msw.ts';
import { renderRoute } from './render.tsx';

describe('/marketplace', () => {
  it('shows a card per listing, each linking to its detail page', async () => {
    const seaside = makeListing({ title: 'Seaside loft', city: 'Porto', country: 'Portugal', price: 1234 });
    const alpine = makeListing({
      title: 'Alpine chalet room',
      city: 'Zermatt',
      country: 'Switzerland',
      price: 890.5,
      reservations: { start_utc: '2026-12-20T00:00:00.000Z', end_utc: '2026-12-27T00:00:00.000Z' },
    });
    mockListings([seaside, alpine]);
    renderRoute('/marketplace');

    expect(await screen.findByRole('heading', { level: 1, name: 'Marketplace' })).toBeInTheDocument();
    const link = await screen.findByRole('link', { name: 'Seaside loft' });
    expect(link).toHaveAttribute('href', `/listings/${seaside.id}`);
    const cards = screen.getAllByRole('article');
    expect(cards).toHaveLength(2);

    const first = within(cards[0]!);
    expect(first.getByRole('img', { name: 'Seaside loft' })).toHaveAttribute('src', seaside.image_url);
    expect(first.getByText('Porto, Portugal')).toBeInTheDocument();
    expect(first.getByText('$1,234')).toBeInTheDocument();
    expect(first.getByText('Mar 3, 2026')).toBeInTheDocument();
    expect(first.getByText('Mar 7, 2026')).toBeInTheDocument();

    const second = within(cards[1]!);
    expect(second.getByRole('link', { name: 'Alpine chalet room' })).toHaveAttribute('href', `/listings/${alpine.id}`);
    expect(second.getByText('$890.50')).toBeInTheDocument();
    expect(second.getByText('Dec 20, 2026')).toBeInTheDocument();
  });

  it('loads the photos of the first two cards at once and first, the others as they scroll into view', async () => {
    const listings = ['Harbour studio', 'Garden room', 'Attic suite'].map((title) => makeListing({ title }));
    mockListings(listings);
    renderRoute('/marketplace');

    const photos = await Promise.all(listings.map(({ title }) => screen.findByRole('img', { name: title })));
    expect(photos.map((photo) => [photo.getAttribute('loading'), photo.getAttribute('fetchpriority')])).toEqual([
      ['eager', 'high'],
      ['eager', 'high'],
      ['lazy', 'auto'],
    ]);
  });

  it('shows loading skeletons until the listings arrive', async () => {
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get('/api/listings', async () => {
        await answered;
        return searchReply([makeListing({ title: 'Late arrival' })]);
      }),
    );
    renderRoute('/marketplace');

    expect(await screen.findByText('Loading stays…')).toBeInTheDocument();
    answer();
    expect(await screen.findByRole('link', { name: 'Late arrival' })).toBeInTheDocument();
    expect(screen.queryByText('Loading stays…')).not.toBeInTheDocument();
  });

  it('shows the empty state when there are no listings', async () => {
    mockListings([]);
    renderRoute('/marketplace');
    expect(await screen.findByText('No stays available')).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your search filters or check back later')).toBeInTheDocument();
  });

  it('shows an error with a Retry button that loads again', async () => {
    let calls = 0;
    server.use(
      http.get('/api/listings', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json(
              { success: false, error: 'Database unavailable', code: 'INTERNAL_ERROR' },
              { status: 500 },
            )
          : searchReply([makeListing({ title: 'Back online suite' })]);
      }),
    );
    const { user } = renderRoute('/marketplace');

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load listings. Please try again.');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Back online suite' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls).toBe(2);
  });

  it('says "Invalid response from server" when the reply is not an object', async () => {
    server.use(http.get('/api/listings', () => HttpResponse.text('<html>maintenance</html>')));
    renderRoute('/marketplace');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid response from server');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('treats a reply of the wrong shape as a failed load', async () => {
    server.use(http.get('/api/listings', () => HttpResponse.json({ success: true, data: 'nope' })));
    renderRoute('/marketplace');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load listings. Please try again.');
  });

  describe('with the first results the server put in the page', () => {
    const served = makeListing({ title: 'Served with the page' });
    /** The JSON data block the server adds to the unfiltered marketplace page. */
    const serveInPage = () => {
      const block = document.createElement('script');
      block.type = 'application/json';
      block.id = 'initial-search';
      block.textContent = JSON.stringify({
        success: true,
        data: [served],
        meta: { page: 1, pageSize: 24, total: 1, totalCapped: false, priceCeiling: null },
      });
      document.body.append(block);
      return block;
    };
    const askedApi: string[] = [];
    const answerFromApi = () =>
      server.use(
        http.get('/api/listings', ({ request }) => {
          askedApi.push(new URL(request.url).search);
          return searchReply([makeListing({ title: 'From the API' })]);
        }),
      );

    it('shows them without asking the API, once', async () => {
      askedApi.length = 0;
      serveInPage();
      answerFromApi();
      renderRoute('/marketplace');
      expect(await screen.findByRole('link', { name: 'Served with the page' })).toBeInTheDocument();
      expect(askedApi).toEqual([]);
      expect(document.getElementById('initial-search')).toBeNull();
    });

    it('asks the API for a filtered search, and leaves them alone', async () => {
      askedApi.length = 0;
      const block = serveInPage();
      answerFromApi();
      try {
        renderRoute('/marketplace?location=Porto');
        expect(await screen.findByRole('link', { name: 'From the API' })).toBeInTheDocument();
        expect(askedApi).toEqual(['?location=Porto']);
        expect(block.isConnected).toBe(true);
      } finally {
        block.remove();
      }
    });

    it('asks the API when what the page carries cannot be read', async () => {
      askedApi.length = 0;
      serveInPage().textContent = '{"success":true,"data":[';
      answerFromApi();
      renderRoute('/marketplace');
      expect(await screen.findByRole('link', { name: 'From the API' })).toBeInTheDocument();
      expect(askedApi).toEqual(['']);
      expect(document.getElementById('initial-search')).toBeNull();
    });
  });
});
