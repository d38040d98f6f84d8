import { delay, http, HttpResponse, type JsonBodyType } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ApiError,
  apiDelete,
  apiGet,
  apiPatch,
  apiPost,
  apiPut,
  parseResponse,
  setAccessTokenGetter,
} from '../../src/lib/api-client.ts';
import { server } from './msw.ts';

/** Runs a call that must fail and returns the ApiError it failed with. */
async function failureOf(call: Promise<unknown>): Promise<ApiError> {
  const error = await call.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

function replyWith(status: number, body: JsonBodyType) {
  server.use(http.get('/api/thing', () => HttpResponse.json(body, { status })));
}

describe('api client error catalogue', () => {
  it('takes message, status, code and details from an error envelope', async () => {
    replyWith(409, { success: false, error: 'Listing already sold', code: 'CONFLICT', details: { id: 'l1' } });
    const error = await failureOf(apiGet('/api/thing'));
    expect(error).toMatchObject({
      message: 'Listing already sold',
      status: 409,
      code: 'CONFLICT',
      details: { id: 'l1' },
    });
  });

  it('falls back to the body message field when there is no error field', async () => {
    replyWith(400, { message: 'Bad listing id' });
    const error = await failureOf(apiGet('/api/thing'));
    expect(error.message).toBe('Bad listing id');
  });

  it('says "Request failed" when the body has neither error nor message', async () => {
    replyWith(500, { success: false });
    const error = await failureOf(apiGet('/api/thing'));
    expect(error).toMatchObject({ message: 'Request failed', status: 500 });
  });

  it('uses API_ERROR when the body has no code', async () => {
    replyWith(502, { error: 'Upstream down' });
    const error = await failureOf(apiGet('/api/thing'));
    expect(error.code).toBe('API_ERROR');
  });

  it('takes details from validationErrors when there is no details field', async () => {
    replyWith(400, { error: 'Invalid', validationErrors: [{ field: 'price' }] });
    const error = await failureOf(apiGet('/api/thing'));
    expect(error.details).toEqual([{ field: 'price' }]);
  });

  it('reads a non-JSON error reply as text', async () => {
    server.use(http.get('/api/thing', () => HttpResponse.text('<h1>Bad Gateway</h1>', { status: 502 })));
    const error = await failureOf(apiGet('/api/thing'));
    expect(error).toMatchObject({
      message: 'Request failed',
      status: 502,
      code: 'API_ERROR',
      details: '<h1>Bad Gateway</h1>',
    });
  });

  it('reads a non-JSON success reply as text', async () => {
    server.use(http.get('/api/thing', () => HttpResponse.text('plain words')));
    await expect(apiGet('/api/thing')).resolves.toBe('plain words');
  });

  it('reports a timeout as TIMEOUT 408', async () => {
    server.use(
      http.get('/api/thing', async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    const call = apiGet('/api/thing', undefined, { timeoutMs: 50 });
    const error = await failureOf(call);
    expect(error).toMatchObject({ message: 'Request timeout', status: 408, code: 'TIMEOUT' });
  });

  it('reports a failed connection as CORS_ERROR with status 0', async () => {
    server.use(http.get('/api/thing', () => HttpResponse.error()));
    const error = await failureOf(apiGet('/api/thing'));
    expect(error).toMatchObject({
      message: 'Unable to connect to server. Please check your internet connection and try again.',
      status: 0,
      code: 'CORS_ERROR',
    });
  });

  it('reports a reply of the wrong shape as RESPONSE_FORMAT_ERROR', async () => {
    replyWith(200, { success: true, data: 'not a list' });
    const reply = await apiGet('/api/thing');
    let error: unknown;
    try {
      parseResponse(z.object({ success: z.literal(true), data: z.array(z.string()) }), reply);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      message: 'Invalid server response format. Please try again.',
      status: undefined,
      code: 'RESPONSE_FORMAT_ERROR',
    });
  });

  it("passes the caller's own abort through as an abort, not as a failure to report", async () => {
    server.use(
      http.get('/api/thing', async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    const controller = new AbortController();
    const call = apiGet('/api/thing', undefined, { signal: controller.signal });
    controller.abort();
    const reason = await call.then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(reason).not.toBeInstanceOf(ApiError);
    expect(reason).toMatchObject({ name: 'AbortError' });
  });

  it('reports any other failure without a response as NETWORK_ERROR', async () => {
    // A request that cannot even be built (a token getter that throws) never reaches the network.
    const appGetter = setAccessTokenGetter(() => {
      throw new Error('storage unavailable');
    });
    const error = await failureOf(apiGet('/api/thing')).finally(() => setAccessTokenGetter(appGetter));
    expect(error).toMatchObject({
      message: 'Network error. Please check your connection and try again.',
      status: undefined,
      code: 'NETWORK_ERROR',
    });
  });
});

describe('api client bearer token', () => {
  let appGetter: ReturnType<typeof setAccessTokenGetter>;
  beforeEach(() => {
    appGetter = setAccessTokenGetter(() => null);
  });
  afterEach(() => setAccessTokenGetter(appGetter));

  function captureAuthorization() {
    const seen: Array<string | null> = [];
    server.use(
      http.get('/api/thing', ({ request }) => {
        seen.push(request.headers.get('authorization'));
        return HttpResponse.json({ success: true, data: null });
      }),
    );
    return seen;
  }

  it('sends Authorization: Bearer when the getter gives a token', async () => {
    const seen = captureAuthorization();
    setAccessTokenGetter(async () => 'token-123');
    await apiGet('/api/thing');
    expect(seen).toEqual(['Bearer token-123']);
  });

  it('sends no Authorization header when the getter gives none', async () => {
    const seen = captureAuthorization();
    setAccessTokenGetter(() => null);
    await apiGet('/api/thing');
    expect(seen).toEqual([null]);
  });
});

describe('api client requests', () => {
  it('puts only the given query parameters in the address', async () => {
    const seen: string[] = [];
    server.use(
      http.get('/api/thing', ({ request }) => {
        seen.push(new URL(request.url).search);
        return HttpResponse.json({ success: true });
      }),
    );
    await apiGet('/api/thing', { purpose: 'hero', page: 2, city: undefined, country: null });
    await apiGet('/api/thing');
    expect(seen).toEqual(['?purpose=hero&page=2', '']);
  });

  it('sends each method with its body as JSON and answers the parsed reply', async () => {
    const seen: Array<{ method: string; type: string | null; body: string }> = [];
    server.use(
      http.all('/api/thing', async ({ request }) => {
        seen.push({ method: request.method, type: request.headers.get('content-type'), body: await request.text() });
        return request.method === 'DELETE' ? new HttpResponse(null, { status: 204 }) : HttpResponse.json({ ok: 1 });
      }),
    );
    await expect(apiPost('/api/thing', { price: 120 })).resolves.toEqual({ ok: 1 });
    await expect(apiPut('/api/thing', { title: 'Sea view' })).resolves.toEqual({ ok: 1 });
    await expect(apiPatch('/api/thing', { reason: 'cancelled' })).resolves.toEqual({ ok: 1 });
    await expect(apiDelete('/api/thing')).resolves.toBe('');
    expect(seen).toEqual([
      { method: 'POST', type: 'application/json', body: '{"price":120}' },
      { method: 'PUT', type: 'application/json', body: '{"title":"Sea view"}' },
      { method: 'PATCH', type: 'application/json', body: '{"reason":"cancelled"}' },
      { method: 'DELETE', type: null, body: '' },
    ]);
  });
});
