import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { resetPublicConfig } from '../../src/lib/public-config.ts';
import { resetSupabaseClient } from '../../src/lib/supabase.ts';
import { assertNoConsoleErrors, installConsoleGuard } from './console-guard.ts';
import './element-errors.ts';
import { server } from './msw.ts';
import { settleOpenQueries } from './open-query-clients.ts';

// Leaflet cannot draw here (nothing is laid out): every page's keyless map runs on the fake in
// fake-react-leaflet.tsx, which keeps the markers, moves and events a test plays. The real map is proven in the
// browser (the end-to-end suite).
vi.mock('leaflet', () => ({ default: { divIcon: (options: { html: string }) => options } }));
vi.mock('react-leaflet', () => import('./fake-react-leaflet.tsx').then((fake) => fake.fakeReactLeaflet));
// Nor can the Google map load its script: a page given a Maps key gets the fake in fake-google-maps.tsx.
vi.mock('@react-google-maps/api', () => import('./fake-google-maps.tsx').then((fake) => fake.fakeGoogleMapsApi));

// A lazy page is compiled on its first import in a test file, which takes over a second on a busy machine.
configure({ asyncUtilTimeout: 5000 });

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  // The SPA loads supabase-js lazily; loading it once here keeps that one-off cost (seconds on a busy machine)
  // out of the first test that waits for a session.
  await import('@supabase/supabase-js');
});

let testCase = 0;

beforeEach(() => {
  installConsoleGuard();
  // Each test starts signed out with a fresh supabase-js client, unless it stores a session itself.
  localStorage.clear();
  sessionStorage.clear();
  resetPublicConfig();
  testCase += 1;
  resetSupabaseClient(`restay-auth-test-${testCase}`);
  // Nothing is laid out here, so nothing scrolls: the layout calls both on navigation, and tests read the spies.
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  window.scrollY = 0;
  Element.prototype.scrollIntoView = vi.fn();
  // Nor is anything measured: the Radix slider and menu observe sizes that would never come.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  Object.defineProperty(window, 'scrollY', { configurable: true, writable: true, value: 0 });
  // The DOM here lays nothing out, so an IntersectionObserver would never report: without one, what waits to be
  // near the viewport is drawn at once, as on a browser that cannot say. A test that plays the observer stubs its own
  // (fake-intersection-observer.ts).
  vi.stubGlobal('IntersectionObserver', undefined);
  // Nor does it have a screen: without matchMedia every media query answers no, unless a test gives the page a
  // matchMedia of its own.
  vi.stubGlobal('matchMedia', undefined);
});

afterEach(async () => {
  // A test that jumped its timers ahead gives the real ones back, even when it failed half-way.
  vi.useRealTimers();
  cleanup();
  // Unmounted, a page starts nothing more; what it started finishes under this test's handlers.
  await settleOpenQueries();
  server.resetHandlers();
  vi.restoreAllMocks();
  assertNoConsoleErrors();
});

afterAll(() => server.close());
