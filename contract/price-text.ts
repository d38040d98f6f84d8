// No zod here: the SPA reads price filters from the address on pages that do not load it.

const NUMBER = /^\d+(\.\d+)?$/;

/**
 * A price as typed or as query text: digits with an optional decimal part (so never negative), surrounding
 * spaces ignored; null for anything else. The one reading of a price filter, in the API and the SPA.
 */
export function parsePriceText(text: string): number | null {
  const trimmed = text.trim();
  return NUMBER.test(trimmed) ? Number(trimmed) : null;
}
