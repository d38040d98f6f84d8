import './lib/zod-jitless.ts';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { AppRoot } from './app/AppRoot.tsx';
import { createQueryClient } from './app/providers.tsx';
import { appRoutes } from './app/routes.tsx';
import type { ServedReplies } from '../contract/served-replies.ts';
import { seedServedListing } from './features/listing/api/get-listing.ts';
import { seedUnfilteredSearch } from './features/marketplace/api/list-listings.ts';

/**
 * The markup of the page at `url` as a guest's browser first draws it, for the server to send inside #root so
 * the page paints before its script has run (the script then takes it over: `hydrateRoot` in main.tsx). `served`
 * holds the API replies the page carries for the script, checked by the server, so both renders start from the
 * same data.
 */
export async function renderPage(url: string, served: ServedReplies = {}): Promise<string> {
  const { query, dataRoutes } = createStaticHandler(appRoutes);
  const context = await query(new Request(url));
  // Only loaders and actions answer with a Response (a redirect); no route has either.
  if (context instanceof Response) throw new Error(`${url} answered ${context.status} instead of a page`);
  const client = createQueryClient();
  if (served.search) seedUnfilteredSearch(client, served.search);
  if (served.listing) seedServedListing(client, served.listing);
  return renderToString(
    <AppRoot client={client} drawnByServer>
      <StaticRouterProvider router={createStaticRouter(dataRoutes, context)} context={context} hydrate={false} />
    </AppRoot>,
  );
}
