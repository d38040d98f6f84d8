import { createHash } from 'node:crypto';

/** Names a connected hotel without its secret: a hash of its access token. */
export const hotelKeyOf = (accessToken: string) => createHash('sha256').update(accessToken).digest('hex').slice(0, 32);

/** A hotel named by its directory key (a hash of its token) or by its enterprise id in its system. */
export type HotelReference = { hotelKey: string } | { enterpriseId: string };

/**
 * The token of one hotel known to hold a reservation. `unusable`: the hotel is known but cannot be asked (its
 * token does not decrypt), so whatever it holds is unknown. `not_a_known_hotel`: no hotel by that name, so
 * the reservation is searched for as if its hotel were not known.
 */
export type KnownHotelToken =
  { kind: 'usable'; token: string } | { kind: 'unusable'; why: string } | { kind: 'not_a_known_hotel' };

/**
 * Where the PMS adapter takes its access tokens from: the ones to search every hotel with (the connected ones)
 * and, separately, the token of a hotel known to hold a reservation whatever its standing with Restay.
 */
export interface HotelTokenSource {
  searchable(): Promise<readonly string[]>;
  ofHotel(hotel: HotelReference): Promise<KnownHotelToken>;
}

/** A fixed list of tokens (MEWS_ACCESS_TOKENS in tests and the stand-ins): a hotel is known by its token's key. */
export function fixedTokenSource(tokens: readonly string[] | (() => Promise<readonly string[]>)): HotelTokenSource {
  const searchable = typeof tokens === 'function' ? tokens : async () => tokens;
  return {
    searchable,
    async ofHotel(hotel) {
      if (!('hotelKey' in hotel)) return { kind: 'not_a_known_hotel' };
      const token = (await searchable()).find((candidate) => hotelKeyOf(candidate) === hotel.hotelKey);
      return token ? { kind: 'usable', token } : { kind: 'not_a_known_hotel' };
    },
  };
}
