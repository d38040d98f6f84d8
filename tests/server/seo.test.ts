import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertListing, insertProfile } from '../helpers/factories.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

const NOW = new Date('2031-05-01T12:00:00Z');
const PUBLIC_URL = 'https://restay.example';
// The head as the build leaves it; the server replaces the title and description per page.
const INDEX_HTML = `<!doctype html><html><head>
    <meta charset="UTF-8" />
    <meta name="description" content="The site." />
    <title>Restay</title>
  </head><body><div id="root"></div></body></html>`;
let webRoot: string;
let server: TestServer;

beforeAll(async () => {
  webRoot = mkdtempSync(path.join(tmpdir(), 'restay-seo-'));
  writeFileSync(path.join(webRoot, 'index.html'), INDEX_HTML);
  // A public origin runs the stand-ins only as an explicit demo.
  server = await startTestServer({ clock: () => NOW, env: { PUBLIC_URL, DEMO_MODE: 'true' }, webRoot });
});
afterAll(async () => {
  await server.close();
  rmSync(webRoot, { recursive: true, force: true });
});

/** The tags of a page's head that search engines and link previews read. */
async function headOf(pagePath: string, expectedStatus = 200) {
  const { status, body } = await server.request(pagePath);
  expect({ pagePath, status }).toEqual({ pagePath, status: expectedStatus });
  const html = body as string;
  const meta = (attribute: string, name: string) =>
    new RegExp(`<meta ${attribute}="${name}" content="([^"]*)"`).exec(html)?.[1];
  return {
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
    titles: html.match(/<title>/g)?.length,
    descriptions: html.match(/<meta name="description"/g)?.length,
    description: meta('name', 'description'),
    ogTitle: meta('property', 'og:title'),
    ogDescription: meta('property', 'og:description'),
    ogUrl: meta('property', 'og:url'),
    ogImage: meta('property', 'og:image'),
    robots: meta('name', 'robots'),
    app: html.includes('<div id="root"></div>'),
  };
}

describe('what search engines read', () => {
  it('robots.txt keeps crawlers out of private pages and names the sitemap on the public origin', async () => {
    const { status, headers, body } = await server.request('/robots.txt');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toContain('text/plain');
    expect(body).toContain('User-agent: *');
    for (const path of ['/api/', '/dev/', '/my-listings', '/my-stays', '/profile', '/payment/']) {
      expect(body).toContain(`Disallow: ${path}\n`);
    }
    expect(body).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });

  it('the sitemap lists the landing page, the marketplace and each stay on sale, and nothing else', async () => {
    const db = server.database.db;
    const seller = await insertProfile(db);
    const onSale = await insertListing(db, seller, { now: NOW });
    const paused = await insertListing(db, seller, { now: NOW, status: 'inactive' });
    const withdrawn = await insertListing(db, seller, { now: NOW, status: 'withdrawn' });
    const checkInPassed = await insertListing(db, seller, { now: NOW, daysAhead: -1 });

    const { status, headers, body } = await server.request('/sitemap.xml');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toContain('application/xml');
    const locations = [...(body as string).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toEqual([`${PUBLIC_URL}/`, `${PUBLIC_URL}/marketplace`, `${PUBLIC_URL}/listings/${onSale}`]);
    for (const hidden of [paused, withdrawn, checkInPassed]) expect(body).not.toContain(hidden);
    expect(body).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}T/);
  });

  it('each public page says what it is in its head: title, description and link-preview tags', async () => {
    const landing = await headOf('/');
    expect(landing).toMatchObject({
      titles: 1,
      descriptions: 1,
      ogUrl: `${PUBLIC_URL}/`,
      robots: undefined,
      app: true,
    });
    expect(landing.description).toContain('resell hotel reservations');
    expect(landing.ogDescription).toBe(landing.description);

    const marketplace = await headOf('/marketplace');
    expect(marketplace).toMatchObject({
      title: 'Marketplace · Restay',
      ogTitle: 'Marketplace · Restay',
      ogUrl: `${PUBLIC_URL}/marketplace`,
    });
    expect(marketplace.description).not.toBe(landing.description);

    const seller = await insertProfile(server.database.db);
    const id = await insertListing(server.database.db, seller, {
      now: NOW,
      title: 'Sea view "Deluxe" & breakfast',
      price_cents: 18_050,
      image_url: '/images/rooms/sea.svg',
    });
    const stay = await headOf(`/listings/${id}`);
    expect(stay).toMatchObject({
      titles: 1,
      descriptions: 1,
      title: 'Sea view &quot;Deluxe&quot; &amp; breakfast · Restay',
      ogImage: `${PUBLIC_URL}/images/rooms/sea.svg`,
      ogUrl: `${PUBLIC_URL}/listings/${id}`,
    });
    expect(stay.description).toBe('Hotel Test, Lisbon, Portugal: 2031-05-11 to 2031-05-13, $180.50. Resold on Restay.');
  });

  it('keeps private pages, and stays nobody can book any more, out of search results', async () => {
    for (const page of ['/my-listings', '/my-stays', '/profile', '/payment/success']) {
      expect({ page, robots: (await headOf(page)).robots }).toEqual({ page, robots: 'noindex' });
    }
    const db = server.database.db;
    const seller = await insertProfile(db);
    const buyer = await insertProfile(db);
    for (const status of ['sold', 'inactive', 'withdrawn', 'expired'] as const) {
      const id = await insertListing(db, seller, { now: NOW, status, buyer_id: status === 'sold' ? buyer : null });
      const head = await headOf(`/listings/${id}`);
      expect({ status, robots: head.robots, title: head.title }).toEqual({
        status,
        robots: 'noindex',
        title: 'Restay — resell and book hotel stays',
      });
    }
    // Held by a buyer paying for it: on sale again if they do not pay.
    const held = await insertListing(db, seller, { now: NOW, status: 'reserved' });
    expect((await headOf(`/listings/${held}`)).robots).toBeUndefined();
  });

  it('answers 404 with the app, which says so, where there is no such page or stay', async () => {
    for (const missing of [
      '/no-such-page',
      '/marketplace/extra',
      '/listings',
      '/listings/7d9f1d0c-2f5e-4b8e-9a61-0c1f2e3d4a5b',
    ]) {
      const head = await headOf(missing, 404);
      expect({ missing, app: head.app, titles: head.titles, ogImage: head.ogImage }).toEqual({
        missing,
        app: true,
        titles: 1,
        ogImage: undefined,
      });
    }
    // The app's router takes any letter case and a trailing slash, so the server does too.
    for (const page of ['/Marketplace/', '/my-stays/', '/payment/cancel', '/my-reservations', '/alerts']) {
      await headOf(page, 200);
    }
  });
});

describe('what a page needs for its first paint, before its script runs', () => {
  const servedSearch = (html: string) => {
    const block = /<script type="application\/json" id="initial-search">([^<]*)<\/script>/.exec(html)?.[1];
    return block === undefined ? undefined : JSON.parse(block);
  };

  it('the unfiltered marketplace carries its first results exactly as the API answers them, and preloads the first photo', async () => {
    const db = server.database.db;
    const seller = await insertProfile(db);
    // A seller's own words cannot end the data block or start a script.
    const title = 'Sea view </script><script>alert(1)</script> <!-- suite';
    await insertListing(db, seller, { now: NOW, title, image_url: '/images/listings/harbour-view.svg' });

    const { body: html } = await server.request('/marketplace');
    expect(html).not.toContain('<script>alert(1)');
    const { body: api } = await server.request('/api/listings');
    expect(servedSearch(html as string)).toEqual(api);
    expect(servedSearch(html as string).data.map((listing: { title: string }) => listing.title)).toContain(title);
    const first = (api as { data: { image_url: string }[] }).data[0]!.image_url;
    expect(html).toContain(`<link rel="preload" as="image" href="${first}" fetchpriority="high" />`);
  });

  it('a stay’s page preloads its photo; an unknown stay’s page preloads nothing', async () => {
    const seller = await insertProfile(server.database.db);
    const id = await insertListing(server.database.db, seller, { now: NOW, image_url: '/images/rooms/garden.svg' });
    const stay = (await server.request(`/listings/${id}`)).body as string;
    expect(stay).toContain('<link rel="preload" as="image" href="/images/rooms/garden.svg" fetchpriority="high" />');
    expect(servedSearch(stay)).toBeUndefined();
    const unknown = (await server.request('/listings/7d9f1d0c-2f5e-4b8e-9a61-0c1f2e3d4a5b')).body as string;
    expect(unknown).not.toContain('rel="preload" as="image"');
  });

  it('every page carries the public configuration as GET /api/config answers it, and marks a public demo', async () => {
    const { body: config } = await server.request('/api/config');
    for (const page of ['/', '/marketplace', '/my-stays', '/no-such-page']) {
      const html = (await server.request(page)).body as string;
      const block = /<script type="application\/json" id="public-config">([^<]*)<\/script>/.exec(html)?.[1];
      expect({ page, carried: block === undefined ? undefined : JSON.parse(block) }).toEqual({ page, carried: config });
      expect({ page, html: html.slice(0, html.indexOf('<head>')) }).toEqual({
        page,
        html: '<!doctype html><html data-demo-mode="true">',
      });
    }
  });

  it('a filtered marketplace and other pages carry no results; the landing page preloads its first hero photo', async () => {
    const filtered = (await server.request('/marketplace?location=Paris')).body as string;
    expect(servedSearch(filtered)).toBeUndefined();
    expect(filtered).not.toContain('rel="preload" as="image"');
    const landing = (await server.request('/')).body as string;
    expect(servedSearch(landing)).toBeUndefined();
    expect(landing).toContain(
      '<link rel="preload" as="image" href="/images/hero/seaside-resort.svg" fetchpriority="high" />',
    );
  });
});
