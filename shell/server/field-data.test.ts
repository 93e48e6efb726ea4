import Fastify, { type FastifyInstance } from 'fastify';
import { Registry } from 'prom-client';
import { FIELD_BEACONS_PER_MINUTE, FIELD_BODY_LIMIT, MAX_FIELD_METRICS, registerFieldData, routeTemplates } from './field-data';

describe('field data, as a plugin', () => {
  let app: FastifyInstance;
  let registry: Registry;
  let clock = 0;

  beforeEach(async () => {
    app = Fastify();
    registry = new Registry();
    registerFieldData(app, { registry, templates: async () => new Set(['mf-content/story', 'mf-events/events']), now: () => clock });
    await app.ready();
  });
  afterEach(() => app.close());

  const post = (payload: unknown, { ip = '203.0.113.5', type = 'text/plain;charset=UTF-8', headers = {} }: { ip?: string; type?: string; headers?: Record<string, string> } = {}) =>
    app.inject({ method: 'POST', url: '/_qf/vitals', headers: { 'content-type': type, ...headers }, payload: typeof payload === 'string' ? payload : JSON.stringify(payload), remoteAddress: ip });
  /** The lines of the exposition that are a metric's series (no HELP and TYPE), with a value other than 0. */
  const series = async (name: string) =>
    (await registry.getSingleMetricAsString(name))
      .split('\n')
      .filter((line) => line && !line.startsWith('#') && !line.endsWith(' 0'));
  const lcp = (value: number, extra: Record<string, unknown> = {}) => ({ name: 'LCP', value, template: 'mf-content/story', lang: 'en', nav: 'navigate', ...extra });

  it('observes each measurement in its histogram, in seconds, by template and language; an unknown or missing template is other', async () => {
    const res = await post({
      metrics: [
        lcp(1800),
        lcp(3100, { lang: 'ar', nav: 'back-forward-cache' }),
        { name: 'CLS', value: 0.12, template: 'mf-content/story', lang: 'en', nav: 'navigate' },
        { name: 'INP', value: 180, template: 'mf-content/story', lang: 'en', nav: 'reload' },
        { name: 'FCP', value: 900, template: 'mf-content/gone', lang: 'en', nav: 'navigate' },
        { name: 'TTFB', value: 450, lang: 'ar', nav: 'prerender' },
        { name: 'tap', value: 320, template: 'mf-events/events', lang: 'ar', nav: 'client' },
      ],
    });
    expect(res.statusCode).toBe(204);
    // The LCP buckets: 1.8 s is in 2 s and up, 3.1 s in 3.5 s and up.
    expect(await series('qf_field_lcp_seconds')).toEqual([
      'qf_field_lcp_seconds_bucket{le="2",qf_template="mf-content/story",lang="en"} 1',
      'qf_field_lcp_seconds_bucket{le="2.5",qf_template="mf-content/story",lang="en"} 1',
      'qf_field_lcp_seconds_bucket{le="3",qf_template="mf-content/story",lang="en"} 1',
      'qf_field_lcp_seconds_bucket{le="3.5",qf_template="mf-content/story",lang="en"} 1',
      'qf_field_lcp_seconds_bucket{le="4",qf_template="mf-content/story",lang="en"} 1',
      'qf_field_lcp_seconds_bucket{le="5",qf_template="mf-content/story",lang="en"} 1',
      'qf_field_lcp_seconds_bucket{le="6",qf_template="mf-content/story",lang="en"} 1',
      'qf_field_lcp_seconds_bucket{le="8",qf_template="mf-content/story",lang="en"} 1',
      'qf_field_lcp_seconds_bucket{le="10",qf_template="mf-content/story",lang="en"} 1',
      'qf_field_lcp_seconds_bucket{le="15",qf_template="mf-content/story",lang="en"} 1',
      'qf_field_lcp_seconds_bucket{le="20",qf_template="mf-content/story",lang="en"} 1',
      'qf_field_lcp_seconds_bucket{le="+Inf",qf_template="mf-content/story",lang="en"} 1',
      'qf_field_lcp_seconds_sum{qf_template="mf-content/story",lang="en"} 1.8',
      'qf_field_lcp_seconds_count{qf_template="mf-content/story",lang="en"} 1',
      'qf_field_lcp_seconds_bucket{le="3.5",qf_template="mf-content/story",lang="ar"} 1',
      'qf_field_lcp_seconds_bucket{le="4",qf_template="mf-content/story",lang="ar"} 1',
      'qf_field_lcp_seconds_bucket{le="5",qf_template="mf-content/story",lang="ar"} 1',
      'qf_field_lcp_seconds_bucket{le="6",qf_template="mf-content/story",lang="ar"} 1',
      'qf_field_lcp_seconds_bucket{le="8",qf_template="mf-content/story",lang="ar"} 1',
      'qf_field_lcp_seconds_bucket{le="10",qf_template="mf-content/story",lang="ar"} 1',
      'qf_field_lcp_seconds_bucket{le="15",qf_template="mf-content/story",lang="ar"} 1',
      'qf_field_lcp_seconds_bucket{le="20",qf_template="mf-content/story",lang="ar"} 1',
      'qf_field_lcp_seconds_bucket{le="+Inf",qf_template="mf-content/story",lang="ar"} 1',
      'qf_field_lcp_seconds_sum{qf_template="mf-content/story",lang="ar"} 3.1',
      'qf_field_lcp_seconds_count{qf_template="mf-content/story",lang="ar"} 1',
    ]);
    const counts = async (name: string) => (await series(name)).filter((line) => !line.includes('_bucket'));
    expect(await counts('qf_field_cls')).toEqual(['qf_field_cls_sum{qf_template="mf-content/story",lang="en"} 0.12', 'qf_field_cls_count{qf_template="mf-content/story",lang="en"} 1']);
    expect(await counts('qf_field_inp_seconds')).toEqual(['qf_field_inp_seconds_sum{qf_template="mf-content/story",lang="en"} 0.18', 'qf_field_inp_seconds_count{qf_template="mf-content/story",lang="en"} 1']);
    expect(await counts('qf_field_fcp_seconds')).toEqual(['qf_field_fcp_seconds_sum{qf_template="other",lang="en"} 0.9', 'qf_field_fcp_seconds_count{qf_template="other",lang="en"} 1']);
    expect(await counts('qf_field_ttfb_seconds')).toEqual(['qf_field_ttfb_seconds_sum{qf_template="other",lang="ar"} 0.45', 'qf_field_ttfb_seconds_count{qf_template="other",lang="ar"} 1']);
    expect(await counts('qf_field_tap_seconds')).toEqual(['qf_field_tap_seconds_sum{qf_template="mf-events/events",lang="ar"} 0.32', 'qf_field_tap_seconds_count{qf_template="mf-events/events",lang="ar"} 1']);
    // The buckets have an edge at each threshold: INP's 180 ms is under 200 ms, CLS's 0.12 over 0.1.
    expect(await series('qf_field_inp_seconds')).toContain('qf_field_inp_seconds_bucket{le="0.2",qf_template="mf-content/story",lang="en"} 1');
    expect(await series('qf_field_inp_seconds')).not.toContain('qf_field_inp_seconds_bucket{le="0.15",qf_template="mf-content/story",lang="en"} 1');
    expect(await series('qf_field_cls')).toContain('qf_field_cls_bucket{le="0.15",qf_template="mf-content/story",lang="en"} 1');
    expect(await series('qf_field_cls')).not.toContain('qf_field_cls_bucket{le="0.1",qf_template="mf-content/story",lang="en"} 1');
  });

  it('takes JSON too, and adds up', async () => {
    expect((await post({ metrics: [lcp(1000)] }, { type: 'application/json' })).statusCode).toBe(204);
    expect((await post({ metrics: [lcp(2000), lcp(3000)] }, { headers: { 'sec-fetch-site': 'same-origin' } })).statusCode).toBe(204);
    expect(await series('qf_field_lcp_seconds')).toEqual(
      expect.arrayContaining(['qf_field_lcp_seconds_sum{qf_template="mf-content/story",lang="en"} 6', 'qf_field_lcp_seconds_count{qf_template="mf-content/story",lang="en"} 3', 'qf_field_lcp_seconds_bucket{le="2.5",qf_template="mf-content/story",lang="en"} 2']),
    );
  });

  it('refuses anything else with the translated 400, and counts nothing of it', async () => {
    const bad: unknown[] = [
      '',
      'not json',
      {},
      { metrics: [] },
      { metrics: [lcp(1000)], page: '/stories/a' },
      { metrics: [{ ...lcp(1000), url: '/stories/a' }] },
      { metrics: [lcp(-1)] },
      { metrics: [lcp(120_001)] },
      { metrics: [{ name: 'CLS', value: 101, lang: 'en', nav: 'navigate' }] },
      { metrics: [{ name: 'INP', value: 60_001, lang: 'en', nav: 'navigate' }] },
      { metrics: [{ ...lcp(0), value: '1000' }] },
      { metrics: [lcp(1000, { lang: 'fr' })] },
      { metrics: [lcp(1000, { template: 'story' })] },
      { metrics: [lcp(1000, { template: 'mf-content/story"} 1\nfake' })] },
      { metrics: [lcp(1000, { nav: 'client' })] },
      { metrics: [{ name: 'tap', value: 100, lang: 'en', nav: 'navigate' }] },
      { metrics: [{ ...lcp(1000), name: 'FID' }] },
      { metrics: Array.from({ length: MAX_FIELD_METRICS + 1 }, () => lcp(1000)) },
    ];
    for (const payload of bad) {
      const res = await post(payload);
      expect([JSON.stringify(payload), res.statusCode]).toEqual([JSON.stringify(payload), 400]);
      expect(res.json()).toEqual({ error: 'bad-request', message: expect.stringMatching(/\w/) });
    }
    // Another site's page posting from a visitor's browser.
    expect((await post({ metrics: [lcp(1000)] }, { headers: { 'sec-fetch-site': 'cross-site' } })).statusCode).toBe(400);
    // Too big for a beacon: Fastify's 413.
    expect((await post({ metrics: [lcp(1000, { pad: 'x'.repeat(FIELD_BODY_LIMIT) })] })).statusCode).toBe(413);
    expect((await registry.getMetricsAsJSON()).flatMap((m) => m.values).filter((v) => v.value !== 0)).toEqual([]);
  });

  it(`counts ${FIELD_BEACONS_PER_MINUTE} beacons a minute per client address, then answers 429 until the minute is over`, async () => {
    for (let i = 0; i < FIELD_BEACONS_PER_MINUTE; i++) expect((await post({ metrics: [lcp(1000)] }, { ip: '198.51.100.1' })).statusCode).toBe(204);
    expect((await post({ metrics: [lcp(1000)] }, { ip: '198.51.100.1' })).statusCode).toBe(429);
    // Another address is another visitor.
    expect((await post({ metrics: [lcp(1000)] }, { ip: '198.51.100.2' })).statusCode).toBe(204);
    clock += 59_000;
    expect((await post({ metrics: [lcp(1000)] }, { ip: '198.51.100.1' })).statusCode).toBe(429);
    clock += 1_000;
    expect((await post({ metrics: [lcp(1000)] }, { ip: '198.51.100.1' })).statusCode).toBe(204);
    expect(await series('qf_field_lcp_seconds')).toContain(`qf_field_lcp_seconds_count{qf_template="mf-content/story",lang="en"} ${FIELD_BEACONS_PER_MINUTE + 2}`);
  });

  it('knows the templates of the live route table, once per table', () => {
    const route = (template: string, pattern: string) => ({ template, pattern, hydration: 'idle' as const });
    const table = {
      manifests: [
        { contractVersion: 1, remote: 'mf-content', routes: [route('story', '/stories/:slug'), route('area', '/education'), route('area', '/research')], widgets: [] },
        { contractVersion: 1, remote: 'mf-events', routes: [route('events', '/events'), route('event', '/events/:slug')], widgets: [] },
      ],
    } as unknown as Parameters<typeof routeTemplates>[0];
    const templates = routeTemplates(table);
    expect([...templates]).toEqual(['mf-content/story', 'mf-content/area', 'mf-events/events', 'mf-events/event']);
    expect(routeTemplates(table)).toBe(templates);
  });
});
