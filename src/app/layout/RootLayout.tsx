import { Outlet, useLocation } from 'react-router-dom';
import { AuthProvider } from '../auth/AuthProvider.tsx';
import { DemoBanner } from './DemoBanner.tsx';
import { UnavailableBanner } from './UnavailableBanner.tsx';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { ScrollToTop } from './ScrollToTop.tsx';

export const MAIN_CONTENT_ID = 'main-content';

export function RootLayout() {
  // The landing hero runs under the transparent fixed header; every other page starts below it.
  const isLanding = useLocation().pathname === '/';

  return (
    <AuthProvider>
      <div className="flex min-h-screen flex-col bg-slate-50 text-slate-900">
        <ScrollToTop />
        {/* Focus moves by hand so the URL keeps no #main-content hash (that hash would scroll and close menus). */}
        <a
          href={`#${MAIN_CONTENT_ID}`}
          onClick={(event) => {
            event.preventDefault();
            document.getElementById(MAIN_CONTENT_ID)?.focus();
          }}
          className="sr-only z-50 rounded-md bg-white px-4 py-2 font-medium text-brand-700 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
        >
          Skip to content
        </a>
        <Header />
        <UnavailableBanner />
        {/* At least a screen tall, so the footer starts below the first screen and a page whose content loads
            late (a stay's details after their skeleton) never pushes it down in view (layout shift). */}
        <main
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
          className={`min-h-svh flex-1 outline-none ${isLanding ? '' : 'pt-16'}`}
        >
          <Outlet />
        </main>
        <Footer />
        <DemoBanner />
      </div>
    </AuthProvider>
  );
}

/** Shown while the first route's code loads (route `lazy`), so the page never flashes blank. */
export function RouteLoading() {
  return (
    <div role="status" className="flex min-h-screen items-center justify-center">
      <span
        aria-hidden="true"
        className="size-8 animate-spin rounded-full border-4 border-brand-200 border-t-brand-600"
      />
      <span className="sr-only">Loading…</span>
    </div>
  );
}
