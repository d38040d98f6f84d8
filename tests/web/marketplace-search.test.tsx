import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Listing } from '../../contract/listing.ts';
import { FILTER_DEBOUNCE_MS } from '../../src/lib/ui-constants.ts';
import { makeListing } from './factories.ts';
import { controlIdleCallbacks } from './idle-browser.ts';
import { server } from './msw.ts';
import { fakeMap } from './fake-react-leaflet.tsx';
import { renderRoute } from './render.tsx';

// The map library is stubbed: markers become buttons, and the map records how it was asked to move.

/** Makes every media query match, as on a large screen; undone after each test. */
function onLargeScreen() {
  window.matchMedia = ((query: string) => ({
    matches: true,
    media: query,
    addEventListener() {},
    removeEventListener() {},
  })) as never;
}
afterEach(() => {
  delete (window as { matchMedia?: unknown }).matchMedia;
});

/** Answers searches with `listings` and records every query string the page sent. */
function mockSearch(listings: Listing[], priceCeiling = 1000) {
  const queries: string[] = [];
  server.use(
    http.get('/api/listings', ({ request }) => {
      queries.push(new URL(request.url).search);
      return HttpResponse.json({
        success: true,
        data: listings,
        meta: { page: 1, pageSize: 24, total: listings.length, totalCapped: false, priceCeiling },
      });
    }),
  );
  return queries;
}

const { idle } = controlIdleCallbacks();

/** The pause after which price changes apply, passed at once (under fake timers). */
const settleDebounce = () => act(() => vi.advanceTimersByTime(FILTER_DEBOUNCE_MS));

/** The picker's code has replaced the field drawn before it (its first import here takes seconds on a busy machine). */
async function pickerLoaded(label: string): Promise<HTMLElement> {
  await waitFor(() => expect(screen.getByLabelText(label)).not.toHaveAttribute('data-picker-loading'), {
    timeout: 10_000,
  });
  return screen.getByLabelText(label);
}

/** The date field once the visitor's pointer came over it and the picker has replaced the field drawn before it. */
async function loadedPicker(user: ReturnType<typeof renderRoute>['user'], label: string): Promise<HTMLElement> {
  await user.hover(screen.getByLabelText(label));
  return pickerLoaded(label);
}

describe('/marketplace search', () => {
  // The file's first render loads the page's code: slow on a busy machine.
  it(
    "gives a guest one Sign in (the header's), no Search button beside the search bar, and folds the actions into a menu",
    { timeout: 30_000 },
    async () => {
      mockSearch([makeListing({ title: 'Porto loft' })]);
      const { user } = renderRoute('/marketplace');
      await screen.findByRole('link', { name: 'Porto loft' }, { timeout: 15_000 });
      expect(screen.getAllByRole('button', { name: /^Sign in$/i })).toHaveLength(1);
      expect(screen.queryByRole('link', { name: /^Sign in$/i })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Search' })).not.toBeInTheDocument();

      const more = screen.getByRole('button', { name: 'More actions' });
      expect(more).toHaveAttribute('aria-expanded', 'false');
      const actions = document.getElementById(more.getAttribute('aria-controls')!)!;
      expect(within(actions).getByRole('button', { name: 'Save this search' })).toBeInTheDocument();
      expect(within(actions).getByRole('link', { name: 'List Your Stay' })).toBeInTheDocument();
      await user.click(more);
      expect(more).toHaveAttribute('aria-expanded', 'true');
      expect(actions).toHaveAttribute('data-open', 'true');
      await user.keyboard('{Escape}');
      expect(more).toHaveAttribute('aria-expanded', 'false');
      expect(more).toHaveFocus();
    },
  );

  it('reads the filters from the URL and sends them to the API', async () => {
    const queries = mockSearch([makeListing({ title: 'Porto loft' })]);
    renderRoute('/marketplace?location=Porto&minPrice=50&unknown=1');
    // The first render loads the page chunk (date picker included), which takes a while in the tests' DOM.
    expect(await screen.findByRole('link', { name: 'Porto loft' }, { timeout: 5000 })).toBeInTheDocument();
    expect(queries[0]).toBe('?location=Porto&minPrice=50');
  });

  it('Search replaces the history entry with the trimmed query, or the bare route when empty', async () => {
    mockSearch([]);
    const { user, router } = renderRoute('/marketplace?location=Paris');
    await screen.findByText('No stays available');
    await user.click(screen.getByRole('button', { name: /^Edit search:/ }));
    const location = screen.getByLabelText('Location');
    await user.clear(location);
    await user.type(location, '  Zürich ');
    await user.type(screen.getByLabelText('Hotel Name'), 'Baur');
    await user.click(within(screen.getByRole('search')).getByRole('button', { name: 'Search' }));
    expect(router.state.location.search).toBe('?location=Z%C3%BCrich&hotelName=Baur');
    expect(router.state.historyAction).toBe('REPLACE');

    await user.click(screen.getByRole('button', { name: /^Edit search:/ }));
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await user.click(within(screen.getByRole('search')).getByRole('button', { name: 'Search' }));
    expect(router.state.location.pathname).toBe('/marketplace');
    expect(router.state.location.search).toBe('');
  });

  it('keeps to stays approved by their hotel when asked (in the Filters panel), in the URL and the API, and lets go again', async () => {
    const queries = mockSearch([makeListing({ title: 'Porto loft' })]);
    const { user, router } = renderRoute('/marketplace?location=Porto');
    await screen.findByRole('link', { name: 'Porto loft' }, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const dialog = await screen.findByRole('dialog', { name: 'Filters' });
    const only = within(dialog).getByRole('checkbox', { name: 'Only stays approved by their hotel' });
    expect(only).not.toBeChecked();
    await user.click(only);
    expect(router.state.location.search).toBe('?location=Porto&hotelApproved=true');
    expect(router.state.historyAction).toBe('REPLACE');
    await waitFor(() => expect(queries.at(-1)).toBe('?location=Porto&hotelApproved=true'));
    expect(within(dialog).getByRole('checkbox', { name: 'Only stays approved by their hotel' })).toBeChecked();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Filters, 1 on' })).toBeInTheDocument();

    // A new search keeps it.
    await user.click(screen.getByRole('button', { name: /^Edit search:/ }));
    await user.type(screen.getByLabelText('Hotel Name'), 'Baur');
    await user.click(within(screen.getByRole('search')).getByRole('button', { name: 'Search' }));
    expect(router.state.location.search).toBe('?location=Porto&hotelName=Baur&hotelApproved=true');

    await user.click(screen.getByRole('button', { name: 'Filters, 1 on' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Filters' })).getByRole('checkbox', {
        name: 'Only stays approved by their hotel',
      }),
    );
    expect(router.state.location.search).toBe('?location=Porto&hotelName=Baur');
  });

  it('applies price changes after the debounce, shows them in the URL, and a lowered maximum under a high ceiling filters', async () => {
    onLargeScreen();
    const queries = mockSearch([makeListing()], 2499.5);
    const { user, router } = renderRoute('/marketplace');
    await screen.findAllByRole('article', undefined, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    // The panel's code loads when it first opens.
    const dialog = await screen.findByRole('dialog', { name: 'Filters' });
    const max = within(dialog).getByLabelText('Maximum price');
    expect(max).toHaveValue('2500');
    // The debounce is jumped, not sat out.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.change(max, { target: { value: '1500' } });
    expect(router.state.location.search).toBe('');
    settleDebounce();
    await waitFor(() => expect(router.state.location.search).toBe('?maxPrice=1500&priceCurrency=USD'));
    await waitFor(() => expect(queries.at(-1)).toBe('?maxPrice=1500'));

    fireEvent.change(within(dialog).getByLabelText('Minimum price'), { target: { value: 'abc' } });
    fireEvent.change(within(dialog).getByLabelText('Minimum price'), { target: { value: '20' } });
    settleDebounce();
    await waitFor(() => expect(router.state.location.search).toBe('?minPrice=20&maxPrice=1500&priceCurrency=USD'));

    await user.click(within(dialog).getByRole('button', { name: 'Clear price filter' }));
    settleDebounce();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('moves the price thumbs with the keyboard; a thumb pushed past the other takes its place', async () => {
    onLargeScreen();
    mockSearch([makeListing()], 100);
    const { user, router } = renderRoute('/marketplace?minPrice=40&maxPrice=41');
    await screen.findAllByRole('article', undefined, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Filters, 1 on' }));
    // The panel's code loads when it first opens.
    const dialog = await screen.findByRole('dialog', { name: 'Filters' });
    const maxThumb = within(dialog).getByRole('slider', { name: 'Maximum price slider' });
    const minThumb = within(dialog).getByRole('slider', { name: 'Minimum price slider' });
    // The debounce is jumped, not sat out.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    maxThumb.focus();
    await user.keyboard('{ArrowLeft}');
    expect(maxThumb).toHaveAttribute('aria-valuenow', '40');
    settleDebounce();
    await waitFor(() => expect(router.state.location.search).toBe('?minPrice=40&maxPrice=40&priceCurrency=USD'));
    minThumb.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(minThumb).toHaveAttribute('aria-valuenow', '40');
    expect(maxThumb).toHaveAttribute('aria-valuenow', '42');
    settleDebounce();
    await waitFor(() => expect(router.state.location.search).toBe('?minPrice=40&maxPrice=42&priceCurrency=USD'));
  });

  it('closes the Filters panel with Escape, the overlay and the close control', async () => {
    onLargeScreen();
    mockSearch([]);
    const { user } = renderRoute('/marketplace');
    await screen.findByText('No stays available', undefined, { timeout: 5000 });
    const openFilters = async () => {
      await user.click(screen.getByRole('button', { name: 'Filters' }));
      return screen.findByRole('dialog', { name: 'Filters' });
    };
    await openFilters();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await openFilters();
    await user.click(screen.getByTestId('filters-overlay'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await openFilters()).toContainElement(document.activeElement as HTMLElement);
    await user.click(screen.getByRole('button', { name: 'Close filters' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens one date popup at a time, offers no day before today, and moves check-out past a later check-in', async () => {
    // A month two ahead of today, so the dates stay in the future whenever the test runs.
    const now = new Date();
    const month = new Date(Date.UTC(now.getFullYear(), now.getMonth() + 2, 1));
    const day = (d: number) => `${month.toISOString().slice(0, 8)}${String(d).padStart(2, '0')}`;
    const shown = (d: number) =>
      new Date(`${day(d)}T12:00:00`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
    mockSearch([]);
    const first = renderRoute(`/marketplace?startDate=${day(10)}&endDate=${day(12)}`);
    const { user } = first;
    await screen.findByText('No stays available', undefined, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: /^Edit search:/ }));
    // Opened, and the browser idle: the fields are still the ones drawn before the picker, whose code waits for
    // the visitor (the test holds it at hand, so it would show within a few task turns had the page run it).
    await import('../../src/components/dates/StayDatePickers.tsx');
    idle();
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    for (const label of ['Check in', 'Check out']) {
      expect(screen.getByLabelText(label)).toHaveAttribute('data-picker-loading');
    }
    const checkIn = await loadedPicker(user, 'Check in');
    const checkOut = screen.getByLabelText('Check out');
    const popups = () => document.querySelectorAll('.react-datepicker__month');
    const dayCell = (d: number) =>
      document.querySelector(
        `.react-datepicker__day--0${String(d).padStart(2, '0')}:not(.react-datepicker__day--outside-month)`,
      )!;

    await user.click(checkOut);
    expect(popups()).toHaveLength(1);
    await user.click(checkIn);
    expect(popups()).toHaveLength(1);
    await user.click(dayCell(15));
    expect(checkIn).toHaveValue(shown(15));
    expect(checkOut).toHaveValue(shown(16));
    expect(popups()).toHaveLength(0);

    // Today's month: every day before today is disabled.
    first.unmount();
    const { user: again } = renderRoute('/marketplace');
    await again.click(await screen.findByRole('button', { name: /^Edit search:/ }, { timeout: 5000 }));
    // A press on the field drawn before the picker (all at once, as a browser delivers it) opens its calendar.
    const standIn = screen.getByLabelText('Check in');
    expect(standIn).toHaveAttribute('data-picker-loading');
    fireEvent.pointerDown(standIn);
    fireEvent.focus(standIn);
    fireEvent.click(standIn);
    await pickerLoaded('Check in');
    await waitFor(() => expect(popups()).toHaveLength(1));
    expect(screen.getByLabelText('Check in')).toHaveFocus();
    const todayCell = document.querySelector('.react-datepicker__day--today')!;
    expect(todayCell).toHaveAttribute('aria-disabled', 'false');
    const days = [...document.querySelectorAll('.react-datepicker__day:not(.react-datepicker__day--outside-month)')];
    const before = days.slice(0, days.indexOf(todayCell));
    expect(before.every((cell) => cell.getAttribute('aria-disabled') === 'true')).toBe(true);
  });

  it('closes an open date popup on Escape, from its field or from a day inside it, and keeps the field focused', async () => {
    mockSearch([]);
    const { user } = renderRoute('/marketplace');
    await screen.findByText('No stays available', undefined, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: /^Edit search:/ }));
    const checkIn = await loadedPicker(user, 'Check in');
    const popups = () => document.querySelectorAll('.react-datepicker__month');

    await user.click(checkIn);
    expect(popups()).toHaveLength(1);
    await user.keyboard('{Escape}');
    expect(popups()).toHaveLength(0);
    expect(checkIn).toHaveFocus();

    await user.click(checkIn);
    fireEvent.keyDown(document.querySelector('.react-datepicker__day--today')!, { key: 'Escape' });
    expect(popups()).toHaveLength(0);
    expect(checkIn).toHaveFocus();
  });

  it('pages over meta', async () => {
    const queries: string[] = [];
    server.use(
      http.get('/api/listings', ({ request }) => {
        queries.push(new URL(request.url).search);
        const page = Number(new URL(request.url).searchParams.get('page') ?? 1);
        return HttpResponse.json({
          success: true,
          data: [makeListing({ title: `Page ${page} stay` })],
          meta: { page, pageSize: 1, total: 2, totalCapped: false, priceCeiling: 100 },
        });
      }),
    );
    const { user } = renderRoute('/marketplace');
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: 'Page 2 stay' })).toBeInTheDocument();
    expect(queries.at(-1)).toBe('?page=2');
  });

  it('shows a pin per placed listing on the map, none for a listing without coordinates', async () => {
    const placed = makeListing({ title: 'Placed', price: 99.6, latitude: 38.7, longitude: -9.1 });
    const other = makeListing({ title: 'Other', price: 250, latitude: 41.1, longitude: -8.6 });
    const unplaced = makeListing({ title: 'Unplaced', latitude: null, longitude: null });
    mockSearch([placed, other, unplaced]);
    const { user } = renderRoute('/marketplace');
    await screen.findAllByRole('article');
    await user.click(screen.getByRole('button', { name: 'Map' }));
    const map = await screen.findByTestId('map');
    expect(within(map).getByRole('button', { name: 'Placed, $100' })).toBeInTheDocument();
    expect(within(map).getByRole('button', { name: 'Other, $250' })).toBeInTheDocument();
    expect(within(map).queryByRole('button', { name: /Unplaced/ })).not.toBeInTheDocument();
    expect(fakeMap.fitBounds).toHaveBeenLastCalledWith(
      [
        [38.7, -9.1],
        [41.1, -8.6],
      ],
      { padding: [50, 50], maxZoom: 12 },
    );
    await user.click(within(map).getByRole('button', { name: 'Placed, $100' }));
    expect(fakeMap.setView).toHaveBeenLastCalledWith([38.7, -9.1], 13);
  });

  it('on a large screen shows list and map side by side, and hovering a card highlights its pin and back', async () => {
    onLargeScreen();
    const stay = makeListing({ title: 'Hover me', price: 80, latitude: 38.7, longitude: -9.1 });
    mockSearch([stay]);
    const { user } = renderRoute('/marketplace');
    const card = (await screen.findAllByRole('article', undefined, { timeout: 5000 }))[0]!;
    const pin = await screen.findByRole('button', { name: 'Hover me, $80' });
    expect(pin).toHaveAttribute('data-highlighted', 'false');
    await user.hover(card);
    expect(screen.getByRole('button', { name: 'Hover me, $80' })).toHaveAttribute('data-highlighted', 'true');
    await user.unhover(card);
    await user.hover(screen.getByRole('button', { name: 'Hover me, $80' }));
    expect(card).toHaveAttribute('data-highlighted', 'true');
  });

  it('on a phone Filters says how many filters are on, and "Show N stays" shows what they find', async () => {
    mockSearch([makeListing(), makeListing()]);
    const { user, router } = renderRoute('/marketplace');
    await screen.findAllByRole('article', undefined, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const dialog = await screen.findByRole('dialog', { name: 'Filters' });
    expect(within(dialog).getByRole('button', { name: 'Show 2 stays' })).toBeInTheDocument();

    mockSearch([makeListing()]);
    fireEvent.change(within(dialog).getByLabelText('Minimum price'), { target: { value: '40' } });
    // Until the search for the new price has answered, the button does not claim a count.
    expect(within(dialog).getByRole('button', { name: 'Show stays' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe('?minPrice=40&priceCurrency=USD'));
    await user.click(await within(dialog).findByRole('button', { name: 'Show 1 stay' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Filters, 1 on' })).toHaveFocus();
  });

  it('says "1,000+ stays" when the server stopped counting', async () => {
    server.use(
      http.get('/api/listings', () =>
        HttpResponse.json({
          success: true,
          data: [makeListing()],
          meta: { page: 1, pageSize: 24, total: 1000, totalCapped: true, priceCeiling: 500 },
        }),
      ),
    );
    renderRoute('/marketplace');
    expect(await screen.findByText('1,000+ stays', undefined, { timeout: 5000 })).toBeInTheDocument();
  });

  it('after the map is moved, "Search this area" searches the visible box within the current filters', async () => {
    const queries = mockSearch([makeListing({ title: 'Placed', latitude: 38.7, longitude: -9.1 })]);
    const { user } = renderRoute('/marketplace?location=Lisbon');
    await screen.findAllByRole('article', undefined, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Map' }));
    await screen.findByTestId('map');
    expect(screen.queryByRole('button', { name: 'Search this area' })).not.toBeInTheDocument();
    act(() => fakeMap.events.dragend!());
    await user.click(screen.getByRole('button', { name: 'Search this area' }));
    await waitFor(() => expect(queries.at(-1)).toBe('?location=Lisbon&bounds=1%2C2%2C3%2C4'));
    expect(screen.queryByRole('button', { name: 'Search this area' })).not.toBeInTheDocument();
  });

  it('shows the visitor where they are at the selected zoom, asking the browser for a fix at most 5 minutes old within 10 s', async () => {
    const getCurrentPosition = vi.fn((success: PositionCallback) =>
      success({ coords: { latitude: 52.37, longitude: 4.9 } } as GeolocationPosition),
    );
    Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
    try {
      mockSearch([]);
      const { user } = renderRoute('/marketplace');
      await screen.findByText('No stays available', undefined, { timeout: 5000 });
      await user.click(screen.getByRole('button', { name: 'Map' }));
      await user.click(await screen.findByRole('button', { name: 'Show my location' }));
      expect(getCurrentPosition).toHaveBeenCalledWith(expect.any(Function), expect.any(Function), {
        timeout: 10_000,
        maximumAge: 300_000,
      });
      expect(fakeMap.setView).toHaveBeenLastCalledWith([52.37, 4.9], 13);

      getCurrentPosition.mockImplementationOnce((_success, failure?: PositionErrorCallback | null) =>
        failure?.({ code: 1 } as GeolocationPositionError),
      );
      await user.click(screen.getByRole('button', { name: 'Show my location' }));
      expect(screen.getByRole('status')).toHaveTextContent('Could not find your location.');
    } finally {
      delete (navigator as { geolocation?: unknown }).geolocation;
    }
  });
});
