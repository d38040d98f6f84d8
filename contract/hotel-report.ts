import { z } from 'zod';

/**
 * The hotel console's Report (issue 50): a month's figures and the twelve months up to it. Months are calendar
 * months in the hotel's time zone. What each figure counts:
 * - `listed`: listings of the hotel's stays created in the month;
 * - `approved` / `rejected`: the hotel's staff's decisions taken in the month; `timedOut`: the deadline job's;
 * - `medianDecisionMinutes`: the median, over the staff's decisions in the month on a listing's first ask, of the
 *   minutes from the listing's creation to that decision (null without one);
 * - `sales`: orders paid in the month; `transfers`: sales put in the buyer's name in the month; `transfersFailed`:
 *   sales whose transfer failed in the month; `refunds`: sales refunded in the month;
 * - `roomNights`: the nights of the stays transferred in the month.
 * Money, per currency and read from the ledger only (so it agrees with `npm run ledger:check`), in hundredths:
 * - `paidCents`: what buyers paid in the month (price and fee); `refundedCents`: what was refunded to them;
 * - `changedHandsCents`: the sale prices of the stays transferred in the month (their settlement) and never
 *   refunded since: stays that changed hands instead of being cancelled or left empty;
 * - `feesEarnedCents`: the name-change fees the hotel earned in the month (settled with the transfer), less those
 *   taken back by a refund in the month; `feesPaidOutCents`: what was transferred to the hotel's account in the
 *   month, less what was reversed from it.
 */
export const reportMonthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a month as YYYY-MM');

/** GET /api/hotels/:hotelId/report?month=YYYY-MM (default: the current month at the hotel). */
export const hotelReportQuerySchema = z.object({ month: reportMonthSchema.optional() });
export type HotelReportQuery = z.infer<typeof hotelReportQuerySchema>;

export const reportMoneySchema = z.object({
  currency: z.string().length(3),
  paidCents: z.number().int(),
  refundedCents: z.number().int(),
  changedHandsCents: z.number().int(),
  feesEarnedCents: z.number().int(),
  feesPaidOutCents: z.number().int(),
});
export type ReportMoney = z.infer<typeof reportMoneySchema>;

export const reportMonthFiguresSchema = z.object({
  month: reportMonthSchema,
  listed: z.number().int(),
  approved: z.number().int(),
  rejected: z.number().int(),
  timedOut: z.number().int(),
  medianDecisionMinutes: z.number().nullable(),
  sales: z.number().int(),
  transfers: z.number().int(),
  transfersFailed: z.number().int(),
  refunds: z.number().int(),
  roomNights: z.number().int(),
  /** One entry per currency that moved in the month, by currency code. */
  money: z.array(reportMoneySchema),
});
export type ReportMonthFigures = z.infer<typeof reportMonthFiguresSchema>;

export const hotelReportReplySchema = z.object({
  /** The month asked for (its figures are also the series' last). */
  month: reportMonthFiguresSchema,
  /** The twelve months ending with `month`, oldest first. */
  series: z.array(reportMonthFiguresSchema).length(12),
  timeZone: z.string(),
});
export type HotelReportReply = z.infer<typeof hotelReportReplySchema>;

/** The CSV of the month's transfers (GET /api/hotels/:hotelId/report/transfers.csv), in this column order. */
export const TRANSFERS_CSV_COLUMNS = [
  'order_id',
  'confirmation_number',
  'check_in',
  'check_out',
  'nights',
  'room_type',
  'guest_name',
  'sale_price',
  'name_change_fee',
  'fee_paid_out',
  'currency',
  'transferred_at',
] as const;
