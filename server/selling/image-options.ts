import { createHash } from 'node:crypto';
import { fitsCountry, SHIPPED_STAY_PHOTOS, SUGGESTED_PHOTO_COUNT } from '../../contract/stay-photos.ts';
import { AppError } from '../http/errors.ts';

/** What the photos offered for a reservation depend on. */
export interface PhotoSource {
  externalId: string;
  roomImageUrls: readonly string[];
  /** The hotel's country, as its system reports it. */
  countryCode: string | null;
}

/**
 * The photos a seller may choose for a listing: the room's own from the hotel's system; else a few shipped ones
 * that fit the hotel's country, the photos of that country first, then rooms that could be anywhere, starting at
 * a place picked from the reservation's id so that listings do not all open on the same one.
 */
export function imageOptions({ externalId, roomImageUrls, countryCode }: PhotoSource): string[] {
  if (roomImageUrls.length) return [...roomImageUrls];
  const fitting = SHIPPED_STAY_PHOTOS.filter((candidate) => fitsCountry(candidate, countryCode));
  const local = fitting.filter((candidate) => candidate.countries !== 'anywhere');
  const anywhere = fitting.filter((candidate) => candidate.countries === 'anywhere');
  const start = createHash('sha256').update(externalId).digest().readUInt32BE(0) % anywhere.length;
  const rotated = [...anywhere.slice(start), ...anywhere.slice(0, start)];
  return [...local, ...rotated].slice(0, SUGGESTED_PHOTO_COUNT).map((candidate) => candidate.url);
}

/** The chosen photo (the first option by default); anything not offered is refused, so no URL is hot-linked. */
export function chosenImage(options: readonly string[], requested: string | undefined): string | null {
  if (requested === undefined || requested === '') return options[0] ?? null;
  if (options.includes(requested)) return requested;
  const message = 'Choose one of the photos offered for this reservation.';
  throw new AppError('VALIDATION_ERROR', message, [{ field: 'imageUrl', message }]);
}
