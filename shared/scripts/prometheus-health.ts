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
  const [requests = new Map<string, number>(), ...errors] = await Promise.all([RELEASE_QUERIES.requests, RELEASE_QUERIES.serverErrors, RELEASE_QUERIES.widgetErrors, RELEASE_QUERIES.browserErrors].map((q) => vector(baseUrl, q, timeoutMs)));
  const keys = new Set([...requests.keys(), ...errors.flatMap((e) => [...e.keys()])]);
  return [...keys].map((key) => {
    const [remote = '', build = ''] = key.split(' ');
    return { remote, build, requests: Math.round(requests.get(key) ?? 0), errors: Math.round(errors.reduce((sum, e) => sum + (e.get(key) ?? 0), 0)) };
  });
}
