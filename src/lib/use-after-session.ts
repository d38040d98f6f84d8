import { useEffect, useRef } from 'react';
import { pendingIntent, type SignInIntent } from './auth-context.ts';

/**
 * A press handler that acts at once when the page knows who is looking (`known`), and otherwise once it does: a
 * press made while the session is still being read (a page the server drew, which the script has just taken
 * over) waits for it, so a signed-in visitor is not taken for a guest. Only the last such press is kept; it runs
 * as `action` is rendered by then, so it sees what the page has learnt.
 */
export function useWhenKnown<A extends unknown[]>(known: boolean, action: (...args: A) => void): (...args: A) => void {
  const latest = useRef(action);
  const waiting = useRef<A | null>(null);
  useEffect(() => {
    latest.current = action;
  });
  useEffect(() => {
    const args = waiting.current;
    if (!known || args === null) return;
    waiting.current = null;
    latest.current(...args);
  }, [known]);
  return (...args) => {
    if (known) action(...args);
    else waiting.current = args;
  };
}

/**
 * Once the visitor is signed in on `path`, carries on with the press that sent them to sign in there
 * (`pendingIntent`): `resume` runs once, e.g. to open the panel or dialog they were opening.
 */
export function useResumedIntent(intent: SignInIntent, path: string, signedIn: boolean, resume: () => void): void {
  const latest = useRef(resume);
  useEffect(() => {
    latest.current = resume;
  });
  useEffect(() => {
    if (signedIn && pendingIntent.take(intent, path)) latest.current();
  }, [signedIn, intent, path]);
}
