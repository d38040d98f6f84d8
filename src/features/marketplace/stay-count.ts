/** "1 stay", "24 stays", or "1,000+ stays" when the server stopped counting. */
export function stayCount(total: number, capped: boolean): string {
  return `${total.toLocaleString('en-US')}${capped ? '+' : ''} ${total === 1 && !capped ? 'stay' : 'stays'}`;
}
