import { refundMessage } from '../../contract/order-state.ts';
import { emailJob, orderEmailJob } from '../orders/order-email-job.ts';
import { TRANSFER_ATTEMPTS, TRANSFER_BACKOFF_MS } from '../orders/transfer-retries.ts';
import type { JobRegistry } from '../jobs/registry.ts';
import type { MailMessage } from '../mail/mailer.ts';
import type { BuyingDeps } from '../payments/deps.ts';
import { buyerInYourName, sellerLeftYourName, sellerListingWithdrawn, sellerSaleRefunded } from './emails.ts';
import { confirmTransfer } from './confirm-transfer.ts';
import { applyHotelChange, loadWithdrawalFacts } from './hotel-changes.ts';
import { SALE_JOBS } from '../orders/sale-jobs.ts';
import { registerHotelAdminsEmailJobs } from './hotel-admins-email.ts';
import { HANDOVER_JOBS } from './jobs.ts';
import { learnReservations } from './learn-reservations.ts';
import { addTransferNote } from './transfer-note.ts';
import { transferReservation } from './transfer-reservation.ts';
import { reverseHandover } from './reverse-handover.ts';
import { buyerStayKept, buyerStayReturned, sellerStayKept, sellerStayReturned } from './reverse-handover-emails.ts';

/** A hotel's change is re-read for about an hour of outages (30 s doubling) before the job is failed and logged. */
const HOTEL_CHANGE_ATTEMPTS = 8;
const HOTEL_CHANGE_BACKOFF_MS = 30_000;

/**
 * An unknown transfer is read again from a minute after it was parked, each wait doubling up to 6 hours, until
 * check-in (the handler stops there); the attempts are enough for a stay booked well over a year ahead.
 */
const CONFIRM_TRANSFER_POLICY = { maxAttempts: 2_000, backoffMs: 60_000, maxBackoffMs: 6 * 60 * 60_000 };

/** The reverse handover waits its own back-off, capped at check-in (reverse-handover.ts); these attempts outlast it. */
const REVERSE_HANDOVER_ATTEMPTS = 2_000;

/**
 * The handover's job kinds: the transfer at the hotel, the emails that follow it (the hotel's admins' too), and the
 * hotel's own changes.
 */
export function registerHandoverJobs(registry: JobRegistry, deps: BuyingDeps): JobRegistry {
  const email = (build: (facts: HandoverFacts) => MailMessage | null) =>
    orderEmailJob(deps, (orderId) => loadFacts(deps, orderId), build);
  const facts = (f: HandoverFacts) => ({ hotel: f.hotel, publicUrl: deps.publicUrl });
  return registerHotelAdminsEmailJobs(registry, deps)
    .register(SALE_JOBS.transfer, {
      maxAttempts: TRANSFER_ATTEMPTS,
      backoffMs: TRANSFER_BACKOFF_MS,
      run: ({ orderId }, attempt) => transferReservation(deps, orderId, attempt),
    })
    .register(SALE_JOBS.reverseHandover, {
      maxAttempts: REVERSE_HANDOVER_ATTEMPTS,
      run: ({ orderId }, attempt) => reverseHandover(deps, orderId, attempt),
    })
    .register(HANDOVER_JOBS.confirmTransfer, {
      ...CONFIRM_TRANSFER_POLICY,
      run: ({ orderId }, { lease }) => confirmTransfer(deps, orderId, lease),
    })
    .register(HANDOVER_JOBS.hotelChange, {
      maxAttempts: HOTEL_CHANGE_ATTEMPTS,
      backoffMs: HOTEL_CHANGE_BACKOFF_MS,
      run: ({ reservationId }) => applyHotelChange(deps, reservationId),
    })
    .register(HANDOVER_JOBS.transferNote, {
      maxAttempts: 10,
      backoffMs: 60_000,
      maxBackoffMs: 3_600_000,
      run: ({ orderId }) => addTransferNote(deps, orderId),
    })
    .register(HANDOVER_JOBS.learnReservations, {
      maxAttempts: HOTEL_CHANGE_ATTEMPTS,
      backoffMs: HOTEL_CHANGE_BACKOFF_MS,
      run: (job) => learnReservations(deps, job),
    })
    .register(
      HANDOVER_JOBS.sellerListingWithdrawn,
      emailJob(
        deps,
        ({ listingId }: { listingId: string }) => loadWithdrawalFacts(deps, listingId),
        (f) => (f.to && f.message ? sellerListingWithdrawn(f.to, { ...f, message: f.message }) : null),
      ),
    )
    .register(
      HANDOVER_JOBS.buyerInYourName,
      email((f) => (f.buyerEmail && f.handover ? buyerInYourName(f.buyerEmail, f.handover, deps.publicUrl) : null)),
    )
    .register(
      HANDOVER_JOBS.sellerLeftYourName,
      email((f) =>
        f.sellerEmail && f.handover ? sellerLeftYourName(f.sellerEmail, f.handover, deps.publicUrl) : null,
      ),
    )
    .register(
      HANDOVER_JOBS.sellerStayReturned,
      email((f) => (f.sellerEmail ? sellerStayReturned(f.sellerEmail, facts(f)) : null)),
    )
    .register(
      HANDOVER_JOBS.buyerStayReturned,
      email((f) => (f.buyerEmail ? buyerStayReturned(f.buyerEmail, facts(f)) : null)),
    )
    .register(
      HANDOVER_JOBS.sellerStayKept,
      email((f) => (f.sellerEmail ? sellerStayKept(f.sellerEmail, facts(f)) : null)),
    )
    .register(
      HANDOVER_JOBS.buyerStayKept,
      email((f) => (f.buyerEmail ? buyerStayKept(f.buyerEmail, facts(f)) : null)),
    )
    .register(
      SALE_JOBS.sellerSaleRefunded,
      email((f) =>
        f.sellerEmail
          ? sellerSaleRefunded(f.sellerEmail, { hotel: f.hotel, reason: f.refundMessage, publicUrl: deps.publicUrl })
          : null,
      ),
    );
}

type HandoverFacts = Awaited<ReturnType<typeof loadFacts>>;

async function loadFacts(deps: Pick<BuyingDeps, 'db'>, orderId: string) {
  const row = await deps.db
    .selectFrom('orders')
    .innerJoin('listings', 'listings.id', 'orders.listing_id')
    .innerJoin('profiles as buyer', 'buyer.id', 'orders.buyer_id')
    .innerJoin('profiles as seller', 'seller.id', 'orders.seller_id')
    .select([
      'orders.handover',
      'orders.refund_reason',
      'orders.refund_note',
      'orders.buyer_email',
      'buyer.email as buyer_profile_email',
      'seller.email as seller_email',
      'listings.hotel_name',
      'listings.title',
    ])
    .where('orders.id', '=', orderId)
    .executeTakeFirstOrThrow();
  return {
    handover: row.handover,
    buyerEmail: row.buyer_email ?? row.buyer_profile_email,
    sellerEmail: row.seller_email,
    hotel: row.hotel_name ?? row.title,
    refundMessage: row.refund_reason ? refundMessage(row.refund_reason, row.refund_note, 'seller') : '',
  };
}
