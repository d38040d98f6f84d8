import { withinTransaction, type Executor } from '../../db/transaction.ts';
import { accountJson } from './connect-wire.ts';
import { recordStandinEvent } from './events.ts';
import { chargeIdOf, newId, StripeWireError } from './wire.ts';
import { convertMinor, STANDIN_RATES_PER_EUR } from './balance.ts';

/** Stripe's account links expire after a few minutes and work once. */
const LINK_LIFETIME_MS = 5 * 60_000;

const refusal = (message: string, code?: string) =>
  new StripeWireError(400, { type: 'invalid_request_error', message, ...(code ? { code } : {}) });

/**
 * Connected accounts, onboarding links, transfers and reversals of the built-in checkout server. Every change
 * that money or readiness depends on is one transaction with a lock on the row it decides from, so concurrent
 * requests cannot transfer more than a charge holds or reverse a transfer twice.
 */
export function connectStore(db: Executor, settlementCurrency: string) {
  const findAccount = (id: string) =>
    db.selectFrom('stripe_standin_accounts').selectAll().where('id', '=', id).executeTakeFirst();

  return {
    findAccount,

    createAccount(values: { email: string | null; metadata: Record<string, string>; now: Date }) {
      return db
        .insertInto('stripe_standin_accounts')
        .values({
          id: newId('acct_', 16),
          email: values.email,
          metadata: JSON.stringify(values.metadata),
          created_at: values.now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    createLink(values: { account: string; refreshUrl: string; returnUrl: string; now: Date }) {
      return db
        .insertInto('stripe_standin_account_links')
        .values({
          id: newId('acctlink_'),
          account: values.account,
          refresh_url: values.refreshUrl,
          return_url: values.returnUrl,
          created_at: values.now,
          expires_at: new Date(values.now.getTime() + LINK_LIFETIME_MS),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    findLink: (id: string) =>
      db.selectFrom('stripe_standin_account_links').selectAll().where('id', '=', id).executeTakeFirst(),

    /**
     * The seller submitted the onboarding form: the link is spent, the account can receive transfers, and an
     * `account.updated` event reports it. Nothing, when the link was already used or has expired.
     */
    async completeOnboarding(linkId: string, businessName: string, now: Date) {
      return withinTransaction(db, async (trx) => {
        const link = await trx
          .updateTable('stripe_standin_account_links')
          .set({ used_at: now })
          .where('id', '=', linkId)
          .where('used_at', 'is', null)
          .where('expires_at', '>', now)
          .returningAll()
          .executeTakeFirst();
        if (!link) return undefined;
        const account = await trx
          .updateTable('stripe_standin_accounts')
          .set({ business_name: businessName, details_submitted: true, transfers_active: true })
          .where('id', '=', link.account)
          .returningAll()
          .executeTakeFirstOrThrow();
        const eventId = await recordStandinEvent(trx, {
          type: 'account.updated',
          object: accountJson(account),
          now,
          requestId: null,
          account: account.id,
        });
        return { link, eventId };
      });
    },

    /**
     * A transfer from a paid charge to a ready account, refused as Stripe refuses it: a destination without the
     * transfers capability, an unknown charge, a currency other than the one the charge was booked in (the
     * settlement currency), or more than is left of the charge, as booked, after its refund and earlier transfers.
     */
    async createTransfer(values: {
      amount: number;
      currency: string;
      destination: string;
      sourceTransaction: string;
      transferGroup: string | null;
      metadata: Record<string, string>;
      now: Date;
    }) {
      return withinTransaction(db, async (trx) => {
        const account = await trx
          .selectFrom('stripe_standin_accounts')
          .selectAll()
          .where('id', '=', values.destination)
          .executeTakeFirst();
        if (!account) throw refusal(`No such destination: '${values.destination}'`, 'resource_missing');
        if (!account.transfers_active) {
          throw refusal(
            'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
            'insufficient_capabilities_for_transfer',
          );
        }
        const paymentIntent = values.sourceTransaction.replace(/^ch_/, 'pi_');
        const charge = await trx
          .selectFrom('stripe_standin_sessions')
          .selectAll()
          .where('payment_intent', '=', paymentIntent)
          .where('payment_status', '=', 'paid')
          .forUpdate()
          .executeTakeFirst();
        if (!charge || chargeIdOf(paymentIntent) !== values.sourceTransaction) {
          throw refusal(`No such charge: '${values.sourceTransaction}'`, 'resource_missing');
        }
        if (values.currency !== settlementCurrency) {
          throw new StripeWireError(400, {
            type: 'invalid_request_error',
            param: 'currency',
            message: `The currency of source_transaction's balance transaction (${settlementCurrency}) must be the same as the transfer currency (${values.currency}).`,
          });
        }
        const refunded = await trx
          .selectFrom('stripe_standin_refunds')
          .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('total'))
          .where('payment_intent', '=', paymentIntent)
          .executeTakeFirstOrThrow();
        const transferred = await trx
          .selectFrom('stripe_standin_transfers')
          .select((eb) =>
            eb.fn.coalesce(eb.fn.sum<number>(eb('amount', '-', eb.ref('amount_reversed'))), eb.lit(0)).as('total'),
          )
          .where('source_transaction', '=', values.sourceTransaction)
          .executeTakeFirstOrThrow();
        const booked = (amount: number) =>
          convertMinor(amount, charge.currency, settlementCurrency, STANDIN_RATES_PER_EUR);
        const left = booked(charge.amount_total) - booked(Number(refunded.total)) - Number(transferred.total);
        if (values.amount > left) {
          throw refusal(
            'Insufficient funds in Stripe account. The transfer amount is greater than what is left of the source transaction.',
            'balance_insufficient',
          );
        }
        return trx
          .insertInto('stripe_standin_transfers')
          .values({
            id: newId('tr_'),
            amount: values.amount,
            currency: values.currency,
            destination: values.destination,
            source_transaction: values.sourceTransaction,
            transfer_group: values.transferGroup,
            metadata: JSON.stringify(values.metadata),
            created_at: values.now,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
      });
    },

    findTransfer: (id: string) =>
      db.selectFrom('stripe_standin_transfers').selectAll().where('id', '=', id).executeTakeFirst(),

    reversalsOf: (transferId: string) =>
      db
        .selectFrom('stripe_standin_transfer_reversals')
        .selectAll()
        .where('transfer', '=', transferId)
        .orderBy('created_at', 'desc')
        .execute(),

    /** Transfers of a transfer group, newest first. */
    listTransfers: (transferGroup: string) =>
      db
        .selectFrom('stripe_standin_transfers')
        .selectAll()
        .where('transfer_group', '=', transferGroup)
        .orderBy('created_at', 'desc')
        .execute(),

    /** Reverses what is left of a transfer; refused once nothing is left. */
    async reverseTransfer(transferId: string, metadata: Record<string, string>, now: Date) {
      return withinTransaction(db, async (trx) => {
        const transfer = await trx
          .selectFrom('stripe_standin_transfers')
          .selectAll()
          .where('id', '=', transferId)
          .forUpdate()
          .executeTakeFirst();
        if (!transfer) throw refusal(`No such transfer: '${transferId}'`, 'resource_missing');
        const amount = transfer.amount - transfer.amount_reversed;
        if (amount <= 0) throw refusal(`Transfer ${transferId} has already been fully reversed.`);
        await trx
          .updateTable('stripe_standin_transfers')
          .set({ amount_reversed: transfer.amount })
          .where('id', '=', transferId)
          .execute();
        return trx
          .insertInto('stripe_standin_transfer_reversals')
          .values({
            id: newId('trr_'),
            transfer: transferId,
            amount,
            currency: transfer.currency,
            metadata: JSON.stringify(metadata),
            created_at: now,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
      });
    },
  };
}

export type ConnectStore = ReturnType<typeof connectStore>;
