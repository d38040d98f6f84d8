import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { postToLedger } from './post.ts';
import { throughProvider } from './through-provider.ts';

/**
 * The ledger transactions of a hotel's name-change fee once the sale settled it into the hotel's payable
 * (postSettlement): its transfer to the hotel's account, and that transfer taken back after a refund.
 */
interface HotelFeeMovement {
  /** The provider's transfer or reversal id. */
  reference: string;
  orderId: string;
  hotelId: string;
  /** What it settles of the hotel's payable, in the sale's currency. */
  saleCurrency: string;
  feeCents: number;
  /** What the provider moved, in the transfer's currency (the settlement currency). */
  currency: string;
  amountCents: number;
  now: Date;
}

/** The fee left the platform's balance for the hotel's account: the hotel is owed nothing more for the order. */
export function postHotelPayout(trx: Transaction<Database>, payout: HotelFeeMovement) {
  return postHotelFeeMovement(trx, 'hotel_payout', payout, 1);
}

/** The fee came back from the hotel's account: the hotel owes it (until the refund's undoing clears it). */
export function postHotelReversal(trx: Transaction<Database>, reversal: HotelFeeMovement) {
  return postHotelFeeMovement(trx, 'hotel_reversal', reversal, -1);
}

function postHotelFeeMovement(
  trx: Transaction<Database>,
  kind: 'hotel_payout' | 'hotel_reversal',
  movement: HotelFeeMovement,
  sign: 1 | -1,
) {
  const saleCurrency = movement.saleCurrency.toUpperCase();
  return postToLedger(trx, {
    kind,
    reference: movement.reference,
    orderId: movement.orderId,
    currency: saleCurrency,
    entries: throughProvider(
      {
        account: 'hotel_payable',
        hotelId: movement.hotelId,
        amountCents: sign * movement.feeCents,
        currency: saleCurrency,
      },
      { amountCents: -sign * movement.amountCents, currency: movement.currency.toUpperCase() },
    ),
    now: movement.now,
  });
}
