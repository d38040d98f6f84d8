import { startTransition } from 'react';
import { createRoot, hydrateRoot, type Root, type RootOptions } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppRoot } from './AppRoot.tsx';
import { EarlyInputReplay } from './early-input.ts';
import { createQueryClient } from './providers.tsx';
import { createAppRouter, createHydratingRouter } from './router.tsx';
import { fetchAheadOnceIdle } from '../lib/fetch-ahead.ts';
import { nextTask } from '../lib/next-task.ts';

const app = (router: ReturnType<typeof createAppRouter>, drawnByServer: boolean) => (
  <AppRoot client={createQueryClient()} drawnByServer={drawnByServer}>
    <RouterProvider router={router} />
    <EarlyInputReplay />
  </AppRoot>
);

/**
 * Starts the SPA in `rootElement`. The landing page, the marketplace and a stay's page arrive drawn by the server
 * and the script takes that markup over; every other page is drawn here. Either way, as a transition the work
 * yields to the browser every few milliseconds instead of holding the main thread for the whole page (a tap
 * would have to wait it out). Resolves with the root once its first render is scheduled.
 */
export async function startApp(rootElement: HTMLElement, options: RootOptions = {}): Promise<Root> {
  fetchAheadOnceIdle();
  if (rootElement.hasChildNodes()) {
    const router = await createHydratingRouter();
    // Making the router and starting the take-over (React's root, its listeners) in one task held a slow phone
    // for as long as the two together.
    await nextTask();
    let root: Root | undefined;
    startTransition(() => {
      root = hydrateRoot(rootElement, app(router, true), options);
    });
    return root!;
  }
  const root = createRoot(rootElement, options);
  startTransition(() => root.render(app(createAppRouter(), false)));
  return root;
}
