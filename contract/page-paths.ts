/**
 * Every address the web app has a page for; `:name` stands for one segment. The app's route table is held to this
 * list by a test, and the server answers any other address 404 (with the app's shell, which says so), so a
 * mistyped or dead link is not taken for a page by a search engine.
 */
export const PAGE_PATHS = [
  '/',
  '/marketplace',
  '/listings/:id',
  '/terms',
  '/privacy',
  '/list-my-reservation',
  '/my-listings',
  '/profile',
  '/payment/success',
  '/payment/cancel',
  '/booking/confirmation',
  '/my-stays',
  '/alerts',
  '/my-reservations',
  '/hotel',
  '/hotel/claim',
  '/hotel/:hotelId',
  '/hotel/:hotelId/approvals',
  '/hotel/:hotelId/stays',
  '/hotel/:hotelId/policy',
  '/hotel/:hotelId/policy/history',
  '/hotel/:hotelId/demand',
  '/hotel/:hotelId/report',
  '/hotel/:hotelId/payouts',
  '/hotel/:hotelId/members',
] as const;

const segments = (path: string) => path.split('/').filter(Boolean);

/** Whether `path` is one of the app's pages, as its router matches them: any letter case, a trailing slash. */
export function isPagePath(path: string): boolean {
  const wanted = segments(path.toLowerCase());
  return PAGE_PATHS.some((page) => {
    const pattern = segments(page);
    return (
      pattern.length === wanted.length && pattern.every((part, index) => part.startsWith(':') || part === wanted[index])
    );
  });
}
