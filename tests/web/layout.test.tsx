import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_MODE_ATTRIBUTE } from '../../contract/page-config.ts';
import { DEMO_BANNER_TEXT } from '../../src/app/layout/DemoBanner.tsx';
import { mockListings } from './api-mocks.ts';
import { signIn } from './auth-mocks.ts';
import { mockPurchasedStays } from './buying-mocks.ts';
import { configReply, server } from './msw.ts';
import { renderRoute, scrollWindowTo } from './render.tsx';

const header = () => screen.getByRole('banner');
const mainNav = () => screen.getByRole('navigation', { name: 'Main' });

// The marketplace page loads listings; these tests only look at the shell around it.
beforeEach(() => {
  mockListings([]);
  mockPurchasedStays({ body: { success: true, data: [] } });
});

describe('header', () => {
  it('links to every section of the product', async () => {
    renderRoute('/marketplace');
    await screen.findByRole('heading', { level: 1, name: 'Marketplace' });
    expect(within(header()).getByRole('link', { name: 'Restay' })).toHaveAttribute('href', '/');
    const links = within(mainNav()).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['About', '/#about'],
      ['How It Works', '/#services'],
      ['Marketplace', '/marketplace'],
      ['List Your Stay', '/list-my-reservation'],
    ]);
    expect(within(mainNav()).getByRole('link', { name: 'Marketplace' })).toHaveAttribute('aria-current', 'page');
    expect(within(mainNav()).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  it('hides About and How It Works on /list-my-reservation', async () => {
    await signIn();
    renderRoute('/list-my-reservation');
    await screen.findByRole('heading', { level: 1, name: 'List Your Stay' });
    expect(within(mainNav()).queryByRole('link', { name: 'About' })).not.toBeInTheDocument();
    expect(within(mainNav()).queryByRole('link', { name: 'How It Works' })).not.toBeInTheDocument();
    expect(within(mainNav()).getByRole('link', { name: 'List Your Stay' })).toHaveAttribute('aria-current', 'page');
  });

  it('is transparent at the top of / and solid once scrolled past 100 px', async () => {
    renderRoute('/');
    await screen.findByRole('heading', { level: 1 });
    // Let the session provider settle first, so no late re-render races the scroll events.
    await screen.findByRole('button', { name: 'Sign In' });
    expect(header()).toHaveAttribute('data-solid', 'false');
    scrollWindowTo(100);
    expect(header()).toHaveAttribute('data-solid', 'false');
    scrollWindowTo(150);
    expect(header()).toHaveAttribute('data-solid', 'true');
    scrollWindowTo(0);
    expect(header()).toHaveAttribute('data-solid', 'false');
  });

  it('is solid on every other page, even at the top', async () => {
    renderRoute('/marketplace');
    await screen.findByRole('heading', { level: 1, name: 'Marketplace' });
    expect(header()).toHaveAttribute('data-solid', 'true');
  });

  it('opens the phone menu, closes it on Escape and on navigation', async () => {
    await signIn();
    const { user } = renderRoute('/my-stays');
    await screen.findByRole('heading', { level: 1, name: 'My Stays' });
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAttribute('aria-controls', mainNav().id);

    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    expect(mainNav()).toHaveAttribute('data-open', 'true');

    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(within(mainNav()).getByRole('link', { name: 'List Your Stay' }));
    await screen.findByRole('heading', { level: 1, name: 'List Your Stay' });
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('footer', () => {
  it('shows the business contact details and opening hours', async () => {
    renderRoute('/marketplace');
    await screen.findByRole('heading', { level: 1, name: 'Marketplace' });
    const footer = within(screen.getByRole('contentinfo'));
    expect(footer.getByText('Restay Ltd.')).toBeInTheDocument();
    expect(footer.getByText('12 Harbour Street')).toBeInTheDocument();
    expect(footer.getByText('Lisbon 1100-001')).toBeInTheDocument();
    expect(footer.getByRole('link', { name: '+351 210 000 123' })).toHaveAttribute('href', 'tel:+351210000123');
    expect(footer.getByRole('link', { name: 'hello@restay.travel' })).toHaveAttribute(
      'href',
      'mailto:hello@restay.travel',
    );
    expect(footer.getByText('Mon–Fri').nextElementSibling).toHaveTextContent('9:00–18:00');
    expect(footer.getByText('Sat').nextElementSibling).toHaveTextContent('10:00–14:00');
    expect(footer.getByText('Sun').nextElementSibling).toHaveTextContent('Closed');
    expect(footer.getByText(/Lisbon time/)).toBeInTheDocument();
    expect(footer.getByText(new RegExp(`© ${new Date().getFullYear()}`))).toBeInTheDocument();
    expect(footer.getByRole('link', { name: 'Marketplace' })).toHaveAttribute('href', '/marketplace');
    expect(footer.getByRole('link', { name: 'List Your Stay' })).toHaveAttribute('href', '/list-my-reservation');
  });
});

describe('landmarks', () => {
  it('has a skip link that moves focus to the main content', async () => {
    const { user } = renderRoute('/marketplace');
    await screen.findByRole('heading', { level: 1, name: 'Marketplace' });
    await user.click(screen.getByRole('link', { name: 'Skip to content' }));
    expect(screen.getByRole('main')).toHaveFocus();
  });
});

describe('demo banner', () => {
  it.each(['/', '/marketplace', '/about-nothing'])(
    'says on %s that a public demo takes no real money, has no real hotels and wants no real email address',
    async (path) => {
      server.use(http.get('/api/config', () => configReply({ demoMode: true })));
      renderRoute(path);
      expect(await screen.findByRole('note')).toHaveTextContent(
        'Demo: no real money, no real hotels; do not use a real email address',
      );
    },
  );

  it('is absent when the server is not a demo', async () => {
    renderRoute('/marketplace');
    await screen.findByRole('heading', { level: 1, name: 'Marketplace' });
    expect(screen.queryByText(/Demo: no real money/)).not.toBeInTheDocument();
  });

  describe('on a page the API served, which says whether this is a demo', () => {
    let configCalls = 0;
    beforeEach(() => {
      configCalls = 0;
      server.use(
        http.get('/api/config', () => {
          configCalls += 1;
          return configReply({ demoMode: false });
        }),
      );
    });
    afterEach(() => document.documentElement.removeAttribute(DEMO_MODE_ATTRIBUTE));

    it('shows the banner from the page alone, without asking the API', async () => {
      document.documentElement.setAttribute(DEMO_MODE_ATTRIBUTE, 'true');
      renderRoute('/');
      expect(await screen.findByRole('note')).toHaveTextContent(DEMO_BANNER_TEXT);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(configCalls).toBe(0);
    });

    it('shows none on a page marked as no demo, without asking the API', async () => {
      document.documentElement.setAttribute(DEMO_MODE_ATTRIBUTE, 'false');
      renderRoute('/');
      await screen.findByRole('heading', { level: 1 });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(screen.queryByText(DEMO_BANNER_TEXT)).not.toBeInTheDocument();
      expect(configCalls).toBe(0);
    });
  });
});
