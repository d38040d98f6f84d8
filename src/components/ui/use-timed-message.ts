import { useEffect, useState } from 'react';

/** A message that clears itself `ms` after it is shown (a toast); showing another restarts the clock. */
export function useTimedMessage(ms: number): [string | null, (message: string) => void] {
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(null), ms);
    return () => clearTimeout(timer);
  }, [message, ms]);
  return [message, setMessage];
}
