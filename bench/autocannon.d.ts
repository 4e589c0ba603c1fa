// The few parts of autocannon's API the bench uses (the package ships no types).
declare module 'autocannon' {
  type Histogram = {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    p50: number;
    p90: number;
    p99: number;
    total: number;
  };
  export type AutocannonRequest = { method?: string; path?: string; headers?: Record<string, string>; body?: string };
  export type AutocannonOptions = {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    requests?: (AutocannonRequest & { setupRequest?: (req: AutocannonRequest) => AutocannonRequest })[];
    timeout?: number;
  };
  export type AutocannonResult = {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    '5xx': number;
    duration: number;
  };
  /** The run: its result when awaited, and each answer as it comes (its time in milliseconds, hrtime). */
  export type AutocannonRun = Promise<AutocannonResult> & {
    on(
      event: 'response',
      listener: (client: unknown, statusCode: number | string, resBytes: number, responseTime: number) => void,
    ): AutocannonRun;
    /** Ends the run now; the promise then resolves with what was measured so far. */
    stop(): void;
  };
  export default function autocannon(options: AutocannonOptions): AutocannonRun;
}
