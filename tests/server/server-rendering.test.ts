import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EARLY_INPUT_GLOBAL, EARLY_INPUT_SCRIPT } from '../../contract/early-input.ts';
import type { SearchReply } from '../../contract/search.ts';
import { EARLY_INPUT_TAG } from '../../server/seo/early-input.ts';
import { keepingRenders, pageRendererIn, type PageRenderer } from '../../server/seo/page-renderer.ts';
import { renderPage } from '../../src/entry-server.tsx';
import { insertListing, insertProfile } from '../helpers/factories.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

const NOW = new Date('2031-05-01T12:00:00Z');
/** As Vite writes it: the entry's script, then a module preload of a chunk the entry imports. */
const INDEX_HTML =
  '<!doctype html><html><head><title>Restay</title>' +
  '<script type="module" crossorigin src="/assets/index-1.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/vendor-6.js">' +
  '</head><body><div id="root"></div></body></html>';
/**
 * A build's manifest: each first page's code, one chunk with a stylesheet; the date pickers' code, which shares a
 * chunk with the landing page and the marketplace and has a library chunk and a stylesheet of its own.
 */
const MANIFEST = {
  'index.html': { file: 'assets/index-1.js' },
  'src/features/landing/components/LandingPage.tsx': {
    file: 'assets/LandingPage-2.js',
    imports: ['_search-filters.js'],
    css: ['assets/hero-3.css'],
  },
  'src/features/marketplace/components/MarketplacePage.tsx': {
    file: 'assets/MarketplacePage-4.js',
    imports: ['_search-filters.js'],
  },
  'src/features/listing/components/ListingDetailPage.tsx': { file: 'assets/ListingDetailPage-5.js' },
  '_search-filters.js': { file: 'assets/search-filters-7.js' },
  'src/components/dates/StayDatePickers.tsx': {
    file: 'assets/StayDatePickers-8.js',
    imports: ['index.html', '_search-filters.js', '_datepicker.js'],
    css: ['assets/StayDatePickers-9.css'],
  },
  '_datepicker.js': { file: 'assets/datepicker-10.js' },
};
let webRoot: string;
let server: TestServer;

beforeAll(async () => {
  webRoot = mkdtempSync(path.join(tmpdir(), 'restay-ssr-'));
  writeFileSync(path.join(webRoot, 'index.html'), INDEX_HTML);
  mkdirSync(path.join(webRoot, '.vite'));
  writeFileSync(path.join(webRoot, '.vite/manifest.json'), JSON.stringify(MANIFEST));
  server = await startTestServer({ clock: () => NOW, webRoot, renderPage });
});
afterAll(async () => {
  await server.close();
  rmSync(webRoot, { recursive: true, force: true });
});

/** A stay that does not exist: its address answers 404, with the app's shell drawn loading for its script. */
const UNKNOWN_STAY = '/listings/7d9f1d0c-2f5e-4b8e-9a61-0c1f2e3d4a5b';

/** What the page at `pagePath` carries inside #root, as served. */
async function markupOf(target: TestServer, pagePath: string) {
  const { status, body } = await target.request(pagePath);
  expect({ pagePath, status }).toEqual({ pagePath, status: pagePath === UNKNOWN_STAY ? 404 : 200 });
  const html = body as string;
  return {
    html,
    root: /<div id="root">([\s\S]*)<\/div>(?:<script type="application\/json"[\s\S]*)?<\/body>/.exec(html)?.[1],
  };
}

describe('the public pages are served drawn', () => {
  it('the landing page carries its hero', async () => {
    const { root } = await markupOf(server, '/');
    expect(root).toContain('Hotel stays, passed on to travellers who can use them.');
  });

  it('the bare marketplace carries the cards of its served results, with a seller’s words escaped', async () => {
    const seller = await insertProfile(server.database.db);
    const title = 'Quiet loft </div><script>alert(1)</script>';
    await insertListing(server.database.db, seller, { now: NOW, title });
    const { html, root } = await markupOf(server, '/marketplace');
    expect(root).toContain('Quiet loft &lt;/div&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('<script type="application/json" id="initial-search">');
  });

  it("a seller’s `$&`, `$$` and `$'` stay text in the head, the markup and the served results", async () => {
    const seller = await insertProfile(server.database.db);
    const title = "Dollar loft $& $$ $' $`";
    const id = await insertListing(server.database.db, seller, { now: NOW, title });
    const { html, root } = await markupOf(server, '/marketplace');
    const escaped = 'Dollar loft $&amp; $$ $&#x27; $`';
    expect(root).toContain(escaped);
    const block = /<script type="application\/json" id="initial-search">([^<]*)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(block!).data.map((listing: { title: string }) => listing.title)).toContain(title);
    const stay = await markupOf(server, `/listings/${id}`);
    expect(stay.html).toContain(`<title>Dollar loft $&amp; $$ $&#39; $\` · Restay</title>`);
    expect(stay.html.match(/<\/head>/g)).toHaveLength(1);
  });

  it('a stay’s page carries the stay as the API answers a guest, and is drawn with it', async () => {
    const seller = await insertProfile(server.database.db);
    const id = await insertListing(server.database.db, seller, { now: NOW, title: 'Lagoon suite' });
    const { html, root } = await markupOf(server, `/listings/${id}`);
    const block = /<script type="application\/json" id="served-listing">([^<]*)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(block!)).toEqual((await server.request(`/api/listings/${id}`)).body);
    expect(root).toContain('Lagoon suite</h1>');
    // Its hotel (the test hotel, whose policy allows resale) gives its word, drawn as the script draws it.
    expect(JSON.parse(block!).data.hotel_approval).toMatchObject({ hotelName: 'Hotel Tejo' });
    expect(root).toContain('Resale approved by Hotel Tejo');
    const unknown = await markupOf(server, UNKNOWN_STAY);
    expect(unknown.html).not.toContain('id="served-listing"');
  });

  it('a page with prices carries the rates as GET /api/rates answers them; the landing page has none to convert', async () => {
    const seller = await insertProfile(server.database.db);
    const id = await insertListing(server.database.db, seller, { now: NOW, title: 'Rated loft' });
    const rates = (await server.request('/api/rates')).body;
    expect(Object.keys(rates.data.unitsPerEuro)).not.toHaveLength(0);
    for (const pagePath of ['/marketplace', `/listings/${id}`]) {
      const { html } = await markupOf(server, pagePath);
      const block = /<script type="application\/json" id="served-rates">([^<]*)<\/script>/.exec(html)?.[1];
      expect({ pagePath, served: JSON.parse(block!) }).toEqual({ pagePath, served: rates });
    }
    expect((await markupOf(server, '/')).html).not.toContain('id="served-rates"');
  });

  it('a filtered marketplace is drawn while its search loads, without served results', async () => {
    const { html, root } = await markupOf(server, '/marketplace?guests=2');
    expect(root).toContain('<h1');
    expect(html).not.toContain('id="initial-search"');
  });

  it('a page drawn with all it shows leaves its code to load after the entry; one drawn loading fetches it at once', async () => {
    const seller = await insertProfile(server.database.db);
    const stay = await insertListing(server.database.db, seller, { now: NOW });
    const linked = async (pagePath: string) =>
      [
        ...(await markupOf(server, pagePath)).html.matchAll(
          /<link rel="(modulepreload|stylesheet)"[^>]*href="([^"]+)"/g,
        ),
      ]
        .map(([, rel, href]) => `${rel} ${href}`)
        .filter((link) => link !== 'modulepreload /assets/vendor-6.js')
        .sort();
    // The landing page keeps its stylesheet: the drawn markup needs it to paint.
    expect(await linked('/')).toEqual(['stylesheet /assets/hero-3.css']);
    expect(await linked('/marketplace')).toEqual([]);
    expect(await linked('/marketplace?guests=2')).toEqual([
      'modulepreload /assets/MarketplacePage-4.js',
      'modulepreload /assets/search-filters-7.js',
    ]);
    expect(await linked(`/listings/${stay}`)).toEqual([]);
    // A stay that does not exist is drawn loading: its script says so.
    expect(await linked(UNKNOWN_STAY)).toEqual(['modulepreload /assets/ListingDetailPage-5.js']);
  });

  it("a page drawn with all it shows asks for the entry's code at low priority; a page that waits on it does not", async () => {
    const seller = await insertProfile(server.database.db);
    const stay = await insertListing(server.database.db, seller, { now: NOW });
    const entryTags = async (pagePath: string) => {
      const { html } = await markupOf(server, pagePath);
      const tags = [...html.matchAll(/<(?:script|link)[^>]*(?:index-1|vendor-6)\.js"[^>]*>/g)].map(([tag]) => tag);
      expect(tags).toHaveLength(2);
      return tags;
    };
    for (const drawn of ['/', '/marketplace', `/listings/${stay}`]) {
      for (const tag of await entryTags(drawn)) expect(tag).toContain(' fetchpriority="low"');
    }
    for (const waiting of ['/marketplace?guests=2', UNKNOWN_STAY, '/profile']) {
      for (const tag of await entryTags(waiting)) expect(tag).not.toContain('fetchpriority');
    }
  });

  it("the pages with date fields name the date pickers' code for the browser to prefetch (low priority, not run)", async () => {
    const seller = await insertProfile(server.database.db);
    const stay = await insertListing(server.database.db, seller, { now: NOW });
    const prefetched = async (target: TestServer, pagePath: string) =>
      [...(await markupOf(target, pagePath)).html.matchAll(/<link rel="prefetch"[^>]*>/g)].map(([tag]) => tag).sort();
    // The pickers' own chunk, the library chunk only they import, and their stylesheet; not the entry, nor the
    // chunk the page loads anyway. Each asked for as the picker's import() will ask (with crossorigin),
    // so that request is answered from the browser's cache.
    const pickers = [
      '<link rel="prefetch" as="script" crossorigin href="/assets/StayDatePickers-8.js">',
      '<link rel="prefetch" as="script" crossorigin href="/assets/datepicker-10.js">',
      '<link rel="prefetch" as="style" crossorigin href="/assets/StayDatePickers-9.css">',
    ].sort();
    for (const withDateFields of ['/', '/marketplace', '/marketplace?guests=2']) {
      expect({ withDateFields, tags: await prefetched(server, withDateFields) }).toEqual({
        withDateFields,
        tags: pickers,
      });
    }
    for (const without of [`/listings/${stay}`, UNKNOWN_STAY, '/profile']) {
      expect({ without, tags: await prefetched(server, without) }).toEqual({ without, tags: [] });
    }
    // Inert in the head's template until the page's script moves them out, once the page has loaded and the
    // browser is idle (src/lib/fetch-ahead.ts): the page's own code and pictures have the link to themselves.
    const head = (await markupOf(server, '/')).html.split('</head>')[0]!;
    const template = /<template id="fetched-ahead">(.*?)<\/template>/.exec(head)?.[1] ?? '';
    expect([...template.matchAll(/<link rel="prefetch"[^>]*>/g)].map(([tag]) => tag).sort()).toEqual(pickers);
    expect(head.replace(/<template[^]*?<\/template>/, '')).not.toContain('<link rel="prefetch"');

    // Without a build manifest (an API-only test's web root) nothing is named.
    const bareRoot = mkdtempSync(path.join(tmpdir(), 'restay-ssr-bare-'));
    writeFileSync(path.join(bareRoot, 'index.html'), INDEX_HTML);
    const bare = await startTestServer({ clock: () => NOW, webRoot: bareRoot, database: server.database, renderPage });
    try {
      for (const pagePath of ['/', '/marketplace']) expect(await prefetched(bare, pagePath)).toEqual([]);
    } finally {
      await bare.close();
      rmSync(bareRoot, { recursive: true, force: true });
    }
  });

  it('a private page is left for its script to draw', async () => {
    expect((await markupOf(server, '/profile')).root).toBe('');
    expect((await markupOf(server, '/my-listings')).root).toBe('');
  });

  it('a drawn page holds presses and typing for its script from its head; a page drawn by its script has none to hold', async () => {
    const head = (html: string) => html.slice(0, html.indexOf('</head>'));
    for (const drawn of ['/', '/marketplace', '/marketplace?guests=2']) {
      expect(head((await markupOf(server, drawn)).html)).toContain(EARLY_INPUT_TAG);
    }
    expect((await markupOf(server, '/profile')).html).not.toContain(EARLY_INPUT_GLOBAL);
    // The policy allows that one inline script by its hash, which must be the hash of what the page carries.
    const { headers } = await server.request('/');
    const hash = createHash('sha256').update(EARLY_INPUT_SCRIPT).digest('base64');
    expect(headers.get('content-security-policy')).toContain(`'sha256-${hash}'`);
  });

  it('a page whose render fails is still served, for its script to draw', async () => {
    const failing = await startTestServer({
      clock: () => NOW,
      webRoot,
      database: server.database,
      renderPage: () => Promise.reject(new Error('render failed')),
    });
    try {
      const { html, root } = await markupOf(failing, '/');
      expect(root).toBe('');
      expect(html).toContain('<title>');
    } finally {
      await failing.close();
    }
  });
});

describe('the build’s server renderer', () => {
  /** The renderer hands what a page carries to the page as it is: any value stands for a search reply here. */
  const opaqueSearch = (value: unknown) => value as SearchReply;

  it('is used when the build made one, and absent when it did not', async () => {
    const ssrRoot = mkdtempSync(path.join(tmpdir(), 'restay-ssr-build-'));
    try {
      expect(pageRendererIn(ssrRoot)).toBeUndefined();
      writeFileSync(
        path.join(ssrRoot, 'entry-server.js'),
        'export const renderPage = async (url, served) => `<p>${url} ${JSON.stringify(served)}</p>`;',
      );
      const render = pageRendererIn(ssrRoot);
      expect(await render?.('https://restay.example/', { search: opaqueSearch(1) })).toBe(
        '<p>https://restay.example/ {"search":1}</p>',
      );
    } finally {
      rmSync(ssrRoot, { recursive: true, force: true });
    }
  });

  it('draws in a thread of its own; a render that throws, stops the thread or never ends fails alone', async () => {
    const ssrRoot = mkdtempSync(path.join(tmpdir(), 'restay-ssr-thread-'));
    try {
      writeFileSync(
        path.join(ssrRoot, 'entry-server.js'),
        `import { isMainThread } from 'node:worker_threads';
        export const renderPage = async (url) => {
          if (url.endsWith('/throws')) throw new Error('the page could not be drawn');
          if (url.endsWith('/exits')) process.exit(3);
          if (url.endsWith('/hangs')) for (;;) {}
          return isMainThread ? 'main thread' : 'own thread';
        };`,
      );
      const render = pageRendererIn(ssrRoot, 1_000)!;
      expect(await render('https://restay.example/', {})).toBe('own thread');
      await expect(render('https://restay.example/throws', {})).rejects.toThrow('the page could not be drawn');
      await expect(render('https://restay.example/exits', {})).rejects.toThrow('stopped (exit code 3)');
      expect(await render('https://restay.example/marketplace', {})).toBe('own thread');
      await expect(render('https://restay.example/hangs', {})).rejects.toThrow('took over 1000 ms');
      expect(await render('https://restay.example/listings/1', {})).toBe('own thread');
    } finally {
      rmSync(ssrRoot, { recursive: true, force: true });
    }
  });

  it('answers from a recent render of the same address and data, for a minute', async () => {
    const renders: string[] = [];
    let clock = 0;
    const counting: PageRenderer = async (url, served) => {
      renders.push(`${url} ${JSON.stringify(served)}`);
      return `<p>${renders.length}</p>`;
    };
    const render = keepingRenders(counting, () => clock);
    expect(await render('https://restay.example/marketplace', { search: opaqueSearch([1]) })).toBe('<p>1</p>');
    expect(await render('https://restay.example/marketplace', { search: opaqueSearch([1]) })).toBe('<p>1</p>');
    // Other results (a listing changed), another address: drawn again.
    expect(await render('https://restay.example/marketplace', { search: opaqueSearch([2]) })).toBe('<p>2</p>');
    expect(await render('https://restay.example/', {})).toBe('<p>3</p>');
    clock = 59_999;
    expect(await render('https://restay.example/', {})).toBe('<p>3</p>');
    clock = 60_000;
    expect(await render('https://restay.example/', {})).toBe('<p>4</p>');
    expect(renders).toHaveLength(4);
  });

  it('keeps only the most recently used renders', async () => {
    let count = 0;
    const render = keepingRenders(async () => `<p>${++count}</p>`);
    for (let page = 0; page <= 32; page++) await render(`https://restay.example/listings/${page}`, {});
    expect(await render('https://restay.example/listings/32', {})).toBe('<p>33</p>');
    // The first address was the least recently used of 33: it is drawn again.
    expect(await render('https://restay.example/listings/0', {})).toBe('<p>34</p>');
  });
});
