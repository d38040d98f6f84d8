/** The value below which `p` percent of the sorted figures lie. */
export function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** p50, p95 and p99 of a phase's latencies in ms, refusing an empty phase: it has no figures to report. */
export function latencySummary(latencies: number[], what: string) {
  if (latencies.length === 0) throw new Error(`no ${what} completed: there are no figures to report`);
  const sorted = [...latencies].sort((a, b) => a - b);
  const [p50, p95, p99] = [50, 95, 99].map((p) => percentile(sorted, p)) as [number, number, number];
  return { p50, p95, p99, text: `p50 ${p50.toFixed(1)}  p95 ${p95.toFixed(1)}  p99 ${p99.toFixed(1)}` };
}
