// Field data (issue 32, item 3): what visitors' browsers measured of the pages they used, sent by the
// boot when a page is hidden (src/field-data.ts, `navigator.sendBeacon`) and exported as histograms
// per template and language, so the 75th percentile per template reads as in the Chrome UX Report:
// `histogram_quantile(0.75, sum by (le, qf_template) (rate(qf_field_lcp_seconds_bucket[1d])))`.
// Nothing personal comes in: metric names, values, the page's template and language, the navigation
// type. Every label value is bounded: templates the live route table knows (`other` for the rest),
// two languages.
import type { FastifyInstance } from 'fastify';
import { Histogram, type Registry } from 'prom-client';
import { z } from 'zod';
import type { SiteRoutes } from '@qf/shared/section';
import { shellT } from '../src/i18n';
import { addressLimit } from './address-limit';

/** What a page may send in one beacon at most (src/field-data.ts sends no more). */
export const MAX_FIELD_METRICS = 24;
/** Bytes of one beacon at most: 24 measurements are about 2 KB. */
export const FIELD_BODY_LIMIT = 4096;
/** Beacons counted from one client address per minute: a visitor hides a page a few times a minute at most. */
export const FIELD_BEACONS_PER_MINUTE = 20;

/** What a measurement may be, in the unit the browser sends (milliseconds; CLS unitless): beyond, the beacon is refused. */
const LIMITS = { LCP: 120_000, FCP: 120_000, TTFB: 120_000, INP: 60_000, tap: 60_000, CLS: 100 } as const;
type FieldMetricName = keyof typeof LIMITS;

/**
 * Histogram buckets (seconds; CLS unitless) with an edge at each Core Web Vitals threshold ("good" and
 * "poor") and a few on each side, so the share under a threshold is exact and the p75 is interpolated
 * within a narrow bucket around it.
 */
export const FIELD_BUCKETS: Record<FieldMetricName, number[]> = {
  LCP: [0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 5, 6, 8, 10, 15, 20],
  INP: [0.025, 0.05, 0.075, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5, 0.75, 1, 2, 5],
  CLS: [0.01, 0.025, 0.05, 0.075, 0.1, 0.15, 0.2, 0.25, 0.3, 0.5, 1, 2],
  FCP: [0.3, 0.6, 0.9, 1.2, 1.5, 1.8, 2.1, 2.4, 3, 4, 5, 7, 10],
  TTFB: [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.8, 1, 1.2, 1.5, 1.8, 2.5, 4, 8],
  tap: [0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.75, 1, 1.5, 2, 3, 5, 10],
};

const NAMES: Record<FieldMetricName, { name: string; help: string }> = {
  LCP: { name: 'qf_field_lcp_seconds', help: 'Largest Contentful Paint of page views, as visitors’ browsers measured it (web-vitals), by template and language. Good ≤ 2.5 s, poor > 4 s.' },
  INP: { name: 'qf_field_inp_seconds', help: 'Interaction to Next Paint of page views, as visitors’ browsers measured it (web-vitals), by template and language. Good ≤ 200 ms, poor > 500 ms.' },
  CLS: { name: 'qf_field_cls', help: 'Cumulative Layout Shift of page views (unitless), as visitors’ browsers measured it (web-vitals), by template and language. Good ≤ 0.1, poor > 0.25.' },
  FCP: { name: 'qf_field_fcp_seconds', help: 'First Contentful Paint of page views, as visitors’ browsers measured it (web-vitals), by template and language. Good ≤ 1.8 s, poor > 3 s.' },
  TTFB: { name: 'qf_field_ttfb_seconds', help: 'Time to First Byte of page views, as visitors’ browsers measured it (web-vitals), by template and language. Good ≤ 0.8 s, poor > 1.8 s.' },
  tap: { name: 'qf_field_tap_seconds', help: 'Time from a tap on an internal link (press, click or Enter) to the next page’s content shown by a client-side navigation, by the template and language of that page.' },
};

/** The template of a page as page data names it (`componentChunkName`). */
const TEMPLATE = /^mf-[a-z-]+\/[A-Za-z-]+$/;

const metricSchema = z
  .strictObject({
    name: z.enum(['LCP', 'INP', 'CLS', 'FCP', 'TTFB', 'tap']),
    value: z.number().min(0),
    /** Absent for the shell's own 404/500/503 pages: counted as `other`. */
    template: z.string().max(64).regex(TEMPLATE).optional(),
    lang: z.enum(['en', 'ar']),
    /** web-vitals' navigation type, `client` for a client-side navigation (the tap): checked, not a label. */
    nav: z.enum(['navigate', 'reload', 'back-forward', 'back-forward-cache', 'prerender', 'restore', 'client']),
  })
  .refine((m) => m.value <= LIMITS[m.name], { message: 'value out of range' })
  .refine((m) => (m.name === 'tap') === (m.nav === 'client'), { message: 'a tap is a client-side navigation, and only a tap' });

/** What a browser may send: only this, nothing more; anything else is a 400. */
export const fieldBeaconSchema = z.strictObject({ metrics: z.array(metricSchema).min(1).max(MAX_FIELD_METRICS) });
export type FieldBeacon = z.infer<typeof fieldBeaconSchema>;

const templatesOfTable = new WeakMap<object, ReadonlySet<string>>();
/**
 * The templates a route table knows, as page data names them (`<remote>/<template>`): what the
 * `qf_template` label may be. Made once per table (the shell makes a new one only when a manifest changes).
 */
export function routeTemplates(table: Pick<SiteRoutes, 'manifests'>): ReadonlySet<string> {
  let known = templatesOfTable.get(table);
  if (!known) templatesOfTable.set(table, (known = new Set(table.manifests.flatMap((m) => m.routes.map((r) => `${m.remote}/${r.template}`)))));
  return known;
}

/**
 * `POST /_qf/vitals`: a page's field data (`{metrics: [{name, value, template?, lang, nav}]}`, JSON or
 * `text/plain` as `sendBeacon` sends a string, ≤ FIELD_BODY_LIMIT bytes), observed into the histograms
 * `qf_field_{lcp,inp,fcp,ttfb,tap}_seconds` and `qf_field_cls` on `deps.registry`, labelled
 * `qf_template` (a template `deps.templates()` does not know, or none, is `other`) and `lang`. 204;
 * 400 with the translated bad-request message for anything else (another site's page included, by its
 * `Sec-Fetch-Site`); 429, nothing counted, past FIELD_BEACONS_PER_MINUTE from one client address.
 */
export function registerFieldData(app: FastifyInstance, deps: { registry: Registry; templates: () => Promise<ReadonlySet<string>>; now?: () => number }) {
  const histograms = Object.fromEntries(
    (Object.keys(NAMES) as FieldMetricName[]).map((key) => [
      key,
      new Histogram({ name: NAMES[key].name, help: NAMES[key].help, labelNames: ['qf_template', 'lang'] as const, buckets: FIELD_BUCKETS[key], registers: [deps.registry] }),
    ]),
  ) as Record<FieldMetricName, Histogram<'qf_template' | 'lang'>>;
  const admit = addressLimit(FIELD_BEACONS_PER_MINUTE, deps.now ?? Date.now);
  const badRequest = { error: 'bad-request', message: shellT('en')('status.badRequest') };

  app.post('/_qf/vitals', { bodyLimit: FIELD_BODY_LIMIT }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    // A page of another site may not report for this one (a browser says where the request comes from).
    const site = request.headers['sec-fetch-site'];
    if (site !== undefined && site !== 'same-origin') return reply.code(400).send(badRequest);
    let body: unknown = request.body;
    try {
      if (typeof body === 'string') body = JSON.parse(body);
    } catch {
      body = undefined;
    }
    const beacon = fieldBeaconSchema.safeParse(body);
    if (!beacon.success) return reply.code(400).send(badRequest);
    if (!admit(request.ip)) return reply.code(429).send();
    const known = await deps.templates().catch(() => new Set<string>());
    for (const m of beacon.data.metrics) {
      const labels = { qf_template: m.template && known.has(m.template) ? m.template : 'other', lang: m.lang };
      histograms[m.name].observe(labels, m.name === 'CLS' ? m.value : m.value / 1000);
    }
    return reply.code(204).send();
  });
}
