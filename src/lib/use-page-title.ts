import { useEffect } from 'react';

export const DEFAULT_TITLE = 'Restay — resell and book hotel stays';

/**
 * Gives each route its own document title, which screen readers announce after client-side navigation.
 * Without a title the page gets the site's default one (as in index.html).
 */
export function usePageTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} · Restay` : DEFAULT_TITLE;
  }, [title]);
}
