import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * Back from the payment provider's hosted onboarding: it sends the person to `?payouts=return` (the account is
 * re-read by the page's own query) or `?payouts=refresh` (the link expired or was used: `askAgain` asks for a new
 * one at once). The parameter is dropped from the address either way, and acted on once.
 */
export function useOnboardingReturn(askAgain: () => void) {
  const [params, setParams] = useSearchParams();
  const back = params.get('payouts');
  const handled = useRef(false);
  useEffect(() => {
    if (!back || handled.current) return;
    handled.current = true;
    setParams((current) => {
      current.delete('payouts');
      return current;
    });
    if (back === 'refresh') askAgain();
  }, [back, askAgain, setParams]);
}
