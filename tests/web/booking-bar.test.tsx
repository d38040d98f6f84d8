import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { ListingDetail } from '../../src/features/listing/components/ListingDetail.tsx';
import { SIGN_IN_TO_BOOK } from '../../src/features/listing/use-book-now.ts';
import { AuthContext, type AuthContextValue } from '../../src/lib/auth-context.ts';
import { makeListing } from './factories.ts';
import { fakeIntersectionObserver } from './fake-intersection-observer.ts';

/** The booking bar's one observed element: below the screen, or in view. */
const observer = fakeIntersectionObserver();
const report = (where: 'below' | 'visible') =>
  observer.report({
    isIntersecting: where === 'visible',
    boundingClientRect: { top: where === 'below' ? 1200 : 300 } as DOMRectReadOnly,
  });

const bar = () => screen.queryByRole('region', { name: 'Book this stay' });

/** A signed-in buyer whose profile cannot be read here: the Pay Now panel opens with the names empty. */
const SIGNED_IN_WITHOUT_PROFILE: AuthContextValue = {
  status: 'signedIn',
  session: null,
  user: null,
  supabase: null,
  signInWithGoogle: async () => {},
  signOut: async () => {},
  signingOut: false,
};

describe('booking bar on a phone', () => {
  it('offers the price, the nights and Book Now while the price box is below the screen, and goes when it shows', () => {
    render(<ListingDetail listing={makeListing({ price: 1234 })} />, { wrapper: MemoryRouter });
    expect(bar()).not.toBeInTheDocument();
    report('below');
    expect(bar()).toHaveTextContent('$1,234');
    expect(bar()).toHaveTextContent('4 nights · Prices include all fees');
    report('visible');
    expect(bar()).not.toBeInTheDocument();
  });

  it('books the same way as the price box: a guest is asked to sign in, a buyer gets the Pay Now panel', async () => {
    const signIn = vi.fn();
    const { unmount } = render(<ListingDetail listing={makeListing()} onSignInRequired={signIn} />, {
      wrapper: MemoryRouter,
    });
    report('below');
    await userEvent.click(within(bar()!).getByRole('button', { name: 'Book Now' }));
    expect(within(bar()!).getByRole('alert')).toHaveTextContent(SIGN_IN_TO_BOOK);
    expect(signIn).toHaveBeenCalledOnce();
    unmount();

    render(
      <QueryClientProvider client={new QueryClient()}>
        <AuthContext.Provider value={SIGNED_IN_WITHOUT_PROFILE}>
          <ListingDetail listing={makeListing()} viewerId="buyer-9" />
        </AuthContext.Provider>
      </QueryClientProvider>,
      { wrapper: MemoryRouter },
    );
    report('below');
    await userEvent.click(within(bar()!).getByRole('button', { name: 'Book Now' }));
    // The panel opens in the price box and takes the focus; the bar steps aside meanwhile.
    expect(screen.getByRole('heading', { name: 'Review and pay' })).toHaveFocus();
    expect(bar()).not.toBeInTheDocument();
  });

  it('is not offered to the owner or on a sold stay', () => {
    const { unmount } = render(<ListingDetail listing={makeListing({ user_id: 'seller-1' })} viewerId="seller-1" />, {
      wrapper: MemoryRouter,
    });
    report('below');
    expect(bar()).not.toBeInTheDocument();
    unmount();
    render(<ListingDetail listing={makeListing({ status: 'sold', buyer_id: 'buyer-1' })} />, { wrapper: MemoryRouter });
    report('below');
    expect(bar()).not.toBeInTheDocument();
  });
});
