import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAdapters } from '../../server/adapters.ts';
import { createSelfOrigin } from '../../server/http/self-origin.ts';
import { createApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { createPhotoService } from '../../server/photos/index.ts';
import { createTestDatabase } from '../helpers/test-database.ts';

const SEARCH_URL = 'https://api.unsplash.com/search/photos';

/** A result in the shape Unsplash documents for GET /search/photos. */
function unsplashPhoto(n: number, size: { width: number; height: number } = { width: 6000, height: 4000 }) {
  return {
    id: `photo-${n}`,
    created_at: '2024-05-01T10:00:00Z',
    width: size.width,
    height: size.height,
    color: '#a0a0a0',
    blur_hash: 'LKO2?U%2Tw=w]~RBVZRi};RPxuwH',
    likes: 10,
    description: n % 2 ? `Description ${n}` : null,
    alt_description: n % 2 ? null : `hotel room ${n}`,
    urls: {
      raw: `https://images.unsplash.com/photo-${n}?ixid=abc&ixlib=rb-4.0.3`,
      full: `https://images.unsplash.com/photo-${n}?ixid=abc&q=85`,
      regular: `https://images.unsplash.com/photo-${n}?ixid=abc&w=1080`,
      small: `https://images.unsplash.com/photo-${n}?ixid=abc&w=400`,
      thumb: `https://images.unsplash.com/photo-${n}?ixid=abc&w=200`,
    },
    links: { self: `https://api.unsplash.com/photos/photo-${n}`, html: `https://unsplash.com/photos/photo-${n}` },
    user: {
      id: `user-${n}`,
      username: `user${n}`,
      name: `Photographer ${n}`,
      links: { html: `https://unsplash.com/@user${n}` },
    },
  };
}

const landscape = Array.from({ length: 24 }, (_, i) => unsplashPhoto(i + 1));
const portrait = Array.from({ length: 6 }, (_, i) => unsplashPhoto(100 + i, { width: 3000, height: 4500 }));

let searches: Request[] = [];
const unsplash = setupServer();
// Photos never touch the database: one database for the file keeps each fresh app (fresh cache) cheap.
let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());
beforeAll(() =>
  unsplash.listen({
    // Our own test server is real; any other outbound request is a bug.
    onUnhandledRequest: (request, print) => {
      if (new URL(request.url).hostname !== '127.0.0.1') print.error();
    },
  }),
);
afterEach(() => {
  unsplash.resetHandlers();
  searches = [];
});
afterAll(() => unsplash.close());

function answer(reply: () => Response) {
  unsplash.use(
    http.get(SEARCH_URL, ({ request }) => {
      searches.push(request);
      return reply();
    }),
  );
}

interface PhotoServer {
  request(path: string): Promise<{ status: number; body: any }>;
}

/** A fresh app (so a fresh photo cache) over HTTP for `work`, configured by `env`, its photos timed by `clock`. */
async function withServer(
  env: Record<string, string>,
  work: (server: PhotoServer) => Promise<void>,
  clock = () => new Date(),
) {
  const config = loadConfig({ NODE_ENV: 'test', PORT: '0', LOG_LEVEL: 'silent', ...env });
  const logger = pino({ level: 'silent' });
  const app = createApp({
    config,
    database,
    logger,
    clock,
    adapters: await createAdapters({ config, database, logger, clock, selfOrigin: createSelfOrigin() }),
  });
  const listening = await new Promise<ReturnType<typeof app.listen>>((resolve) => {
    const server = app.listen(0, '127.0.0.1', () => resolve(server));
  });
  const url = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
  try {
    await work({
      async request(path) {
        const response = await fetch(url + path);
        return { status: response.status, body: await response.json() };
      },
    });
  } finally {
    await new Promise((resolve) => listening.close(resolve));
  }
}

const KEY = { UNSPLASH_ACCESS_KEY: 'test-access-key' };

describe('GET /api/photos with an Unsplash key', () => {
  it('searches landscape hotel photos, keeps the wide ones, and credits the photographers', async () => {
    answer(() => HttpResponse.json({ total: 30, total_pages: 1, results: [...landscape, ...portrait] }));
    await withServer(KEY, async (server) => {
      const hero = await server.request('/api/photos?purpose=hero');
      expect(hero.status).toBe(200);
      expect(hero.body.success).toBe(true);
      expect(hero.body.data).toHaveLength(15);

      const request = searches[0]!;
      const url = new URL(request.url);
      expect(Object.fromEntries(url.searchParams)).toEqual({
        query: 'hotel',
        orientation: 'landscape',
        per_page: '30',
      });
      expect(request.headers.get('authorization')).toBe('Client-ID test-access-key');

      const ids = hero.body.data.map((p: { url: string }) => new URL(p.url).pathname);
      expect(ids.every((id: string) => Number(id.replace('/photo-', '')) < 100)).toBe(true);
      const photo = hero.body.data[0];
      expect(photo.url).toMatch(/^https:\/\/images\.unsplash\.com\/photo-\d+\?ixid=abc&ixlib=rb-4\.0\.3&w=1920/);
      expect(photo.width).toBe(1920);
      expect(photo.height).toBe(1280);
      expect(photo.alt).toMatch(/^(hotel room|Description) \d+$/);
      expect(photo.attribution).toEqual({
        photographer: expect.stringMatching(/^Photographer \d+$/),
        photographerUrl: expect.stringMatching(
          /^https:\/\/unsplash\.com\/@user\d+\?utm_source=restay&utm_medium=referral$/,
        ),
        unsplashUrl: 'https://unsplash.com/?utm_source=restay&utm_medium=referral',
      });

      const about = await server.request('/api/photos?purpose=about');
      const services = await server.request('/api/photos?purpose=services');
      expect(about.body.data).toHaveLength(3);
      expect(services.body.data).toHaveLength(3);
      const all = [...hero.body.data, ...about.body.data, ...services.body.data].map(
        (p: { url: string }) => p.url.split('?')[0],
      );
      expect(new Set(all).size).toBe(21);
      // One search served all three purposes: the result is cached.
      expect(searches).toHaveLength(1);
    });
  });

  it('shuffles the results', async () => {
    answer(() => HttpResponse.json({ total: 24, total_pages: 1, results: landscape }));
    const orders = new Set<string>();
    for (let i = 0; i < 3; i++) {
      await withServer(KEY, async (server) => {
        const { body } = await server.request('/api/photos?purpose=hero');
        orders.add(body.data.map((p: { alt: string }) => p.alt).join());
      });
    }
    expect(orders.size).toBeGreaterThan(1);
  });

  it.each([
    ['rate limited (429)', () => new HttpResponse('Rate Limit Exceeded', { status: 429 })],
    ['over quota (403)', () => new HttpResponse('Rate Limit Exceeded', { status: 403 })],
    ['failing (500)', () => HttpResponse.json({ errors: ['boom'] }, { status: 500 })],
    ['unreachable', () => HttpResponse.error()],
    ['answering nonsense', () => HttpResponse.json({ unexpected: true })],
  ])('serves the shipped images when Unsplash is %s, and does not retry at once', async (_label, reply) => {
    answer(reply);
    await withServer(KEY, async (server) => {
      const hero = await server.request('/api/photos?purpose=hero');
      expect(hero.status).toBe(200);
      expect(hero.body.data.length).toBeGreaterThanOrEqual(5);
      expect(
        hero.body.data.every(
          (p: { url: string; attribution: unknown }) => p.url.startsWith('/images/') && p.attribution === null,
        ),
      ).toBe(true);
      await server.request('/api/photos?purpose=about');
      expect(searches).toHaveLength(1);
    });
  });
});

describe('createPhotoService', () => {
  it('chooses Unsplash with an access key and the shipped images without one', () => {
    expect(createPhotoService({ unsplashAccessKey: 'key', clock: () => new Date() }).kind).toBe('unsplash');
    expect(createPhotoService({ unsplashAccessKey: undefined, clock: () => new Date() }).kind).toBe('shipped');
  });

  it('asks Unsplash again only once the pause after a failure has passed on its clock', async () => {
    answer(() => new HttpResponse('Rate Limit Exceeded', { status: 429 }));
    let now = new Date('2030-01-01T00:00:00Z');
    await withServer(
      KEY,
      async (server) => {
        await server.request('/api/photos?purpose=hero');
        now = new Date(now.getTime() + 4 * 60_000);
        await server.request('/api/photos?purpose=hero');
        expect(searches).toHaveLength(1);
        now = new Date(now.getTime() + 2 * 60_000);
        await server.request('/api/photos?purpose=hero');
        expect(searches).toHaveLength(2);
      },
      () => now,
    );
  });
});

describe('GET /api/photos without a key', () => {
  it('serves the shipped images without calling Unsplash', async () => {
    answer(() => HttpResponse.json({ total: 0, total_pages: 0, results: [] }));
    await withServer({}, async (server) => {
      for (const [purpose, min] of [
        ['hero', 5],
        ['about', 3],
        ['services', 3],
      ] as const) {
        const { status, body } = await server.request(`/api/photos?purpose=${purpose}`);
        expect(status).toBe(200);
        expect(body.data.length).toBeGreaterThanOrEqual(min);
        for (const photo of body.data) {
          expect(photo).toEqual({
            url: expect.stringMatching(/^\/images\/.+\.svg$/),
            alt: expect.any(String),
            width: expect.any(Number),
            height: expect.any(Number),
            attribution: null,
          });
        }
      }
      expect(searches).toHaveLength(0);
    });
  });

  it('refuses an unknown purpose with 400 VALIDATION_ERROR', async () => {
    await withServer({}, async (server) => {
      const { status, body } = await server.request('/api/photos?purpose=banner');
      expect(status).toBe(400);
      expect(body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    });
  });
});
