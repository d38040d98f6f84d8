import { floorToPriceUnit } from '../../contract/currencies.ts';
import { formatMajorUnits } from '../../contract/money-format.ts';
import { toMajor } from '../../contract/money.ts';
import { CHANNEL_PHRASES, cutOffText, type ResaleChannel, type ResalePolicy } from '../../contract/resale-policy.ts';
import { hotelDate, readableDay } from '../listings/stay-dates.ts';

/** Where the hotel stands with Restay, as every policy check reads it. */
export interface HotelStanding {
  name: string;
  /** `unknown`: no connected hotel holds this reservation (the hotel never joined). */
  status: 'unknown' | 'pending' | 'connected' | 'suspended';
  /** "Pause all resale" is on. */
  paused: boolean;
  /** The live policy, or null while the hotel has published none. */
  policy: ResalePolicy | null;
}

/** What a policy reads of one reservation (and, once there is one, of its listing). */
export interface ResaleFacts {
  rateId: string | null;
  roomTypeId: string | null;
  /** Every channel the booking came through; `direct` when none other. */
  channels: readonly ResaleChannel[];
  startUtc: Date;
  endUtc: Date;
  /** The hotel's IANA time zone: blackout dates are calendar days there. */
  timeZone: string;
  currency: string;
  amountPaidCents: number | null;
  /** The asking price, once a seller names one (not at import). */
  askingPriceCents?: number;
}

/** Which rule a reason comes from: `standing` is the hotel as a whole (not joined, paused, resale off). */
export type PolicyRule = 'standing' | 'channel' | 'rate' | 'room_type' | 'cut_off' | 'blackout' | 'price_cap';
export interface PolicyReason {
  rule: PolicyRule;
  /** One sentence a seller (or buyer) understands. */
  message: string;
}

const HOUR_MS = 3_600_000;

/**
 * Why the hotel does not allow this resale, one sentence a seller understands per broken rule; empty when it
 * does. Pure: the same verdict at import, at listing, on a price change, at checkout and after a policy
 * change, because every one of them asks this function.
 */
export function policyVerdict(hotel: HotelStanding, facts: ResaleFacts, now: Date): PolicyReason[] {
  const name = hotel.name;
  const standing = (message: string): PolicyReason[] => [{ rule: 'standing', message }];
  if (hotel.status === 'unknown')
    return standing(`${name} has not joined Restay yet, so its bookings cannot be resold.`);
  // A pending hotel has no admin yet to answer for its policy: it sells nothing, exactly as a suspended one.
  if (hotel.paused || hotel.status === 'suspended' || hotel.status === 'pending')
    return standing(`${name} has paused all resale of its bookings for now.`);
  const policy = hotel.policy;
  if (!policy?.resaleEnabled) return standing(`${name} does not allow resale of its bookings.`);

  const reasons: PolicyReason[] = [];
  const add = (rule: PolicyRule, message: string) => reasons.push({ rule, message });
  for (const channel of facts.channels) {
    if (!policy.channels.includes(channel))
      add('channel', `${name} does not allow resale of bookings made through ${CHANNEL_PHRASES[channel]}.`);
  }
  if (!isSelected(policy.rates, facts.rateId)) add('rate', `${name} does not allow resale of bookings at this rate.`);
  if (!isSelected(policy.roomTypes, facts.roomTypeId))
    add('room_type', `${name} does not allow resale of bookings for this room type.`);
  if (facts.startUtc.getTime() - now.getTime() < policy.cutOffHours * HOUR_MS)
    add('cut_off', `${name} does not allow resale within ${cutOffText(policy.cutOffHours)} of check-in.`);
  const blackout = policy.blackouts.find((range) => staysDuring(facts, range));
  if (blackout) add('blackout', `${name} does not allow resale of stays ${blackoutText(blackout)}.`);
  const cap = hotelPriceCapCents(policy, facts.amountPaidCents, facts.currency);
  if (facts.askingPriceCents !== undefined && cap !== null && facts.askingPriceCents > cap)
    add('price_cap', hotelPriceCapMessage(name, policy, cap, facts.currency));
  return reasons;
}

/** The hotel's sentence for an asking price above its cap (`capCents`, from hotelPriceCapCents). */
export function hotelPriceCapMessage(name: string, policy: ResalePolicy, capCents: number, currency: string): string {
  return (
    `${name} allows an asking price of at most ${policy.priceCapPercent}% of the price paid, ` +
    `${formatMajorUnits(toMajor(capCents), currency)}.`
  );
}

/**
 * The hotel's ceiling on the asking price in cents (rounded down to an amount the currency is priced in), or null
 * when there is none to apply.
 */
export function hotelPriceCapCents(
  policy: ResalePolicy | null,
  amountPaidCents: number | null,
  currency: string,
): number | null {
  if (!policy || amountPaidCents === null || policy.priceCapPercent >= 100) return null;
  return floorToPriceUnit(Math.floor((amountPaidCents * policy.priceCapPercent) / 100 + 1e-9), currency);
}

function isSelected(selection: ResalePolicy['rates'], id: string | null): boolean {
  if (selection === 'all') return true;
  return id !== null && selection.some((item) => item.id === id);
}

/** Whether any night of the stay (check-in day up to the day before check-out, at the hotel) is blacked out. */
function staysDuring(
  facts: Pick<ResaleFacts, 'startUtc' | 'endUtc' | 'timeZone'>,
  range: { from: string; to: string },
) {
  const firstNight = hotelDate(facts.startUtc, facts.timeZone);
  const checkOut = hotelDate(facts.endUtc, facts.timeZone);
  const lastNight = checkOut > firstNight ? dayBefore(checkOut) : firstNight;
  return firstNight <= range.to && lastNight >= range.from;
}

function dayBefore(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

/** The days as the hotel wrote them. */
function blackoutText(range: { from: string; to: string }): string {
  const { from, to } = range;
  return from === to ? `on ${readableDay(from)}` : `between ${readableDay(from)} and ${readableDay(to)}`;
}
