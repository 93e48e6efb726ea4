// A canary judged by what every shell saw (issue 32, item 7): with PROMETHEUS_URL set, the supervisor
// reads each release's pages and errors from Prometheus (PromQL summed over every shell instance)
// instead of one shell's in-process counts, which with two shells see half of the visitors each.
// The counts are the same as the shell's `GET /_qf/release-health`: pages and page data answered for a
// section's release, and its errors (answers of 500 and over, widgets that failed on the server,
// failures browsers reported).
import type { ReleaseCounts } from './supervisor';

/** The PromQL the counts are read with: totals since each shell started, summed over every shell. */
export const RELEASE_QUERIES = {
  requests: 'sum by (qf_section, qf_release) (http_server_request_duration_seconds_count{job="shell",qf_section!="",qf_release!=""})',
  serverErrors: 'sum by (qf_section, qf_release) (http_server_request_duration_seconds_count{job="shell",qf_section!="",qf_release!="",http_response_status_code=~"5.."})',
  widgetErrors: 'sum by (qf_section, qf_release) (qf_widget_failures_total{job="shell",qf_release!=""})',
  browserErrors: 'sum by (qf_section, qf_release) (qf_browser_failures_total{job="shell",qf_release!=""})',
  /**
   * Clients that reported failures of a release: the most any one shell saw (a client's reports reach
   * several shells, so a sum would count it once per shell; the largest is a count of distinct clients).
   */
  reporters: 'max by (qf_section, qf_release) (qf_browser_failure_reporters{job="shell",qf_release!=""})',
} as const;

interface VectorAnswer {
  status: 'success' | 'error';
  error?: string;
  data?: { resultType: string; result: { metric: Record<string, string>; value: [number, string] }[] };
}

/** One instant query's vector, by "section release"; throws with Prometheus' own words when it fails. */
async function vector(baseUrl: string, query: string, timeoutMs: number): Promise<Map<string, number>> {
  const res = await fetch(`${baseUrl.replace(/\/$/, '')}/api/v1/query?query=${encodeURIComponent(query)}`, { signal: AbortSignal.timeout(timeoutMs) });
  const body = (await res.json().catch(() => null)) as VectorAnswer | null;
  if (!res.ok || !body || body.status !== 'success' || body.data?.resultType !== 'vector') {
    throw new Error(`Prometheus answered ${res.status} to ${query}: ${body?.error ?? 'not a vector'}`);
  }
  const out = new Map<string, number>();
  for (const { metric, value } of body.data.result) {
    const n = Number(value[1]);
    if (metric.qf_section && metric.qf_release && Number.isFinite(n)) out.set(`${metric.qf_section} ${metric.qf_release}`, n);
  }
  return out;
}

/**
 * Every release's counts as Prometheus has them now (the release-health shape the canary rule reads).
 * A query that fails throws: the supervisor then skips this look rather than judge on half the data.
 */
export async function prometheusReleaseCounts(baseUrl: string, timeoutMs = 3000): Promise<ReleaseCounts[]> {
  const queries = [RELEASE_QUERIES.requests, RELEASE_QUERIES.serverErrors, RELEASE_QUERIES.widgetErrors, RELEASE_QUERIES.browserErrors, RELEASE_QUERIES.reporters];
  const [requests, serverErrors, widgetErrors, browserErrors, reporters] = await Promise.all(queries.map((q) => vector(baseUrl, q, timeoutMs)));
  const errors = [serverErrors!, widgetErrors!, browserErrors!];
  const keys = new Set([...requests!.keys(), ...errors.flatMap((e) => [...e.keys()])]);
  return [...keys].map((key) => {
    const [remote = '', build = ''] = key.split(' ');
    const count = (v: Map<string, number>) => Math.round(v.get(key) ?? 0);
    return { remote, build, requests: count(requests!), errors: errors.reduce((sum, e) => sum + count(e), 0), reported: count(browserErrors!), reporters: count(reporters!) };
  });
}
