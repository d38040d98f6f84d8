/**
 * The statuses a load may get without anything being wrong: a stay someone else holds, and a rate limit. A
 * visitor may also mark one reply as expected when it has checked why it came (see `record`).
 */
const EXPECTED_REFUSALS = new Set([409, 429]);

export interface RouteFigures {
  route: string;
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  perSecond: number;
  statuses: Record<number, number>;
  /** Replies neither 2xx/3xx nor an expected refusal. */
  errors: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

/** Times and statuses per route, recorded while `measuring` (the warm-up is left out). */
export class Recorder {
  measuring = false;
  private readonly samples = new Map<string, { ms: number[]; statuses: Record<number, number>; expected: number }>();

  /** `expected`: a refusal the visitor has shown to be right (still listed under its status, not an error). */
  record(route: string, status: number, ms: number, expected = false) {
    if (!this.measuring) return;
    const entry = this.samples.get(route) ?? { ms: [], statuses: {}, expected: 0 };
    this.samples.set(route, entry);
    entry.ms.push(ms);
    entry.statuses[status] = (entry.statuses[status] ?? 0) + 1;
    if (expected && status >= 400 && !EXPECTED_REFUSALS.has(status)) entry.expected += 1;
  }

  figures(seconds: number): RouteFigures[] {
    return [...this.samples.entries()].map(([route, { ms, statuses, expected }]) => {
      const sorted = [...ms].sort((a, b) => a - b);
      const errors = Object.entries(statuses)
        .filter(([status]) => Number(status) >= 400 && !EXPECTED_REFUSALS.has(Number(status)))
        .reduce((sum, [, n]) => sum + n, -expected);
      return {
        route,
        count: ms.length,
        p50: percentile(sorted, 50),
        p95: percentile(sorted, 95),
        p99: percentile(sorted, 99),
        max: sorted.at(-1) ?? NaN,
        perSecond: ms.length / seconds,
        statuses,
        errors,
      };
    });
  }
}
