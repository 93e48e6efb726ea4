// The part of autocannon's API the journeys use (the package ships no types).
declare module 'autocannon' {
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    /** Requests made in turn, on every connection. */
    requests?: { method?: string; path: string; headers?: Record<string, string> }[];
  }
  interface Result {
    requests: { total: number; average: number };
    latency: { p50: number; p99: number };
    errors: number;
    timeouts: number;
    non2xx: number;
    '5xx': number;
  }
  /** Without a callback: the run, as a promise of its result that `stop()` ends early. */
  function autocannon(options: Options): Promise<Result> & { stop(): void; on(event: 'reqError', listener: (error: Error & { code?: string }) => void): void };
  export default autocannon;
}
