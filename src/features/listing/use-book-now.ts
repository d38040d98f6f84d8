import { useState } from 'react';

export const SIGN_IN_TO_BOOK = 'Please sign in to complete your booking.';
export const CHECKOUT_NOT_AVAILABLE = 'Checkout is not available yet: paying for a stay is coming soon.';

/**
 * What Book Now does, wherever the button is: a guest is asked to sign in; checkout itself is not built yet, and
 * a signed-in buyer is told so. `notice` is the sentence to show beside the button that was pressed.
 */
export function useBookNow(viewerId: string | null, onSignInRequired?: () => void) {
  const [notice, setNotice] = useState<string | null>(null);
  const bookNow = () => {
    setNotice(viewerId === null ? SIGN_IN_TO_BOOK : CHECKOUT_NOT_AVAILABLE);
    if (viewerId === null) onSignInRequired?.();
  };
  return { notice, bookNow };
}
