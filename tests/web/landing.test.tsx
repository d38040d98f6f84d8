import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Photo } from '../../contract/photos.ts';
import { addDays } from 'date-fns';
import { localIsoDate } from '../../src/lib/calendar-day.ts';
import { mockListings } from './api-mocks.ts';
import { server } from './msw.ts';
import { renderRoute } from './render.tsx';

beforeEach(() => mockListings([]));

const inDays = (n: number) => localIsoDate(addDays(new Date(), n));

async function openLanding() {
  const rendered = renderRoute('/');
  await screen.findByRole('heading', { level: 1 });
  const form = screen.getByRole('search', { name: 'Search hotel stays' });
  return { ...rendered, form };
}

describe('hero search', () => {
  it('has the labelled fields and both buttons; the date inputs refuse past days', async () => {
    const { form } = await openLanding();
    for (const label of ['Location', 'Hotel Name', 'Check-in', 'Check-out']) {
      expect(within(form).getByLabelText(label)).toBeInTheDocument();
    }
    expect(within(form).getByLabelText('Check-in')).toHaveAttribute('type', 'date');
    expect(within(form).getByLabelText('Check-in')).toHaveAttribute('min', inDays(0));
    expect(within(form).getByLabelText('Check-out')).toHaveAttribute('min', inDays(0));
    fireEvent.change(within(form).getByLabelText('Check-in'), { target: { value: inDays(5) } });
    expect(within(form).getByLabelText('Check-out')).toHaveAttribute('min', inDays(5));
    expect(within(form).getByRole('button', { name: 'Search Hotels' })).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Browse All' })).toBeInTheDocument();
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
    fireEvent.change(within(form).getByLabelText('Check-in'), { target: { value: inDays(3) } });
    fireEvent.change(within(form).getByLabelText('Check-out'), { target: { value: inDays(6) } });
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

  it.each([
    ['on the same day as', 4],
    ['before', 2],
  ])('refuses a check-out %s the check-in with a visible message', async (_label, checkOutDay) => {
    const { form, user, router } = await openLanding();
    await user.type(within(form).getByLabelText('Location'), 'Paris');
    fireEvent.change(within(form).getByLabelText('Check-in'), { target: { value: inDays(4) } });
    fireEvent.change(within(form).getByLabelText('Check-out'), { target: { value: inDays(checkOutDay) } });
    expect(within(form).getByRole('alert')).toHaveTextContent('Check-out must be after check-in.');
    await user.click(within(form).getByRole('button', { name: 'Search Hotels' }));
    expect(router.state.location.pathname).toBe('/');
    expect(within(form).getByLabelText('Check-out')).toHaveAttribute('aria-invalid', 'true');
  });

  it('refuses a check-in in the past', async () => {
    const { form, user, router } = await openLanding();
    await user.type(within(form).getByLabelText('Location'), 'Paris');
    fireEvent.change(within(form).getByLabelText('Check-in'), { target: { value: inDays(-1) } });
    await user.click(within(form).getByRole('button', { name: 'Search Hotels' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Check-in cannot be in the past.');
    expect(router.state.location.pathname).toBe('/');
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

  beforeEach(() => {
    server.use(
      http.get('/api/photos', () =>
        HttpResponse.json({ success: true, data: [photo(1, true), photo(2, true), photo(3, true)] }),
      ),
    );
  });
  afterEach(() => {
    vi.useRealTimers();
    delete (window as { matchMedia?: unknown }).matchMedia;
  });

  it('paints the shipped first image at once, with high fetch priority, before the API answers', async () => {
    server.use(http.get('/api/photos', () => new Promise<never>(() => {})));
    await openLanding();
    const first = screen.getByTestId('hero-background').querySelector('img[data-active="true"]');
    expect(first).toHaveAttribute('src', '/images/hero/seaside-resort.svg');
    expect(first).toHaveAttribute('fetchpriority', 'high');
  });

  it('starts at a random photo and moves on every 6 s with a 0.5 s fade, crediting the photographer', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    await openLanding();
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

  it('does not rotate when the visitor prefers reduced motion', async () => {
    window.matchMedia = vi.fn((query: string) => ({
      matches: query === '(prefers-reduced-motion: reduce)',
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    })) as unknown as typeof window.matchMedia;
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.spyOn(Math, 'random').mockReturnValue(0);
    await openLanding();
    await waitFor(() => expect(activeSrc()).toBe(photo(1).url));
    act(() => vi.advanceTimersByTime(30_000));
    expect(activeSrc()).toBe(photo(1).url);
  });

  it('keeps the shipped image when the photo API fails', async () => {
    server.use(
      http.get('/api/photos', () =>
        HttpResponse.json({ success: false, error: 'boom', code: 'INTERNAL_ERROR' }, { status: 500 }),
      ),
    );
    await openLanding();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(activeSrc()).toBe('/images/hero/seaside-resort.svg');
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
