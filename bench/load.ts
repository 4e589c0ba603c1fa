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

export async function load(options: AutocannonOptions): Promise<LoadFigures> {
  const result = await autocannon({ timeout: 10, ...options });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok: result['2xx'],
    non2xx: result.non2xx,
    fivexx: result['5xx'] ?? 0,
    errors: result.errors + result.timeouts,
  };
}
