/*
 * The ledger's vocabulary sits below the schema, which types its columns with it; server/ledger/ posts with it.
 */

/**
 * The ledger's accounts, each a balance in one currency (positive: the platform holds or is owed it; negative:
 * the platform owes it or earned it):
 * - `provider_balance`: the money in the platform's balance at the payment provider;
 * - `buyer_funds`: what buyers paid for sales not yet settled, owed back to them until the stay is theirs;
 * - `platform_fees`: what the platform earned;
 * - `seller_payable`: what a seller is owed (negative) or owes back (positive), one balance per seller;
 * - `provider_fees`: what the payment provider took as its fee on each charge (positive: the platform paid it);
 * - `exchange`: both sides of each currency conversion the provider made (a sale's currency in, the settlement
 *   currency out), so every transaction balances in each currency it touches (ADR 0043);
 * - `collected_debts`: what sellers and hotels paid back of their debts, outside the provider's balance (positive:
 *   received);
 * - `written_off_debts`: sellers' and hotels' debts the platform gave up on (positive: the platform's loss) (ADR
 *   0046);
 * - `platform_losses`: refunds of stays the buyer kept, since the hotel would not name the seller again (positive:
 *   the platform's loss; ADR 0075);
 * - `hotel_payable`: what a hotel is owed of the name-change fees (negative) or owes back, one balance per hotel
 *   (ADR 0090).
 * Refunds and payouts are money leaving the provider balance, so each is a transaction kind, not an account.
 */
export type LedgerAccount =
  | 'provider_balance'
  | 'buyer_funds'
  | 'platform_fees'
  | 'seller_payable'
  | 'provider_fees'
  | 'exchange'
  | 'collected_debts'
  | 'written_off_debts'
  | 'platform_losses'
  | 'hotel_payable';

/**
 * The money events, one ledger transaction each. `conversion`: the provider settled a charge into the platform's
 * currency; `provider_fee`: the provider's fee on a charge; `seller_debt`: a refused reversal leaves the seller
 * owing what the transfer sent, kept from then on in its currency; `debt_collected` / `debt_written_off`: an
 * operator recorded how that debt, or a hotel's (its fee's refused reversal, migration 0190), ended.
 */
export type LedgerKind =
  | 'payment'
  | 'refund'
  | 'settlement'
  | 'unsettlement'
  | 'payout'
  | 'reversal'
  | 'conversion'
  | 'provider_fee'
  | 'seller_debt'
  | 'debt_collected'
  | 'debt_written_off'
  /** A partial refund taken off the seller's share when an operator releases its held payout (migration 0150). */
  | 'share_refunded'
  /** A refund of a stay the buyer kept, borne by the platform instead of the seller (migration 0151). */
  | 'platform_loss'
  /** A hotel's name-change fee transferred to its account, and that transfer taken back (migration 0181). */
  | 'hotel_payout'
  | 'hotel_reversal';
