/** Thousands grouped with commas, as "en-US" writes a whole number. */
const grouped = (whole: number) => String(whole).replace(/\B(?=(\d{3})+$)/g, ',');

/**
 * "1 stay", "24 stays", or "1,000+ stays" when the server stopped counting. Grouped by hand: the page's first
 * Intl number format (this was it) loads the browser's number data, a long task in the marketplace's hydration.
 */
export function stayCount(total: number, capped: boolean): string {
  return `${grouped(total)}${capped ? '+' : ''} ${total === 1 && !capped ? 'stay' : 'stays'}`;
}
