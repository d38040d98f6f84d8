import type { ResaleChannel } from '../../../contract/resale-policy.ts';
import type { MewsReservation } from './mews-schemas.ts';

/**
 * How a Mews reservation reached the hotel, in the channels a resale policy names. A booking may have come
 * through several at once (a travel agency's booking through a channel manager): each must be allowed. From
 * the reservation's own fields: `Origin` `ChannelManager` (or a Commander booking keyed in from a channel, or one
 * carrying an OTA's `ChannelNumber`) is an online travel agency; `TravelAgencyId` a travel agency;
 * `AvailabilityBlockId` a group block; `PartnerCompanyId` a company account; `VoucherId` a voucher. None of
 * these: a direct booking.
 */
export function channelsOf(reservation: MewsReservation): ResaleChannel[] {
  const channels: ResaleChannel[] = [];
  const ota =
    reservation.Origin === 'ChannelManager' ||
    (reservation.Origin === 'Commander' && reservation.CommanderOrigin === 'Channel') ||
    Boolean(reservation.ChannelNumber?.trim());
  if (ota) channels.push('ota');
  if (reservation.TravelAgencyId) channels.push('travel_agency');
  if (reservation.AvailabilityBlockId) channels.push('group');
  if (reservation.PartnerCompanyId) channels.push('corporate');
  if (reservation.VoucherId) channels.push('voucher');
  return channels.length ? channels : ['direct'];
}
