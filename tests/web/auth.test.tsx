import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { signInMessage } from '../../src/lib/auth-context.ts';
import { sessionStorageKey, signInClientRequested } from '../../src/lib/supabase.ts';
import { mockListings, searchReply } from './api-mocks.ts';
import { mockProfilesRest, reloadPage, signIn, storeSession, TEST_USER } from './auth-mocks.ts';
import { mockPurchasedStays } from './buying-mocks.ts';
import { configReply, server, TEST_SUPABASE_URL } from './msw.ts';
import { renderRoute } from './render.tsx';

// Several cases end on My Stays, which loads the purchased stays.
beforeEach(() => {
  mockListings([]);
  mockPurchasedStays({ body: { success: true, data: [] } });
});

const mainNav = () => screen.getByRole('navigation', { name: 'Main' });

describe('sign-in dialog', () => {
  it.each([
    ['/list-my-reservation', 'Please sign in to list your reservation.'],
    ['/my-stays', 'Please sign in to view your stays.'],
    ['/profile', 'Please sign in to access your profile.'],
    ['/payment/success?session_id=x', 'Please sign in to complete your payment.'],
    ['/booking/confirmation', 'Please sign in to manage your booking.'],
    ['/my-listings', 'Please sign in to continue.'],
  ])('a guest opening %s is sent to / with the dialog saying "%s"', async (path, message) => {
    const { router } = renderRoute(path);
    const dialog = await screen.findByRole('dialog', { name: 'Welcome to Restay' });
    expect(dialog).toHaveTextContent(message);
    expect(within(dialog).getByRole('button', { name: /Google/ })).toBeInTheDocument();
    expect(dialog).toHaveTextContent(/Terms of Service.*Privacy Policy/);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(sessionStorage.getItem('restay.intendedPath')).toBe(path);
  });

  it('says "continue" for any other path', () => {
    expect(signInMessage(undefined)).toBe('Please sign in to continue.');
    expect(signInMessage('/marketplace')).toBe('Please sign in to continue.');
  });

  it('opens from the header, traps focus, closes on Escape and gives focus back', async () => {
    const { user } = renderRoute('/marketplace');
    const opener = await screen.findByRole('button', { name: 'Sign In' }, { timeout: 3000 });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Welcome to Restay' });
    const close = within(dialog).getByRole('button', { name: 'Close' });
    const google = within(dialog).getByRole('button', { name: /Google/ });
    expect(close).toHaveFocus();
    const terms = within(dialog).getByRole('link', { name: /^Terms of Service/ });
    const privacy = within(dialog).getByRole('link', { name: /^Privacy Policy/ });
    await user.tab();
    expect(google).toHaveFocus();
    await user.tab();
    expect(terms).toHaveFocus();
    await user.tab();
    expect(privacy).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(privacy).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('closes on its close button and on a click outside', async () => {
    const { user } = renderRoute('/marketplace');
    await user.click(await screen.findByRole('button', { name: 'Sign In' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await user.click(screen.getByTestId('sign-in-overlay'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens for a guest clicking List Your Stay, with the listing message', async () => {
    const { user, router } = renderRoute('/marketplace');
    await screen.findByRole('button', { name: 'Sign In' });
    await user.click(within(mainNav()).getByRole('link', { name: 'List Your Stay' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('Please sign in to list your reservation.');
    expect(router.state.location.pathname).toBe('/marketplace');
  });
});

describe('Google sign-in failure', () => {
  it('shows a visible alert in the dialog', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    server.use(http.get('/api/config', () => HttpResponse.error()));
    const { user } = renderRoute('/marketplace');
    await user.click(await screen.findByRole('button', { name: 'Sign In' }, { timeout: 3000 }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: /Google/ }));
    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent(
      'Google sign-in failed. Please try again.',
    );
  });

  it('shows a visible alert when Google sends the person back with an error', async () => {
    const { user } = renderRoute('/?error=access_denied&error_description=The+user+denied+access');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Google sign-in failed: The user denied access. Please try again.');
    await user.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(/Google sign-in failed/)).not.toBeInTheDocument();
  });
});

describe('header', () => {
  it('shows a round avatar with the first letter of the email and the account menu when signed in', async () => {
    await signIn();
    const { user } = renderRoute('/marketplace');
    const avatar = await screen.findByRole('button', { name: 'Account menu' });
    expect(avatar).toHaveTextContent('A');
    expect(screen.queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument();
    await user.click(avatar);
    const menu = screen.getByRole('menu');
    expect(menu).toHaveTextContent(TEST_USER.email);
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['My Stays', 'My Listings', 'Alerts', 'View Profile', 'Sign Out']);
  });

  it('offers the hotel console in the account menu to someone who works for a hotel, asked once they reach for it', async () => {
    const HOTEL_RIBEIRA = '3f0c2b8e-5a1d-4c7e-9b2f-6d8e1a4c0b71';
    await signIn();
    let asked = 0;
    server.use(
      http.get('/api/hotels', () => {
        asked++;
        return HttpResponse.json({
          success: true,
          data: {
            hotels: [{ id: HOTEL_RIBEIRA, name: 'Hotel Ribeira', status: 'connected', role: 'staff' }],
          },
        });
      }),
      http.get(`/api/hotels/${HOTEL_RIBEIRA}`, () =>
        HttpResponse.json({
          success: true,
          data: {
            id: HOTEL_RIBEIRA,
            name: 'Hotel Ribeira',
            status: 'connected',
            role: 'staff',
            connectedSince: '2026-11-19T09:00:00.000Z',
            members: 2,
          },
        }),
      ),
      http.get(`/api/hotels/${HOTEL_RIBEIRA}/lately`, () =>
        HttpResponse.json({
          success: true,
          data: { resale: { state: 'off', policyVersion: null, pausedAt: null }, recent: [] },
        }),
      ),
    );
    const { user, router } = renderRoute('/marketplace');
    const avatar = await screen.findByRole('button', { name: 'Account menu' });
    // A page load asks nothing about hotels: most people who sign in work for none.
    await screen.findByRole('heading', { level: 1 });
    expect(asked).toBe(0);
    await user.click(avatar);
    const menu = screen.getByRole('menu');
    await user.click(await within(menu).findByRole('menuitem', { name: 'Hotel console' }));
    // The console goes on to the person's one hotel (its own pages are tested with the console).
    await waitFor(() => expect(router.state.location.pathname).toBe(`/hotel/${HOTEL_RIBEIRA}`));
    await screen.findByRole('heading', { name: 'Hotel Ribeira', level: 1 });
    expect(asked).toBe(1);
  });

  it('moves through the account menu with the arrow keys, closes it on Escape and opens a page on Enter', async () => {
    await signIn();
    const { user, router } = renderRoute('/marketplace');
    const avatar = await screen.findByRole('button', { name: 'Account menu' });
    avatar.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    await user.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: 'My Listings' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(within(menu).getByRole('menuitem', { name: 'Sign Out' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await waitFor(() => expect(avatar).toHaveFocus());
    await user.keyboard('{Enter}');
    await screen.findByRole('menu');
    await user.keyboard('{ArrowUp}{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-stays'));
  });

  it('creates the missing profile row after the first session is found, once', async () => {
    await storeSession();
    const { rows, writes } = mockProfilesRest();
    renderRoute('/marketplace');
    await screen.findByRole('button', { name: 'Account menu' });
    await waitFor(() => expect(rows.get(TEST_USER.id)).toBeDefined());
    expect(writes).toHaveLength(1);
    expect(writes[0]?.body).toEqual({
      id: TEST_USER.id,
      email: TEST_USER.email,
      first_name: '',
      last_name: '',
      display_name: '',
    });
  });

  it('lets a signed-in user go to List Your Stay', async () => {
    await signIn();
    const { user, router } = renderRoute('/marketplace');
    await screen.findByRole('button', { name: 'Account menu' });
    await user.click(within(mainNav()).getByRole('link', { name: 'List Your Stay' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/list-my-reservation'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('API bearer token', () => {
  it("sends the supabase session's access token on API calls", async () => {
    await signIn();
    const seen: (string | null)[] = [];
    server.use(
      http.get('/api/listings', ({ request }) => {
        seen.push(request.headers.get('authorization'));
        return searchReply([]);
      }),
    );
    renderRoute('/marketplace');
    await waitFor(() => expect(seen.length).toBeGreaterThan(0));
    const stored = JSON.parse(localStorage.getItem(sessionStorageKey()) ?? '{}') as { access_token: string };
    expect(seen[0]).toBe(`Bearer ${stored.access_token}`);
  });

  it('sends no bearer for a guest', async () => {
    const seen: (string | null)[] = [];
    server.use(
      http.get('/api/listings', ({ request }) => {
        seen.push(request.headers.get('authorization'));
        return searchReply([]);
      }),
    );
    renderRoute('/marketplace');
    await waitFor(() => expect(seen.length).toBeGreaterThan(0));
    expect(seen[0]).toBeNull();
  });

  it("does not hold a guest's search until the sign-in library has loaded", async () => {
    const seen: string[] = [];
    let answerConfig = () => {};
    const configAsked = new Promise<void>((resolve) => (answerConfig = resolve));
    server.use(
      // The run-time configuration that supabase-js needs has not arrived when the search is sent.
      http.get('/api/config', async () => {
        await configAsked;
        return configReply();
      }),
      http.get('/api/listings', ({ request }) => {
        seen.push(request.url);
        return searchReply([]);
      }),
    );
    renderRoute('/marketplace');
    await waitFor(() => expect(seen.length).toBeGreaterThan(0));
    // Answered at last, so that nothing the page asked for is left running into the next test.
    answerConfig();
  });

  it('loads the sign-in client for a guest only once they choose to sign in', async () => {
    let configReads = 0;
    server.use(
      http.get('/api/config', () => {
        configReads += 1;
        return configReply();
      }),
    );
    const { user } = renderRoute('/');
    const signInButton = await screen.findByRole('button', { name: 'Sign In' });
    await screen.findByRole('heading', { level: 1 });
    expect(signInClientRequested()).toBe(false);
    await user.click(signInButton);
    expect(signInClientRequested()).toBe(true);
    // The page's one read of the configuration (the demo banner asks too) is shared with the sign-in client.
    await waitFor(() => expect(configReads).toBe(1));
  });

  it("holds a signed-in visitor's requests until their session is read, so they carry the bearer", async () => {
    await signIn();
    reloadPage();
    let releaseConfig = () => {};
    const configArrives = new Promise<void>((resolve) => (releaseConfig = resolve));
    const seen: (string | null)[] = [];
    server.use(
      http.get('/api/config', async () => {
        await configArrives;
        return configReply();
      }),
      http.get('/api/listings', ({ request }) => {
        seen.push(request.headers.get('authorization'));
        return searchReply([]);
      }),
    );
    renderRoute('/marketplace');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(seen).toEqual([]);
    releaseConfig();
    await waitFor(() => expect(seen.length).toBeGreaterThan(0));
    expect(seen[0]).toMatch(/^Bearer /);
  });
});

describe('profile page', () => {
  it('shows email and member-since date, saves the names with updated_at, and confirms for 5 s', async () => {
    const { rows, writes } = await signIn(TEST_USER, { first_name: 'Ana' });
    const { user } = renderRoute('/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your Profile' })).toBeInTheDocument();
    expect(screen.getByText(TEST_USER.email, { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByText('Mar 5, 2026')).toBeInTheDocument();
    const first = screen.getByLabelText('First name');
    expect(first).toHaveValue('Ana');
    await user.type(screen.getByLabelText('Last name'), 'Silva');
    await user.type(screen.getByLabelText('Display name'), 'ana.s');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    expect(rows.get(TEST_USER.id)).toMatchObject({ first_name: 'Ana', last_name: 'Silva', display_name: 'ana.s' });
    const upsert = writes.at(-1);
    expect(upsert?.prefer).toContain('resolution=merge-duplicates');
    expect(typeof upsert?.body.updated_at).toBe('string');
  });

  it('says when the profile cannot be loaded, and loads it on Try Again', async () => {
    await signIn(TEST_USER, { first_name: 'Ana' });
    let failures = 1;
    server.use(
      http.get(`${TEST_SUPABASE_URL}/rest/v1/profiles`, ({ request }) => {
        // Only the page's read of the names fails, once; the session's own profile check goes through.
        if (!new URL(request.url).searchParams.get('select')?.includes('first_name') || failures === 0)
          return undefined;
        failures -= 1;
        return HttpResponse.json(
          { code: 'XX000', details: null, hint: null, message: 'database unavailable' },
          { status: 500 },
        );
      }),
    );
    const { user } = renderRoute('/profile');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not load your profile.');
    expect(alert).toHaveTextContent('database unavailable');
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByLabelText('First name')).toHaveValue('Ana');
  });

  it('says "Failed to update profile. Please try again." when the write is refused', async () => {
    await signIn();
    server.use(
      http.post(`${TEST_SUPABASE_URL}/rest/v1/profiles`, () =>
        HttpResponse.json(
          { code: '42501', details: null, hint: null, message: 'new row violates row-level security policy' },
          { status: 403 },
        ),
      ),
    );
    const { user } = renderRoute('/profile');
    await user.click(await screen.findByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to update profile. Please try again.');
  });

  it('signs out: toast "Logged out successfully", then home after about 1.5 s', async () => {
    await signIn();
    server.use(http.post(`${TEST_SUPABASE_URL}/auth/v1/logout`, () => new HttpResponse(null, { status: 204 })));
    const { user, router } = renderRoute('/profile');
    const signOut = await screen.findByRole('button', { name: 'Sign Out' });
    // The 1.5 s are jumped, not sat out; time also flows on its own, so the check before the end leaves a margin.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(signOut);
    expect(await screen.findByText('Logged out successfully')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Where the router is going: home's code may still be loading after the redirect started.
    const destination = () => (router.state.navigation.location ?? router.state.location).pathname;
    act(() => vi.advanceTimersByTime(1_000));
    expect(destination()).toBe('/profile');
    act(() => vi.advanceTimersByTime(500));
    expect(destination()).toBe('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    // Leaving the profile page is the sign-out's own doing: no sign-in dialog greets the person on the way out.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(localStorage.length).toBe(0);
  });
});

describe('protected routes', () => {
  it('shows a spinner while a stored session is read', async () => {
    await signIn();
    reloadPage();
    let release: () => void = () => {};
    // Released only once the request has arrived: the spinner can show before it does, on a busy machine.
    let arrived: () => void = () => {};
    const configAsked = new Promise<void>((resolve) => (arrived = resolve));
    server.use(
      http.get('/api/config', async () => {
        await new Promise<void>((resolve) => {
          release = resolve;
          arrived();
        });
        return configReply();
      }),
    );
    renderRoute('/my-stays');
    expect(await screen.findByText('Checking your session…', {}, { timeout: 5000 })).toBeInTheDocument();
    await configAsked;
    await act(async () => release());
    expect(await screen.findByRole('heading', { level: 1, name: 'My Stays' })).toBeInTheDocument();
  });

  it('returns to the remembered path after Google brings the person back to /profile', async () => {
    await signIn();
    sessionStorage.setItem('restay.intendedPath', '/my-stays');
    const { router } = renderRoute('/profile');
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-stays'));
    expect(sessionStorage.getItem('restay.intendedPath')).toBeNull();
  });
});
