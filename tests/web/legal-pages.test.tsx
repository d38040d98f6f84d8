import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockListings } from './api-mocks.ts';
import { renderRoute } from './render.tsx';

describe('Terms of Service and Privacy Policy', () => {
  it.each([
    ['/terms', 'Terms of Service', /converted by our payment provider at its own rate on the day/],
    ['/privacy', 'Privacy Policy', /We do not sell your data/],
  ])('%s says what the product does, as the page a visitor reads (no draft marks)', async (path, title, text) => {
    renderRoute(path);
    const heading = await screen.findByRole('heading', { level: 1, name: title });
    const page = heading.closest('article')!;
    expect(page).toHaveTextContent(text);
    expect(page).not.toHaveTextContent(/draft|lawyer/i);
    // The page names the tab once it has painted (an effect), which may come just after its heading shows.
    await waitFor(() => expect(document.title).toBe(`${title} · Restay`));
  });

  it('are linked from the footer', async () => {
    mockListings([]);
    const { user } = renderRoute('/marketplace');
    const footer = await screen.findByRole('navigation', { name: 'Footer' });
    await user.click(within(footer).getByRole('link', { name: 'Privacy Policy' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    await user.click(within(footer).getByRole('link', { name: 'Terms of Service' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of Service' })).toBeInTheDocument();
  });

  it('are linked from the sign-in dialog, in a new tab so the dialog stays', async () => {
    renderRoute('/my-stays');
    const dialog = await screen.findByRole('dialog', { name: 'Welcome to Restay' });
    const terms = within(dialog).getByRole('link', { name: /^Terms of Service.*opens in a new tab/ });
    const privacy = within(dialog).getByRole('link', { name: /^Privacy Policy.*opens in a new tab/ });
    expect(terms).toHaveAttribute('href', '/terms');
    expect(terms).toHaveAttribute('target', '_blank');
    expect(privacy).toHaveAttribute('href', '/privacy');
  });
});
