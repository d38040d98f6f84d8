import { createHash } from 'node:crypto';
import { AppError } from '../http/errors.ts';

/** The stay photos shipped in public/images/listings (the placeholders excluded). */
const SHIPPED_STAY_IMAGES = [
  'aurora-lodge',
  'boutique-queen-room',
  'classic-double-room',
  'family-suite',
  'harbour-view',
  'lake-view-room',
  'loft-studio',
  'neon-city-view',
  'paris-balcony',
  'riad-courtyard',
  'rooftop-pool',
  'ryokan-room',
  'sea-view-balcony',
  'skyline-suite',
  'table-mountain-view',
  'terracotta-rooftops',
  'twin-room',
].map((name) => `/images/listings/${name}.svg`);

/**
 * The photos a seller may choose for a listing: the room's own from the hotel's system, else the shipped stay
 * photos, starting at a place picked from the reservation's id so that listings do not all open on the same one.
 */
export function imageOptions(externalId: string, roomImageUrls: readonly string[]): string[] {
  if (roomImageUrls.length) return [...roomImageUrls];
  const start = createHash('sha256').update(externalId).digest().readUInt32BE(0) % SHIPPED_STAY_IMAGES.length;
  return [...SHIPPED_STAY_IMAGES.slice(start), ...SHIPPED_STAY_IMAGES.slice(0, start)];
}

/** The chosen photo (the first option by default); anything not offered is refused, so no URL is hot-linked. */
export function chosenImage(options: readonly string[], requested: string | undefined): string | null {
  if (requested === undefined || requested === '') return options[0] ?? null;
  if (options.includes(requested)) return requested;
  const message = 'Choose one of the photos offered for this reservation.';
  throw new AppError('VALIDATION_ERROR', message, [{ field: 'imageUrl', message }]);
}
