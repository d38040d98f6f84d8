import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppErrorBoundary } from '../../src/app/errors/AppErrorBoundary.tsx';
import { mockListings } from './api-mocks.ts';
import { signIn } from './auth-mocks.ts';
import { mockPurchasedStays } from './buying-mocks.ts';
import { allowConsoleError } from './console-guard.ts';
import { renderRoute } from './render.tsx';

beforeEach(() => {
  mockListings([]);
  mockPurchasedStays({ body: { success: true, data: [] } });
});

function Thrower(): never {
  throw new Error('render exploded');
}

describe('scroll position on navigation', () => {
  it('scrolls to the top whenever the pathname changes', async () => {
    await signIn();
    const { user } = renderRoute('/my-stays');
    await screen.findByRole('heading', { level: 1, name: 'My Stays' });
    vi.mocked(window.scrollTo).mockClear();

    await user.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Marketplace' }),
    );
    await screen.findByRole('heading', { level: 1, name: 'Marketplace' });
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('scrolls to the anchor instead when the URL has a hash', async () => {
    const { user } = renderRoute('/marketplace');
    await screen.findByRole('heading', { level: 1, name: 'Marketplace' });
    await screen.findByRole('button', { name: 'Sign In' });
    vi.mocked(window.scrollTo).mockClear();

    await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'About' }));
    const about = await screen.findByRole('region', { name: 'About Restay' });
    expect(about).toHaveAttribute('id', 'about');
    expect(vi.mocked(Element.prototype.scrollIntoView).mock.contexts).toContain(about);
    expect(window.scrollTo).not.toHaveBeenCalled();
  });

  it('leaves the page where the visitor already is when it first opens', async () => {
    // A page the server drew can be scrolled (or restored by the browser) before its script runs; the first
    // render must not throw the visitor back to the top.
    window.scrollY = 900;
    renderRoute('/marketplace');
    await screen.findByRole('heading', { level: 1, name: 'Marketplace' });
    await screen.findByRole('button', { name: 'Sign In' });
    expect(window.scrollTo).not.toHaveBeenCalled();
    expect(Element.prototype.scrollIntoView).not.toHaveBeenCalled();
  });

  it('opens at the anchor of the first address when the browser could not find it and nobody has scrolled', async () => {
    window.scrollY = 0;
    renderRoute('/#about');
    const about = await screen.findByRole('region', { name: 'About Restay' });
    expect(vi.mocked(Element.prototype.scrollIntoView).mock.contexts).toContain(about);
    expect(window.scrollTo).not.toHaveBeenCalled();
  });
});

describe('error screen', () => {
  it('replaces a route that throws, and its button reloads the page', async () => {
    allowConsoleError(); // React and the router report the caught error on the console by design.
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    const { user } = renderRoute('/broken', { extraPages: [{ path: 'broken', Component: Thrower }] });

    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByText(/please refresh the page/i)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Refresh Page' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('is also the top-level error boundary outside the router', () => {
    allowConsoleError();
    render(
      <AppErrorBoundary>
        <Thrower />
      </AppErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeInTheDocument();
  });
});

describe('routes', () => {
  it('redirects /my-reservations to /my-stays, replacing the history entry', async () => {
    await signIn();
    const { router } = renderRoute('/my-reservations');
    expect(await screen.findByRole('heading', { level: 1, name: 'My Stays' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/my-stays');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('shows a 404 page for an unknown route, with a link home', async () => {
    renderRoute('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: /home/i })).toHaveAttribute('href', '/');
  });

  it('/payment/cancel confirms that nothing was charged', async () => {
    await signIn();
    renderRoute('/payment/cancel');
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Cancelled' })).toBeInTheDocument();
    expect(screen.getByText('No charges were made.')).toBeInTheDocument();
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: 'My Stays' })).toHaveAttribute('href', '/my-stays');
    expect(main.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  });
});
