import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { readOAuthCallbackError } from './oauth-callback-error.ts';

/** When Google sends the person back with an error, says so (with Google's reason) until dismissed. */
export function OAuthCallbackAlert() {
  const location = useLocation();
  const [callbackError, setCallbackError] = useState(() => readOAuthCallbackError(location));
  if (!callbackError) return null;
  return (
    <div
      role="alert"
      className="fixed inset-x-4 top-20 z-50 mx-auto flex max-w-lg items-start gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800 shadow-lg"
    >
      <p className="flex-1">Google sign-in failed: {callbackError}. Please try again.</p>
      <button type="button" className="font-medium underline" onClick={() => setCallbackError(null)}>
        Dismiss
      </button>
    </div>
  );
}
