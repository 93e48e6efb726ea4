// The shell's own metrics (issue 32), beside the request histogram every server has
// (`http_server_request_duration_seconds`, observability.ts): what the page cache did, what each owner
// answered, how long sections took to render, and what failed on the server and in browsers. Every
// label value is bounded: section names, build ids of the registry's releases, fixed outcomes.
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import { KeptCounter, KeptHistogram } from '@qf/shared/server';
import type { BrotliOutcome } from './brotli-queue';

/** What a page's owner answered the shell: its page, a 404, no page (down, a 5xx), no answer in time, or an answer breaking the page contract. */
export type OwnerOutcome = 'ok' | '404' | '503' | 'timeout' | 'contract';

export function createShellMetrics(registry: Registry) {
  const registers = [registry];
  // Counted on every page: kept series (kept-metrics.ts), no label hashing per page.
  const cache = new KeptCounter({
    name: 'qf_page_cache_results_total',
    help: 'Pages and page data answered, by the section that owns them and what the page cache did (hit, miss, stale: served while refreshed, uncached: never kept).',
    labelNames: ['qf_section', 'result'],
    registry,
  });
  const owners = new KeptCounter({
    name: 'qf_owner_answers_total',
    help: "What a page's owner answered the shell's page requests, by section, release and outcome (ok, 404, 503, timeout, contract: broke the page contract).",
    labelNames: ['qf_section', 'qf_release', 'outcome'],
    registry,
  });
  const render = new KeptHistogram({
    name: 'qf_ssr_render_duration_seconds',
    help: "Time to render a page's section and its widgets on the server, by the section that owns the page.",
    labelNames: ['qf_section'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registry,
  });
  const widgets = new Counter({
    name: 'qf_widget_failures_total',
    help: "Widgets that failed to render on the server (the page is served without them), by the widget's section and release.",
    labelNames: ['qf_section', 'qf_release'] as const,
    registers,
  });
  const browsers = new Counter({
    name: 'qf_browser_failures_total',
    help: 'Failures browsers reported (POST /_qf/beacon): a section or widget that did not mount, threw while rendering, or did not match the server HTML.',
    labelNames: ['qf_section', 'qf_release', 'kind'] as const,
    registers,
  });
  const refused = new Counter({
    name: 'qf_remote_code_refused_total',
    help: "Files of a section's Node container or browser build the shell refused to run or send (remote-integrity.ts), by section and reason: mismatch (bytes differ from the release's digest), unlisted (not in the release), undigested (no digests while REMOTE_CODE_DIGESTS=required).",
    labelNames: ['qf_section', 'reason'] as const,
    registers,
  });
  const brotli = new Counter({
    name: 'qf_page_brotli_total',
    help: "Brotli streams of kept pages, by outcome: made, none (the page cannot be brotli), full (refused: the queue was full, the page stays gzip), cancelled (the page left the cache first).",
    labelNames: ['outcome'] as const,
    registers,
  });
  const brotliTime = new Histogram({
    name: 'qf_page_brotli_duration_seconds',
    help: "Time to make one kept page's brotli stream (quality 11, off the event loop, one at a time).",
    buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers,
  });
  let brotliWaiting: () => number = () => 0;
  new Gauge({
    name: 'qf_page_brotli_waiting',
    help: 'Kept pages waiting for their brotli stream to be made.',
    registers,
    collect() {
      this.set(brotliWaiting());
    },
  });
  let reporters: () => readonly { remote: string; build: string; reporters: number }[] = () => [];
  new Gauge({
    name: 'qf_browser_failure_reporters',
    help: "Clients (an IPv4 address, an IPv6 /64) that reported a failure of a section's release since this shell started, up to 1,000 per release: the canary rule counts browsers' reports only once several clients made them.",
    labelNames: ['qf_section', 'qf_release'] as const,
    registers,
    collect() {
      this.reset();
      for (const r of reporters()) this.set({ qf_section: r.remote, qf_release: r.build }, r.reporters);
    },
  });
  return {
    /** Where the gauge of clients that reported failures reads from (release health). */
    reporters(read: () => readonly { remote: string; build: string; reporters: number }[]): void {
      reporters = read;
    },
    /** A brotli stream's end (brotli-queue.ts), with its making's time when it ran. */
    brotli(outcome: BrotliOutcome, seconds?: number): void {
      brotli.inc({ outcome });
      if (seconds !== undefined && outcome !== 'cancelled') brotliTime.observe(seconds);
    },
    /** Where the gauge of pages waiting for brotli reads from. */
    brotliWaiting(read: () => number): void {
      brotliWaiting = read;
    },
    pageCache(section: string, result: 'hit' | 'miss' | 'stale' | 'uncached'): void {
      cache.series(section, result).inc();
    },
    ownerAnswer(section: string, release: string, outcome: OwnerOutcome): void {
      owners.series(section, release, outcome).inc();
    },
    rendered(section: string, seconds: number): void {
      render.series(section).observe(seconds);
    },
    widgetFailed(section: string, release: string): void {
      widgets.inc({ qf_section: section, qf_release: release });
    },
    remoteCodeRefused(section: string, reason: 'mismatch' | 'unlisted' | 'undigested'): void {
      refused.inc({ qf_section: section, reason });
    },
    browserFailure(section: string, release: string, kind: 'mount' | 'render' | 'hydration'): void {
      browsers.inc({ qf_section: section, qf_release: release, kind });
    },
  };
}

export type ShellMetrics = ReturnType<typeof createShellMetrics>;
