import { createClient } from '@supabase/supabase-js';
import Stripe from 'stripe';
import { LOCAL_ANON_KEY } from '../../server/config-sections.ts';
import { memoryStorage } from '../../tests/helpers/supabase-client.ts';
import type { Recorder } from './recorder.ts';

export interface DemoReservation {
  confirmationNumber: string;
  email: string;
  state: string;
  startUtc: string;
  amountPaid: number | null;
}

/** What every visitor shares: the server, the demo reservations and the writes to check afterwards. */
export interface LoadWorld {
  base: string;
  recorder: Recorder;
  stripeSecretKey: string;
  stripeWebhookSecret: string;
  listingIds: string[];
  created: { id: string; title: string }[];
  paid: { sessionId: string; headers: Record<string, string> }[];
}

const SEARCHES = [
  '',
  '?location=Lisbon',
  '?location=Berlin',
  '?minPrice=50&maxPrice=300',
  '?sort=price_asc',
  '?page=2',
];
const CARD = { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', name: 'Load Buyer' };

/**
 * One simulated person, behind the proxy at its own address (the server trusts one proxy, as deployed), signed
 * in through the built-in auth server with supabase-js. `reservations` are the demo stays this person may list.
 */
export class Visitor {
  private headers: Record<string, string> = {};
  private userId = '';
  private reservations: DemoReservation[];
  /**
   * This person's own listings: the price they were listed at, their price now, and the session of the account
   * that listed them (signing in again makes a new account).
   */
  private readonly listed: { id: string; listedAt: number; price: number; headers: Record<string, string> }[] = [];

  constructor(
    private readonly world: LoadWorld,
    private readonly index: number,
    reservations: DemoReservation[],
  ) {
    this.reservations = [...reservations];
  }

  private get address() {
    return `10.${(this.index >> 8) & 255}.${this.index & 255}.7`;
  }

  /**
   * Sends one request and records its time and status under `route`; `explains` may show a refusal to be right
   * (it is then recorded as expected, not as an error).
   */
  private async call(
    route: string,
    path: string,
    init: RequestInit = {},
    explains: (status: number) => Promise<boolean> = () => Promise.resolve(false),
  ) {
    const started = performance.now();
    const response = await fetch(this.world.base + path, {
      ...init,
      redirect: 'manual',
      headers: { 'X-Forwarded-For': this.address, ...this.headers, ...(init.headers as Record<string, string>) },
    });
    const json = response.headers.get('content-type')?.startsWith('application/json');
    const body = json ? ((await response.json()) as { data?: Record<string, unknown> }) : (await response.text(), {});
    const ms = performance.now() - started;
    this.world.recorder.record(route, response.status, ms, response.ok ? false : await explains(response.status));
    return { status: response.status, body };
  }

  private post(route: string, path: string, body: unknown, explains?: (status: number) => Promise<boolean>) {
    const init = { method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } };
    return this.call(route, path, init, explains);
  }

  /** Google sign-in through the built-in server's development page, then the PKCE code exchange. */
  async signIn(): Promise<boolean> {
    const forwarded = { 'X-Forwarded-For': this.address };
    const client = createClient(this.world.base, LOCAL_ANON_KEY, {
      auth: { flowType: 'pkce', storage: memoryStorage(), autoRefreshToken: false, detectSessionInUrl: false },
      global: { headers: forwarded },
      realtime: { transport: class {} as never },
    });
    const started = performance.now();
    const { data } = await client.auth.signInWithOAuth({
      provider: 'google',
      options: { redirectTo: `${this.world.base}/profile`, skipBrowserRedirect: true },
    });
    const page = await fetch(data.url!, { headers: forwarded });
    const action = /<form method="post" action="([^"]+)"/.exec(await page.text())?.[1];
    const form = action
      ? await fetch(new URL(action.replaceAll('&amp;', '&'), data.url!), {
          method: 'POST',
          body: new URLSearchParams({ email: `load-${this.index}-${Date.now()}@example.com` }),
          headers: forwarded,
          redirect: 'manual',
        })
      : page;
    const code = new URL(form.headers.get('location') ?? '/', this.world.base).searchParams.get('code');
    const exchanged = code ? await client.auth.exchangeCodeForSession(code) : null;
    const session = exchanged?.data.session;
    this.world.recorder.record(
      'sign-in (authorize, form, token)',
      session ? 200 : form.status,
      performance.now() - started,
    );
    if (!session) return false;
    this.headers = { Authorization: `Bearer ${session.access_token}` };
    this.userId = session.user.id;
    return true;
  }

  async search() {
    const reply = await this.call('GET /api/listings', `/api/listings${SEARCHES[this.pick(SEARCHES.length)]}`);
    const listings = (reply.body.data ?? []) as unknown as { id: string }[];
    for (const { id } of listings) if (!this.world.listingIds.includes(id)) this.world.listingIds.push(id);
  }

  async detail() {
    const id = this.someListing();
    if (id) await this.call('GET /api/listings/:id', `/api/listings/${id}`);
  }

  /** Step 1 of selling: a code to the email on the reservation (the server limits how often). */
  async requestCode(): Promise<DemoReservation | undefined> {
    const stay = this.reservations[0];
    if (!stay) return undefined;
    let changedHands = false;
    const sent = await this.post(
      'POST /api/reservations/verify-combined',
      '/api/reservations/verify-combined',
      { confirmationNumber: stay.confirmationNumber, email: stay.email },
      async (status) => (changedHands = status === 404 && (await this.changedHands(stay))),
    );
    if (sent.status === 409 || changedHands) this.reservations.shift();
    return sent.status === 200 ? stay : undefined;
  }

  /**
   * A demo stay bought during the run is put in its buyer's name at the hotel, which then rightly answers 404 to
   * a code asked for under the old guest's email: the hotel's own list (not timed) tells.
   */
  private async changedHands(stay: DemoReservation) {
    const reply = (await (await fetch(`${this.world.base}/dev/pms.json`)).json()) as { data: DemoReservation[] };
    const now = reply.data.find((current) => current.confirmationNumber === stay.confirmationNumber);
    return now !== undefined && now.email !== stay.email;
  }

  /** The whole selling journey: code, the code read from the development mailbox, and the listing. */
  async sell() {
    const stay = await this.requestCode();
    if (!stay) return;
    const mailbox = await this.call('GET /dev/mailbox.json', '/dev/mailbox.json');
    const messages = (mailbox.body.data ?? []) as unknown as { to: string; text: string }[];
    const code = messages.find((mail) => mail.to === stay.email)?.text.match(/\b(\d{6})\b/)?.[1];
    if (!code) return;
    const verified = await this.post('POST /api/reservations/verify-code', '/api/reservations/verify-code', {
      email: stay.email,
      code,
    });
    if (verified.status !== 200) return;
    const title = `Load room ${this.index}-${Date.now()}`;
    const price = Math.max(2, Math.floor((stay.amountPaid ?? 200) * 0.9));
    const created = await this.post('POST /api/listings', '/api/listings', {
      mewsReservationId: stay.confirmationNumber,
      listingPrice: price,
      title,
      description: 'Listed under load',
    });
    this.reservations.shift();
    const id = created.body.data?.id as string | undefined;
    if (created.status === 201 || created.status === 200) {
      if (id) {
        this.world.created.push({ id, title });
        this.listed.push({ id, listedAt: price, price, headers: { ...this.headers } });
      } else this.world.recorder.record('listing created without an id', 599, 0);
    }
  }

  /**
   * A seller changes the price of one of their listings, 5% down or back up to the price it was listed at (which
   * the hotel's cap allowed): 409 once the stay is held or sold, which is right.
   */
  async editPrice() {
    const mine = this.listed[this.pick(this.listed.length)];
    if (!mine) return;
    const price = mine.price === mine.listedAt ? Math.floor(mine.listedAt * 0.95) : mine.listedAt;
    const edited = await this.call('PUT /api/listings/:id', `/api/listings/${mine.id}`, {
      method: 'PUT',
      body: JSON.stringify({ listingPrice: price }),
      headers: { 'Content-Type': 'application/json', ...mine.headers },
    });
    if (edited.status === 200) mine.price = price;
  }

  /** A hold and the hosted checkout; then one buyer in ten pays with the test card, the others leave. */
  async checkout() {
    const listingId = this.someListing();
    if (!listingId) return;
    const detail = await this.call('GET /api/listings/:id', `/api/listings/${listingId}`);
    const listing = detail.body.data as { price?: number; user_id?: string; status?: string } | undefined;
    if (!listing || listing.user_id === this.userId || listing.status !== 'active') return;
    const created = await this.post(
      'POST /api/payment/create-checkout-session',
      '/api/payment/create-checkout-session',
      {
        listingId,
        amount: listing.price,
        guestFirstName: 'Load',
        guestLastName: 'Buyer',
        successUrl: `${this.world.base}/payment/success?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${this.world.base}/payment/cancel`,
      },
    );
    const sessionId = created.body.data?.sessionId as string | undefined;
    if (created.status !== 200 || !sessionId) return;
    if (this.pick(10) > 0) {
      await this.post('POST /api/payment/cancel', '/api/payment/cancel', { sessionId });
      return;
    }
    const paid = await this.call('POST /test-checkout/:id/pay', `/test-checkout/${sessionId}/pay`, {
      method: 'POST',
      body: new URLSearchParams(CARD),
    });
    if (paid.status === 303) this.world.paid.push({ sessionId, headers: { ...this.headers } });
  }

  /**
   * The provider delivering a paid session's `checkout.session.completed` again (it retries until it sees a 2xx,
   * and may send an event twice): signed as the provider signs, it must change nothing.
   */
  async redeliverWebhook() {
    const sale = this.world.paid[this.pick(this.world.paid.length)];
    if (!sale) return;
    const session = await fetch(`${this.world.base}/v1/checkout/sessions/${sale.sessionId}`, {
      headers: { Authorization: `Bearer ${this.world.stripeSecretKey}` },
    }).then((reply) => reply.json() as Promise<unknown>);
    const payload = JSON.stringify({
      id: `evt_load_${sale.sessionId}`,
      object: 'event',
      type: 'checkout.session.completed',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: { object: session },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: this.world.stripeWebhookSecret });
    await this.call('POST /api/payment/webhook', '/api/payment/webhook', {
      method: 'POST',
      body: payload,
      headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
    });
  }

  private someListing() {
    return this.world.listingIds[this.pick(this.world.listingIds.length)];
  }

  private pick(n: number) {
    return Math.floor(Math.random() * n);
  }
}
