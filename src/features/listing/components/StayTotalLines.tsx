import type { DeskCharges, StayTotal } from '../../../../contract/hotel-fee.ts';
import { hotelFeeLine } from '../../../../contract/stay-charge.ts';
import { formatMajorUnits } from '../../../../contract/money-format.ts';

/**
 * The hotel's name-change fee as its own line ("Name-change fee, paid to <hotel>"), shown where the price is
 * broken down, before the all-in total the buyer pays. Nothing when the hotel charges none.
 */
export function HotelFeeLine({ total, className }: { total: StayTotal; className: string }) {
  if (total.hotelFee <= 0) return null;
  return (
    <div className={className}>
      <dt>{hotelFeeLine(total.hotelName)}</dt>
      <dd className="text-right">{formatMajorUnits(total.hotelFee, total.currency)}</dd>
    </div>
  );
}

/** What the hotel still charges at its desk, in the hotel's own terms; nothing when the hotel said nothing. */
export function DeskChargesNote({ total }: { total: StayTotal }) {
  const lines = deskLines(total.desk, total.currency);
  if (!lines.length) return null;
  return (
    <div className="mt-3 text-sm text-slate-600">
      <p className="font-medium text-slate-700">{`Still charged by ${total.hotelName} at the desk`}</p>
      <ul className="mt-1 list-disc space-y-0.5 pl-5">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </div>
  );
}

function deskLines(desk: DeskCharges, currency: string): string[] {
  const said =
    desk.cityTax.kind !== 'none' || desk.depositCents > 0 || desk.breakfastIncluded || desk.cancellationTerms !== '';
  if (!said) return [];
  const amount = (cents: number) => formatMajorUnits(cents / 100, currency);
  const tax =
    desk.cityTax.kind === 'per_person_night'
      ? [`City tax: ${amount(desk.cityTax.amountCents)} per person per night`]
      : desk.cityTax.kind === 'percent'
        ? [`City tax: ${desk.cityTax.percent}% of the room price`]
        : [];
  return [
    ...tax,
    ...(desk.depositCents > 0 ? [`Deposit: ${amount(desk.depositCents)}, held by the hotel`] : []),
    desk.breakfastIncluded ? 'Breakfast is included in the rate' : 'Breakfast is not included in the rate',
    ...(desk.cancellationTerms ? [`Cancellation, as the hotel states it: ${desk.cancellationTerms}`] : []),
  ];
}
