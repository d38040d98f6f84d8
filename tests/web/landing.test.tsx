import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Photo } from '../../contract/photos.ts';
import { SHIPPED_PHOTOS } from '../../contract/shipped-photos.ts';
import { HERO_PHOTOS_ASKED_AFTER_MS } from '../../src/features/landing/components/HeroBackground.tsx';
import { addDays } from 'date-fns';
import { localIsoDate } from '../../src/lib/calendar-day.ts';
import { mockListings } from './api-mocks.ts';
import { controlIdleCallbacks } from './idle-browser.ts';
import { fakeIntersectionObserver } from './fake-intersection-observer.ts';
import { server } from './msw.ts';
import { renderRoute } from './render.tsx';

beforeEach(() => mockListings([]));

const { idle, withoutIdleCallbacks } = controlIdleCallbacks();

const inDays = (n: number) => localIsoDate(addDays(new Date(), n));

async function openLanding() {
  const rendered = renderRoute('/');
  await screen.findByRole('heading', { level: 1 });
  const form = screen.getByRole('search', { name: 'Search hotel stays' });
  return { ...rendered, form };
}

/** How the picker shows a YYYY-MM-DD day, and what a visitor types into it. */
const shown = (day: string) =>
  new Date(`${day}T12:00:00`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/**
 * The picker's code has replaced the fields drawn before it loaded (its first import in the simulated browser
 * takes seconds on a busy machine).
 */
async function pickerLoaded(form: HTMLElement) {
  await waitFor(() => expect(within(form).getByLabelText('Check-out')).not.toHaveAttribute('data-picker-loading'), {
    timeout: 10_000,
  });
}

/** Both fields are still the ones drawn before the picker: its code has not run. */
function standIns(form: HTMLElement) {
  for (const label of ['Check-in', 'Check-out']) {
    expect(within(form).getByLabelText(label)).toHaveAttribute('data-picker-loading');
  }
}

/**
 * The picker's code, imported by the test itself: had the page asked for it unprompted, it would show within a
 * few task turns instead of after the seconds its first import takes here.
 */
const pickerCodeAtHand = () => import('../../src/components/dates/StayDatePickers.tsx');

/** Real time for the page to do what it would, picker included, once its code is at hand. */
const aMoment = () => act(() => new Promise((resolve) => setTimeout(resolve, 100)));

/** The visitor's pointer comes over a date field, which is enough for the picker to replace both. */
async function pointAtDates(form: HTMLElement, user: ReturnType<typeof renderRoute>['user']) {
  await user.hover(within(form).getByLabelText('Check-in'));
  await pickerLoaded(form);
}

/**
 * A press on a field drawn before the picker, as a browser delivers it: the pointer goes down, the field takes
 * the focus, the click lands; all before the picker could take the field's place.
 */
function press(field: HTMLElement) {
  fireEvent.pointerDown(field);
  fireEvent.focus(field);
  fireEvent.click(field);
}

function typeDay(form: HTMLElement, label: string, day: string) {
  fireEvent.change(within(form).getByLabelText(label), { target: { value: shown(day) } });
}

const popups = () => document.querySelectorAll('.react-datepicker__month');

describe('hero search', () => {
  it("has the labelled fields and both buttons; the dates are the marketplace's picker, run once a field is pressed", async () => {
    await pickerCodeAtHand();
    const { form, user } = await openLanding();
    for (const label of ['Location', 'Hotel Name', 'Check-in', 'Check-out']) {
      expect(within(form).getByLabelText(label)).toBeInTheDocument();
    }
    // First paint: labelled read-only fields, without the picker's code.
    expect(within(form).getByLabelText('Check-in')).toHaveAttribute('data-picker-loading');
    expect(within(form).getByLabelText('Check-in')).toHaveAttribute('readonly');
    expect(within(form).getByLabelText('Check-in')).toHaveAttribute('placeholder', 'Add date');
    // An idle browser does not run it either: that waits for the visitor.
    idle();
    await aMoment();
    standIns(form);

    // A press brings the picker with that field's calendar open. Every day before today is disabled; Escape
    // closes the calendar and leaves the field focused.
    press(within(form).getByLabelText('Check-in'));
    await pickerLoaded(form);
    const checkIn = within(form).getByLabelText('Check-in');
    expect(checkIn.closest('.react-datepicker-wrapper')).not.toBeNull();
    await waitFor(() => expect(popups()).toHaveLength(1));
    expect(checkIn).toHaveFocus();
    const todayCell = document.querySelector('.react-datepicker__day--today')!;
    const days = [...document.querySelectorAll('.react-datepicker__day:not(.react-datepicker__day--outside-month)')];
    expect(days.slice(0, days.indexOf(todayCell)).every((cell) => cell.getAttribute('aria-disabled') === 'true')).toBe(
      true,
    );
    await user.keyboard('{Escape}');
    expect(popups()).toHaveLength(0);
    expect(checkIn).toHaveFocus();
    // ... and keeps it (the picker's own Escape took it away a moment later).
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(checkIn).toHaveFocus();

    // The keyboard reaches the field, opens its calendar and picks a day.
    await user.click(within(form).getByLabelText('Hotel Name'));
    // A person's Tab comes frames after their click: the picker blurs its own field one frame after a click
    // outside it (a no-op then, as the field has no focus), which a Tab pressed in the same frame would lose.
    await new Promise((resolve) => requestAnimationFrame(resolve));
    await user.tab();
    expect(checkIn).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(popups()).toHaveLength(1);
    // Into the calendar (today), a week on, chosen.
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(popups()).toHaveLength(0);
    expect(checkIn).toHaveValue(shown(inDays(7)));

    expect(within(form).getByRole('button', { name: 'Search Hotels' })).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Browse All' })).toBeInTheDocument();
  });

  it('without requestIdleCallback (Safari) keeps the fields drawn for seconds; a pointer over one brings the picker, closed', async () => {
    withoutIdleCallbacks();
    await pickerCodeAtHand();
    // The seconds are jumped, not sat out.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { form, user } = await openLanding();
    await act(() => vi.advanceTimersByTimeAsync(5000));
    standIns(form);
    vi.useRealTimers();

    await user.hover(within(form).getByLabelText('Check-out'));
    await pickerLoaded(form);
    expect(within(form).getByLabelText('Check-in').closest('.react-datepicker-wrapper')).not.toBeNull();
    // Only pointed at: no calendar opens, and the focus stays where it was.
    expect(popups()).toHaveLength(0);
    expect(document.activeElement).toBe(document.body);
  });

  it('a field reached by Tab brings the picker with the focus kept in it, closed; an arrow opens it', async () => {
    const { form, user } = await openLanding();
    await user.click(within(form).getByLabelText('Hotel Name'));
    await user.tab();
    await pickerLoaded(form);
    const checkIn = within(form).getByLabelText('Check-in');
    await waitFor(() => expect(checkIn).toHaveFocus());
    expect(popups()).toHaveLength(0);
    await user.keyboard('{ArrowDown}');
    expect(popups()).toHaveLength(1);
  });

  it('a field pressed before the picker has loaded opens its calendar, focused, once it has', async () => {
    const { form } = await openLanding();
    const standIn = within(form).getByLabelText('Check-out');
    expect(standIn).toHaveAttribute('data-picker-loading');
    press(standIn);
    await pickerLoaded(form);
    await waitFor(() => expect(popups()).toHaveLength(1));
    expect(within(form).getByLabelText('Check-out')).toHaveFocus();
  });

  it('goes to the bare marketplace when location and hotel name are blank after trimming', async () => {
    const { form, user, router } = await openLanding();
    await user.type(within(form).getByLabelText('Location'), '   ');
    await user.type(within(form).getByLabelText('Hotel Name'), ' ');
    await user.click(within(form).getByRole('button', { name: 'Search Hotels' }));
    await screen.findByRole('heading', { level: 1, name: 'Marketplace' }, { timeout: 5000 });
    expect(router.state.location.pathname).toBe('/marketplace');
    expect(router.state.location.search).toBe('');
  });

  it('passes the trimmed location and hotel name, and the chosen dates as YYYY-MM-DD', async () => {
    const { form, user, router } = await openLanding();
    await user.type(within(form).getByLabelText('Location'), '  Lisbon ');
    await user.type(within(form).getByLabelText('Hotel Name'), 'Hotel Avenida');
    await pointAtDates(form, user);
    typeDay(form, 'Check-in', inDays(3));
    typeDay(form, 'Check-out', inDays(6));
    await user.click(within(form).getByRole('button', { name: 'Search Hotels' }));
    await screen.findByRole('heading', { level: 1, name: 'Marketplace' });
    const params = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(params)).toEqual({
      location: 'Lisbon',
      hotelName: 'Hotel Avenida',
      startDate: inDays(3),
      endDate: inDays(6),
    });
  });

  it('leaves out the dates that were not chosen', async () => {
    const { form, user, router } = await openLanding();
    await user.type(within(form).getByLabelText('Location'), 'Tokyo');
    await user.click(within(form).getByRole('button', { name: 'Search Hotels' }));
    await screen.findByRole('heading', { level: 1, name: 'Marketplace' });
    expect(router.state.location.search).toBe('?location=Tokyo');
  });

  it('takes no check-out on or before the check-in, and moves the check-out past a later check-in', async () => {
    const { form, user } = await openLanding();
    await pointAtDates(form, user);
    typeDay(form, 'Check-in', inDays(4));
    typeDay(form, 'Check-out', inDays(4));
    typeDay(form, 'Check-out', inDays(2));
    fireEvent.blur(within(form).getByLabelText('Check-out'));
    expect(within(form).getByLabelText('Check-out')).toHaveValue('');
    typeDay(form, 'Check-out', inDays(6));
    typeDay(form, 'Check-in', inDays(8));
    expect(within(form).getByLabelText('Check-out')).toHaveValue(shown(inDays(9)));
  });

  it('refuses a check-in that has passed while the page stood open', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const { form, user, router } = await openLanding();
      await user.type(within(form).getByLabelText('Location'), 'Paris');
      await pointAtDates(form, user);
      typeDay(form, 'Check-in', inDays(1));
      // The visitor comes back to the tab days later and changes the place.
      vi.setSystemTime(addDays(new Date(), 3));
      await user.type(within(form).getByLabelText('Location'), 's');
      await user.click(within(form).getByRole('button', { name: 'Search Hotels' }));
      expect(within(form).getByRole('alert')).toHaveTextContent('Check-in cannot be in the past.');
      expect(within(form).getByLabelText('Check-in')).toHaveAttribute('aria-invalid', 'true');
      expect(router.state.location.pathname).toBe('/');
    } finally {
      vi.useRealTimers();
    }
  });

  it('"Browse All" opens the bare marketplace whatever is typed', async () => {
    const { form, user, router } = await openLanding();
    await user.type(within(form).getByLabelText('Location'), 'Rome');
    await user.click(within(form).getByRole('button', { name: 'Browse All' }));
    await screen.findByRole('heading', { level: 1, name: 'Marketplace' });
    expect(router.state.location.pathname).toBe('/marketplace');
    expect(router.state.location.search).toBe('');
  });
});

describe('hero photos', () => {
  const photo = (n: number, credited = false): Photo => ({
    url: `https://images.unsplash.com/photo-${n}?w=1920`,
    alt: `Hotel ${n}`,
    width: 1920,
    height: 1280,
    attribution: credited
      ? {
          photographer: `Photographer ${n}`,
          photographerUrl: `https://unsplash.com/@p${n}?utm_source=restay&utm_medium=referral`,
          unsplashUrl: 'https://unsplash.com/?utm_source=restay&utm_medium=referral',
        }
      : null,
  });
  const hero = () => screen.getByTestId('hero-background').parentElement!;
  const activeSrc = () =>
    screen.getByTestId('hero-background').querySelector('img[data-active="true"]')?.getAttribute('src');
  /** Counts the calls for the hero's photo list from now on. */
  const heroListRequests = () => {
    let count = 0;
    server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).searchParams.get('purpose') === 'hero') count += 1;
    });
    return () => count;
  };

  beforeEach(() => {
    server.use(
      http.get('/api/photos', () =>
        HttpResponse.json({ success: true, data: [photo(1, true), photo(2, true), photo(3, true)] }),
      ),
    );
  });
  afterEach(() => {
    vi.useRealTimers();
    server.events.removeAllListeners();
    delete (window as { matchMedia?: unknown }).matchMedia;
  });

  it('paints the shipped first image at once, with high fetch priority, before the API answers', async () => {
    server.use(http.get('/api/photos', () => new Promise<never>(() => {})));
    await openLanding();
    const first = screen.getByTestId('hero-background').querySelector('img[data-active="true"]');
    expect(first).toHaveAttribute('src', '/images/hero/seaside-resort.svg');
    expect(first).toHaveAttribute('fetchpriority', 'high');
  });

  it('asks for the photo list only once the first photo has shown for 4 s, not while the page loads', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const asked = heroListRequests();
    await openLanding();
    act(() => vi.advanceTimersByTime(HERO_PHOTOS_ASKED_AFTER_MS - 1_000));
    expect(asked()).toBe(0);
    act(() => vi.advanceTimersByTime(1_000));
    await waitFor(() => expect(asked()).toBe(1));
  });

  it('then starts at a random photo and moves on every 6 s with a 0.5 s fade, crediting the photographer', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    await openLanding();
    expect(activeSrc()).toBe('/images/hero/seaside-resort.svg');
    act(() => vi.advanceTimersByTime(HERO_PHOTOS_ASKED_AFTER_MS));
    await waitFor(() => expect(activeSrc()).toBe(photo(2).url));
    const active = screen.getByTestId('hero-background').querySelector('img[data-active="true"]') as HTMLElement;
    expect(active.style.transition).toBe('opacity 500ms ease-in-out');
    expect(within(hero()).getByRole('link', { name: 'Photographer 2' })).toHaveAttribute(
      'href',
      'https://unsplash.com/@p2?utm_source=restay&utm_medium=referral',
    );

    // Time also flows on its own here, so each check leaves a wide margin for a slow machine.
    act(() => vi.advanceTimersByTime(4_000));
    expect(activeSrc()).toBe(photo(2).url);
    act(() => vi.advanceTimersByTime(2_000));
    expect(activeSrc()).toBe(photo(3).url);
    act(() => vi.advanceTimersByTime(6_000));
    expect(activeSrc()).toBe(photo(1).url);
    expect(within(hero()).getByRole('link', { name: 'Photographer 1' })).toBeInTheDocument();
  });

  it('keeps the first photo, and never asks for the list, when the visitor prefers reduced motion', async () => {
    window.matchMedia = vi.fn((query: string) => ({
      matches: query === '(prefers-reduced-motion: reduce)',
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    })) as unknown as typeof window.matchMedia;
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const asked = heroListRequests();
    await openLanding();
    act(() => vi.advanceTimersByTime(30_000));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(activeSrc()).toBe('/images/hero/seaside-resort.svg');
    expect(asked()).toBe(0);
  });

  it('keeps the shipped image when the photo API fails', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const asked = heroListRequests();
    server.use(
      http.get('/api/photos', () =>
        HttpResponse.json({ success: false, error: 'boom', code: 'INTERNAL_ERROR' }, { status: 500 }),
      ),
    );
    await openLanding();
    act(() => vi.advanceTimersByTime(HERO_PHOTOS_ASKED_AFTER_MS));
    await waitFor(() => expect(asked()).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(activeSrc()).toBe('/images/hero/seaside-resort.svg');
  });
});

describe('about and services photos', () => {
  // The sections far below the screen until the test says otherwise.
  const observer = fakeIntersectionObserver();
  const about = (n: number): Photo => ({
    url: `https://images.unsplash.com/about-${n}?w=1200`,
    alt: `About ${n}`,
    width: 1200,
    height: 800,
    attribution: null,
  });

  it("shows the shipped photos, and asks for the API's only as their row nears the screen", async () => {
    const purposes: string[] = [];
    server.use(
      http.get('/api/photos', ({ request }) => {
        const purpose = new URL(request.url).searchParams.get('purpose')!;
        purposes.push(purpose);
        return HttpResponse.json({ success: true, data: purpose === 'about' ? [1, 2, 3].map(about) : [] });
      }),
    );
    await openLanding();
    const row = screen.getByRole('img', { name: SHIPPED_PHOTOS.about[0]!.alt }).closest('ul')!;
    await waitFor(() => expect(observer.observing()).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(purposes).toEqual([]);

    observer.report({ isIntersecting: true }, row);
    expect(await within(row).findByRole('img', { name: 'About 1' })).toHaveAttribute('src', about(1).url);
    expect(purposes).toEqual(['about']);
  });
});

describe('about and services', () => {
  it('explains reselling for sellers and buyers, and links the three service cards', async () => {
    await openLanding();
    const about = document.getElementById('about')!;
    expect(about).toHaveTextContent(/confirmation number/);
    expect(about).toHaveTextContent(/6-digit code/);
    expect(about).toHaveTextContent(/set your price/i);
    expect(about).toHaveTextContent(/hosted checkout/);
    expect(about).toHaveTextContent(/My Stays/);
    const services = document.getElementById('services')!;
    expect(
      within(services)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/list-my-reservation', '/my-stays', '/marketplace']);
  });
});
