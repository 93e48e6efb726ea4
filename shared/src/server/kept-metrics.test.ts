import { Counter, Histogram, Registry } from 'prom-client';
import { KeptCounter, KeptHistogram } from './kept-metrics';

describe('kept metrics', () => {
  it('export a histogram exactly as prom-client does', async () => {
    const [ours, theirs] = [new Registry(), new Registry()];
    const buckets = [0.005, 0.01, 0.1, 1];
    const kept = new KeptHistogram({ name: 'http_server_request_duration_seconds', help: 'Duration.', labelNames: ['http_route', 'status'], buckets, registry: ours });
    const real = new Histogram({ name: 'http_server_request_duration_seconds', help: 'Duration.', labelNames: ['http_route', 'status'], buckets, registers: [theirs] });
    const observations: [string, string, number][] = [
      ['/stories/:slug', '200', 0.004],
      ['/stories/:slug', '200', 0.02],
      ['/stories/:slug', '200', 5],
      ['/events', '503', 0.01],
      ['/stories/:slug', '200', 0.005],
    ];
    for (const [route, status, seconds] of observations) {
      kept.series(route, status).observe(seconds);
      real.observe({ http_route: route, status }, seconds);
    }
    expect(await ours.metrics()).toBe(await theirs.metrics());
  });

  it('export a counter exactly as prom-client does, and keep one series per label values', async () => {
    const [ours, theirs] = [new Registry(), new Registry()];
    const kept = new KeptCounter({ name: 'qf_page_cache_results_total', help: 'Results.', labelNames: ['qf_section', 'result'], registry: ours });
    const real = new Counter({ name: 'qf_page_cache_results_total', help: 'Results.', labelNames: ['qf_section', 'result'], registers: [theirs] });
    for (const [section, result] of [['mf-content', 'hit'], ['mf-content', 'hit'], ['mf-events', 'miss']] as const) {
      kept.series(section, result).inc();
      real.inc({ qf_section: section, result });
    }
    kept.series('mf-events', 'miss').inc(2);
    real.inc({ qf_section: 'mf-events', result: 'miss' }, 2);
    expect(kept.series('mf-content', 'hit')).toBe(kept.series('mf-content', 'hit'));
    expect(await ours.metrics()).toBe(await theirs.metrics());
  });

  it('refuses a series with the wrong number of label values, and ignores what is not a finite observation', async () => {
    const registry = new Registry();
    const kept = new KeptHistogram({ name: 'h_seconds', help: 'H.', labelNames: ['a'], buckets: [1], registry });
    expect(() => kept.series('x', 'y')).toThrow('1 label values expected, 2 given');
    kept.series('x').observe(Number.NaN);
    expect(await registry.getSingleMetricAsString('h_seconds')).toContain('h_seconds_count{a="x"} 0');
  });
});
