import express, { Router, type Response } from 'express';
import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/schema.ts';
import { html, trustedHtml, type SafeHtml } from '../../http/html.ts';
import { sendHtmlPage } from '../../http/html-page.ts';
import { offersDemoOperatorToken } from '../../http/demo-operator-token.ts';
import { isoDayIn } from '../../time-zones.ts';
import { createConnectedDemoHotel, type ConnectedDemoHotel } from '../demo/demo-hotel-connect.ts';
import type { DemoMewsConnect, DemoMewsNotify } from './demo-mews-webhook.ts';
import { cancelDemoReservation } from './demo-mews-writes.ts';
import { demoReservationWrites, writesCell, type DemoReservationWrites } from './dev-pms-tasks.ts';
import { MAX_DEMO_DELAY_MS, type DemoMewsDelays } from './demo-mews-delays.ts';

/**
 * GET /dev/pms (a page to read) and /dev/pms.json (for scripts and tests): the demo PMS's reservations, so a
 * tester knows which confirmation number and email to try, with the tasks and notes Restay put on each. POST /dev/pms/:number/cancel is the hotel's staff
 * cancelling one: the demo PMS then notifies Restay as Mews does (its General Webhook). POST
 * /dev/pms/connect-hotel is a new hotel connecting Restay in the Mews Marketplace: the demo PMS creates its
 * enterprise and tells Restay as Mews does (its Integration Webhook). Never mounted in production. On a public
 * demo (`publicDemo`, DEMO_MODE) anyone can open the page, and a Cancel withdraws someone's listing or refunds a
 * sale under way: it asks for the demo operator token, as the test dashboard's Refund does. POST
 * /dev/pms/hotels/:enterpriseId/delay `{ delayMs }` (JSON) makes one hotel's system answer that much later (0:
 * promptly again), to show that a slow hotel slows nobody else; on a public demo it too asks for the token.
 */
export function devPmsRouter({
  db,
  publicDemo,
  delays,
  ...hotel
}: {
  db: Kysely<Database>;
  delays: DemoMewsDelays;
  clock: Clock;
  notify: DemoMewsNotify;
  connect: DemoMewsConnect;
  publicDemo?: { operatorToken: string | null };
}): Router {
  const router = Router();

  router.post('/pms/connect-hotel', express.urlencoded({ extended: false, limit: '4kb' }), async (req, res) => {
    const form = connectFormSchema.safeParse(req.body ?? {});
    if (!form.success) {
      sendNotice(res, 400, 'Enter the email of the person connecting the hotel (they become its first admin).');
      return;
    }
    const now = hotel.clock();
    const connected = await createConnectedDemoHotel(db, now, form.data.hotelName);
    const status = await hotel.connect({
      ...connected,
      requestor: { name: form.data.adminName, email: form.data.adminEmail },
      createdUtc: now,
    });
    res.set('Cache-Control', 'no-store');
    sendHtmlPage(res, 200, 'Demo hotel connected', connectedBody(connected, form.data.adminEmail, status), {
      maxWidth: '48rem',
    });
  });

  router.post('/pms/hotels/:enterpriseId/delay', express.json({ limit: '4kb' }), async (req, res) => {
    res.set('Cache-Control', 'no-store');
    if (publicDemo && !offersDemoOperatorToken(req.body, publicDemo.operatorToken)) {
      const error = "On this demo, a hotel's system is slowed only with the demo operator token.";
      res.status(403).json({ success: false, code: 'FORBIDDEN', error });
      return;
    }
    const body = delaySchema.safeParse(req.body ?? {});
    const enterpriseId = z.guid().safeParse(req.params.enterpriseId);
    if (!body.success) {
      const error = `delayMs must be a whole number of milliseconds from 0 to ${MAX_DEMO_DELAY_MS}.`;
      res.status(400).json({ success: false, code: 'VALIDATION_ERROR', error });
      return;
    }
    const known =
      enterpriseId.success &&
      (await db.selectFrom('demo_pms_enterprises').select('id').where('id', '=', enterpriseId.data).executeTakeFirst());
    if (!known) {
      res.status(404).json({ success: false, code: 'NOT_FOUND', error: 'No demo hotel has that enterprise id.' });
      return;
    }
    delays.set(known.id, body.data.delayMs);
    res.json({ success: true, data: { enterpriseId: known.id, delayMs: body.data.delayMs } });
  });

  router.get('/pms.json', async (_req, res) => {
    const rows = await listDemoReservations(db);
    const writes = await demoReservationWrites(db);
    const data = rows.map((row) => ({ ...toDto(row), ...(writes.get(row.id) ?? { tasks: [], notes: [] }) }));
    res.set('Cache-Control', 'no-store').json({ success: true, data });
  });

  router.get('/pms', async (_req, res) => {
    const rows = await listDemoReservations(db);
    res.set('Cache-Control', 'no-store');
    const body = reservationsBody(rows, await demoReservationWrites(db), publicDemo !== undefined);
    sendHtmlPage(res, 200, 'Demo PMS', body, { maxWidth: '76rem', style: RESERVATIONS_STYLE });
  });

  const cancelForm = express.urlencoded({ extended: false, limit: '4kb' });
  router.post('/pms/:number/cancel', cancelForm, async (req, res) => {
    if (publicDemo && !offersDemoOperatorToken(req.body, publicDemo.operatorToken)) {
      sendNotice(res, 403, 'On this demo, a reservation is cancelled only with the demo operator token.');
      return;
    }
    const outcome = await cancelDemoReservation(db, req.params.number, hotel.clock());
    if (outcome === 'not_found') {
      sendNotice(res, 404, 'No demo reservation has that confirmation number.');
      return;
    }
    if (outcome === 'not_cancellable') {
      sendNotice(res, 409, 'Only a confirmed reservation can be cancelled.');
      return;
    }
    // Sent before answering, so the page the tester returns to already reflects it (Mews sends it minutes later).
    await hotel.notify({ enterpriseId: outcome.enterpriseId, reservationId: outcome.id });
    res.redirect(303, '/dev/pms');
  });

  return router;
}

type DemoReservationRow = Awaited<ReturnType<typeof listDemoReservations>>[number];

function listDemoReservations(db: Kysely<Database>) {
  return (
    db
      .selectFrom('demo_pms_reservations as r')
      .innerJoin('demo_pms_enterprises as e', 'e.id', 'r.enterprise_id')
      .innerJoin('demo_pms_customers as c', 'c.id', 'r.customer_id')
      .select([
        'r.id',
        'r.number',
        'c.email',
        'c.has_ota_email',
        'e.name as hotel_name',
        'e.city',
        'e.time_zone',
        'e.currency',
        'r.scheduled_start_utc',
        'r.scheduled_end_utc',
        'r.state',
        // What the guest paid, counted as the Mews adapter counts it: every order item not Canceled.
        sql<number | string | null>`(SELECT sum(i.gross_cents) FROM demo_pms_order_items i
        WHERE i.reservation_id = r.id AND i.accounting_state <> 'Canceled')`.as('paid_cents'),
        // Already in the marketplace (the demo listings' own reservations, or one a tester imported).
        sql<boolean>`EXISTS (SELECT 1 FROM reservations m WHERE m.external_id = r.id::text)`.as('imported'),
        // What Restay posted to the reservation's bill (orders/add, payments/addExternal): the name-change fee.
        sql<string | null>`(SELECT string_agg(o.item_name || ' ' || o.gross_value || ' ' || o.currency, '; ')
        FROM demo_pms_orders o WHERE o.linked_reservation_id = r.id)`.as('bill_items'),
        sql<string | null>`(SELECT string_agg(p.type || ' ' || p.gross_value || ' ' || p.currency
        || ' (' || coalesce(p.external_identifier, '') || ')', '; ')
        FROM demo_pms_external_payments p WHERE p.reservation_id = r.id)`.as('bill_payments'),
      ])
      // The reservations a tester can still list come first.
      .orderBy('imported')
      .orderBy('r.scheduled_start_utc')
      .orderBy('r.number')
      .execute()
  );
}

function toDto(row: DemoReservationRow) {
  return {
    confirmationNumber: row.number,
    email: row.email,
    hotelName: row.hotel_name,
    city: row.city,
    startUtc: new Date(row.scheduled_start_utc).toISOString(),
    endUtc: new Date(row.scheduled_end_utc).toISOString(),
    state: row.state,
    // The database keeps cents; the wire speaks major units.
    amountPaid: row.paid_cents === null ? null : Number(row.paid_cents) / 100,
    currency: row.currency,
    /** Restay's postings to the bill: the fee's item and the external payment, as the hotel's system holds them. */
    billItems: row.bill_items,
    billPayments: row.bill_payments,
  };
}

/** A day as the hotel's calendar shows it, inside a <time> carrying the exact instant. */
function hotelDate(instant: Date | string, timeZone: string): SafeHtml {
  const date = new Date(instant);
  const day = isoDayIn(date, timeZone);
  return html`<time datetime="${date.toISOString()}">${day}</time>`;
}

function formatMoney(amount: number | null, currency: string): string {
  if (amount === null) return 'unknown';
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount);
}

const delaySchema = z.object({ delayMs: z.int().min(0).max(MAX_DEMO_DELAY_MS) });

const connectFormSchema = z.object({
  hotelName: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.string().trim().max(100).default('Hotel Ribeira'),
  ),
  adminName: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.string().trim().max(100).default('Hotel admin'),
  ),
  adminEmail: z.string().trim().toLowerCase().pipe(z.email()).pipe(z.string().max(254)),
});

/** What a tester reads after connecting a demo hotel: where the admin's email is, and what to import. */
function connectedBody(hotel: ConnectedDemoHotel, adminEmail: string, status: number | null): SafeHtml {
  const answer =
    status === null ? 'Restay could not be reached' : status < 300 ? 'Restay accepted it' : `Restay answered ${status}`;
  const stays = hotel.stays.map(
    (stay) =>
      html`<li><code>${stay.number}</code>, guest <code>${stay.email}</code>, ${
        stay.channel === 'ota' ? 'booked through an online travel agency' : 'booked directly with the hotel'
      }</li>`,
  );
  return html`<p><strong>${hotel.name}</strong> connected Restay in the demo hotel system, which sent Restay the
integration event Mews sends (<code>IntegrationCreated</code>): ${answer}.</p>
<p>The email "Set up resale for ${hotel.name} on Restay" is on its way to <code>${adminEmail}</code>: open it in
<a href="/dev/mailbox">the mailbox</a> and sign in with that address to become the hotel's admin. Resale starts off
until the admin publishes a policy.</p>
<h2>Its reservations</h2>
<ul>${stays}</ul>
<p><a href="/dev/pms">Back to the reservations</a></p>`;
}

/** Why a Cancel did nothing, for the tester who pressed it, with the way back. */
function sendNotice(res: Response, status: number, message: string) {
  sendHtmlPage(res, status, 'Demo PMS', html`<p>${message}</p><p><a href="/dev/pms">Back to the reservations</a></p>`);
}

/** A plain form button: reachable with Tab, pressed with Enter or Space, named with its reservation for screen readers. */
function cancelButton(confirmationNumber: string, askOperatorToken: boolean): SafeHtml {
  const tokenField =
    askOperatorToken &&
    html`<label style="display:block;font-size:.8rem">Demo operator token
<input type="password" name="operator_token" autocomplete="off"></label>`;
  return html`<form method="post" action="/dev/pms/${encodeURIComponent(confirmationNumber)}/cancel">${tokenField}
<button type="submit" aria-label="Cancel reservation ${confirmationNumber}">Cancel</button></form>`;
}

/** A hotel joining by itself, as from the Mews Marketplace: the tester names the person who connects it. */
const CONNECT_FORM = html`<section aria-labelledby="connect-heading" class="connect">
<h2 id="connect-heading">Connect a demo hotel</h2>
<p>Plays a hotel clicking "Connect" on Restay in the Mews Marketplace: a new hotel with rooms, rates and reservations
(some direct, some through an online travel agency) joins, and its admin is emailed the set-up link.</p>
<form method="post" action="/dev/pms/connect-hotel">
<label>Hotel name <input name="hotelName" placeholder="Hotel Ribeira" maxlength="100"></label>
<label>Admin name <input name="adminName" autocomplete="name" maxlength="100"></label>
<label>Admin email <input name="adminEmail" type="email" autocomplete="email" required maxlength="254"></label>
<button type="submit" class="connect-button">Connect a demo hotel</button>
</form></section>`;

// The caption is as wide as the table, which scrolls sideways on a phone: its text is held at the visible left edge
// and wraps at the screen's width, so it is read whole wherever the table is scrolled. On a 1280-pixel screen the
// table fits without scrolling: a slightly smaller type, and a long guest email or hotel name wraps.
const RESERVATIONS_STYLE =
  trustedHtml(`.scroll{overflow-x:auto}table{border-collapse:collapse;width:100%;font-size:.9rem}
td.wrap{overflow-wrap:anywhere}
caption{text-align:left;color:#475569;padding:.5rem 0}
caption span{display:inline-block;position:sticky;left:0;max-width:calc(100vw - 2rem)}
th,td{border-bottom:1px solid #cbd5e1;padding:.4rem;text-align:left;vertical-align:top}thead th{background:#f1f5f9}
.num{text-align:right;white-space:nowrap}code{font-size:.9rem}small{color:#475569}form{margin:0}
button{font:inherit;padding:.25rem .75rem;border:1px solid #b91c1c;border-radius:.25rem;background:#fff;color:#b91c1c;cursor:pointer}
button:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
.connect{border:1px solid #cbd5e1;border-radius:.5rem;padding:0 1rem 1rem;margin-bottom:1.5rem}
.connect form{display:flex;flex-wrap:wrap;gap:.75rem;align-items:flex-end}.connect label{display:flex;flex-direction:column;gap:.25rem}
.connect input{font:inherit;padding:.25rem .5rem;border:1px solid #64748b;border-radius:.25rem}
.connect-button{border-color:#1d4ed8;color:#1d4ed8}`);

function reservationsBody(
  rows: DemoReservationRow[],
  writes: Map<string, DemoReservationWrites>,
  askOperatorToken: boolean,
): SafeHtml {
  const body = rows.map((row) => {
    const dto = toDto(row);
    const email = dto.email
      ? html`${dto.email}${row.has_ota_email && html` <small>(booking site relay)</small>`}`
      : '—';
    return html`<tr>
  <th scope="row"><code>${dto.confirmationNumber}</code></th>
  <td class="wrap">${email}</td>
  <td class="wrap">${dto.hotelName}</td>
  <td>${dto.city}</td>
  <td>${hotelDate(row.scheduled_start_utc, row.time_zone)}</td>
  <td>${hotelDate(row.scheduled_end_utc, row.time_zone)}</td>
  <td>${dto.state}</td>
  <td class="num">${formatMoney(dto.amountPaid, dto.currency)}</td>
  <td>${row.imported ? 'Yes' : 'No'}</td>
  <td class="wrap">${writesCell(writes.get(row.id))}</td>
  <td class="wrap">${dto.billItems ? html`${dto.billItems}<br><small>${dto.billPayments ?? ''}</small>` : '—'}</td>
  <td>${row.state === 'Confirmed' && cancelButton(dto.confirmationNumber, askOperatorToken)}</td>
</tr>
`;
  });
  return html`${CONNECT_FORM}<p>The hotel reservations of the demo hotel system, which stands in for Mews when no MEWS_ variables are set.
To list one, sign in with the guest's email and enter its confirmation number on <a href="/list-my-reservation">List Your Stay</a>. Reservations
already imported into Restay (the demo listings among them) come last. Cancel plays the hotel cancelling a
reservation: Restay is notified as Mews notifies it, withdraws a listing of it and refunds a sale under way.</p>
<div class="scroll" tabindex="0" role="region" aria-label="Demo reservations"><table>
<caption><span>${rows.length} reservations; dates in each hotel's own time zone; price paid in the hotel's currency.</span></caption>
<thead><tr><th scope="col">Confirmation number</th><th scope="col">Guest email</th><th scope="col">Hotel</th>
<th scope="col">City</th><th scope="col">Check-in</th><th scope="col">Check-out</th><th scope="col">State</th>
<th scope="col" class="num">Price paid</th><th scope="col">Imported</th><th scope="col">Tasks and notes from Restay</th>
<th scope="col" class="num">Price paid</th><th scope="col">Imported</th><th scope="col">Posted by Restay</th>
<th scope="col">Hotel action</th></tr></thead>
<tbody>
${body.length > 0 ? body : html`<tr><td colspan="11">No reservations. Run npm run db:seed to create them.</td></tr>`}
</tbody></table></div>`;
}
