// One autocannon run, reduced to the figures the table shows.
import autocannon, { type AutocannonOptions } from 'autocannon';

export type LoadFigures = {
  rps: number;
  p50: number;
  p99: number;
  ok: number;
  non2xx: number;
  /** Server errors among non2xx. */
  fivexx: number;
  errors: number;
};

/** The nearest-rank percentile of sorted values (`p` in 0–100); NaN for none. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

export async function load(
  options: AutocannonOptions & {
    /** Stops the run early when it settles (the fault scenarios measure while a fault lasts). */
    until?: Promise<unknown>;
  },
): Promise<LoadFigures> {
  const { until, ...rest } = options;
  const run = autocannon({ timeout: 10, ...rest });
  void until?.then(() => run.stop());
  // autocannon's own percentiles are whole milliseconds, too coarse for answers that take a few:
  // a ratio of two of them jumps by whole steps. Each answer's time, as autocannon measured it
  // (hrtime, fractions of a millisecond), is kept here for the 2xx answers it counts too.
  const times: number[] = [];
  run.on('response', (_client, statusCode, _bytes, responseTime) => {
    const code = Number(statusCode);
    if (code >= 200 && code < 300) times.push(responseTime);
  });
  const result = await run;
  times.sort((a, b) => a - b);
  return {
    rps: result.requests.average,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    ok: result['2xx'],
    non2xx: result.non2xx,
    fivexx: result['5xx'] ?? 0,
    errors: result.errors + result.timeouts,
  };
}
