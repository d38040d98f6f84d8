import { useState } from 'react';

/**
 * For a dialog opened by app state rather than by a Radix trigger: remembers what had focus when the dialog
 * mounted and gives focus back to it when the dialog closes (Radix would otherwise look for a trigger it lacks).
 * Pass the result as the content's `onCloseAutoFocus`.
 */
export function useReturnFocus(): (event: Event) => void {
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));
  return (event) => {
    event.preventDefault();
    if (opener?.isConnected) opener.focus();
  };
}
