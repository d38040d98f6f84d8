import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { importOrReload } from '../lib/stale-bundle.ts';
import { RequireAuth } from './auth/RequireAuth.tsx';
import { ErrorScreen } from './errors/ErrorScreen.tsx';
import { RootLayout, RouteLoading } from './layout/RootLayout.tsx';

/**
 * Route `lazy` (rather than React.lazy) gives each page its own chunk AND lets the router finish loading it
 * before the navigation commits, so the layout never shows a half-rendered page and #anchors exist on arrival.
 */
function page(load: () => Promise<{ default: ComponentType }>): RouteObject['lazy'] {
  // A tab left open across a deploy asks for a chunk that is gone: it reloads onto the new bundle.
  return async () => ({ Component: (await importOrReload(load)).default });
}

// A function, so each route table has route objects of its own: taking over a server-drawn page loads the page's
// code into the app's route objects (router.tsx), which no other table (a test's) should see.
const pageRoutes = (): RouteObject[] => [
  { index: true, lazy: page(() => import('../features/landing/components/LandingPage.tsx')) },
  { path: 'marketplace', lazy: page(() => import('../features/marketplace/components/MarketplacePage.tsx')) },
  { path: 'listings/:id', lazy: page(() => import('../features/listing/components/ListingDetailPage.tsx')) },
  { path: 'terms', lazy: page(() => import('../features/legal/components/TermsPage.tsx')) },
  { path: 'privacy', lazy: page(() => import('../features/legal/components/PrivacyPage.tsx')) },
  // A hotel's invitation: signed out, it says which hotel it is for before asking to sign in.
  { path: 'hotel/claim', lazy: page(() => import('../features/hotel-console/components/ClaimPage.tsx')) },
  {
    // Signed-in only: a guest gets the sign-in dialog and lands on /.
    element: <RequireAuth />,
    children: [
      {
        path: 'list-my-reservation',
        lazy: page(() => import('../features/selling/components/ListMyReservationPage.tsx')),
      },
      { path: 'my-listings', lazy: page(() => import('../features/selling/components/MyListingsPage.tsx')) },
      { path: 'profile', lazy: page(() => import('../features/account/components/ProfilePage.tsx')) },
      { path: 'payment/success', lazy: page(() => import('../features/buying/components/PaymentSuccessPage.tsx')) },
      { path: 'payment/cancel', lazy: page(() => import('../features/buying/components/PaymentCancelPage.tsx')) },
      {
        path: 'booking/confirmation',
        lazy: page(() => import('../features/buying/components/BookingConfirmationPage.tsx')),
      },
      { path: 'my-stays', lazy: page(() => import('../features/buying/components/MyStaysPage.tsx')) },
      { path: 'alerts', lazy: page(() => import('../features/alerts/components/AlertsPage.tsx')) },
      // The hotel console: a layout per hotel whose sections are its children (hotel-nav.ts lists them).
      { path: 'hotel', lazy: page(() => import('../features/hotel-console/components/HotelConsoleHome.tsx')) },
      {
        path: 'hotel/:hotelId',
        lazy: page(() => import('../features/hotel-console/components/HotelLayout.tsx')),
        children: [
          { index: true, lazy: page(() => import('../features/hotel-console/components/OverviewPage.tsx')) },
          { path: 'approvals', lazy: page(() => import('../features/hotel-console/components/ApprovalsPage.tsx')) },
          { path: 'stays', lazy: page(() => import('../features/hotel-console/components/StaysPage.tsx')) },
          { path: 'policy', lazy: page(() => import('../features/hotel-console/components/PolicyPage.tsx')) },
          {
            path: 'policy/history',
            lazy: page(() => import('../features/hotel-console/components/PolicyHistoryPage.tsx')),
          },
          { path: 'demand', lazy: page(() => import('../features/hotel-console/components/DemandPage.tsx')) },
          { path: 'report', lazy: page(() => import('../features/hotel-console/components/ReportPage.tsx')) },
          { path: 'payouts', lazy: page(() => import('../features/hotel-console/components/PayoutsPage.tsx')) },
          { path: 'members', lazy: page(() => import('../features/hotel-console/components/MembersPage.tsx')) },
        ],
      },
    ],
  },
  // /my-reservations is the old address of My Stays; replace keeps the dead URL out of history.
  { path: 'my-reservations', element: <Navigate to="/my-stays" replace /> },
  { path: '*', lazy: page(() => import('./pages/NotFoundPage.tsx')) },
];

/** The route table; tests may add extra pages under the layout (e.g. one that throws). */
export function buildRoutes(extraPages: RouteObject[] = []): RouteObject[] {
  return [
    {
      path: '/',
      element: <RootLayout />,
      errorElement: <ErrorScreen />,
      hydrateFallbackElement: <RouteLoading />,
      children: [...extraPages, ...pageRoutes()],
    },
  ];
}

export const appRoutes = buildRoutes();
