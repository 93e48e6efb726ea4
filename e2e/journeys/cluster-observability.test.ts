import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dashboardQueries } from '../../deploy/grafana/queries';
import { sectionNames } from '../../scripts/workspaces.cjs';

/**
 * What ops look at, on the production topology in small (`npm run cluster`, issue 32): Prometheus
 * scrapes every instance of every server, the recording rules give each section's request rate and
 * error ratio from the visitors' traffic (sent through nginx), and every query of the Grafana dashboard
 * (deploy/grafana) answers, with series, except those that can only have data in a situation this
 * journey does not create (EXPECTED_EMPTY, each with its reason). Runs when PostgreSQL, nginx and
 * Prometheus are installed or can be (as root, from Debian); otherwise it says why it is skipped.
 */
jest.setTimeout(420_000);

const root = path.resolve(__dirname, '..', '..');
const has = (cmd: string) => spawnSync('sh', ['-c', `command -v ${cmd} || ls /usr/lib/postgresql/*/bin/${cmd} /usr/sbin/${cmd}`], { encoding: 'utf8' }).status === 0;
const runnable = process.getuid?.() === 0 || (has('initdb') && has('nginx') && has('prometheus'));

/** Dashboard panels that stay empty here, and why: no browser visits the cluster, nothing fails, one release per section. */
const EXPECTED_EMPTY: Record<string, string> = {
  'LCP p75': 'field data: only real browsers send web vitals (POST /_qf/vitals); no browser visits this cluster',
  'INP p75': 'field data: no browser visits this cluster',
  'CLS p75': 'field data: no browser visits this cluster',
  'FCP p75': 'field data: no browser visits this cluster',
  'TTFB p75': 'field data: no browser visits this cluster',
  'Tap to content p75': 'field data: no browser taps a link in this cluster',
  'LCP p75 by language': 'field data: no browser visits this cluster',
  'Browser failures by kind': 'counted when a browser reports a failed mount, render or hydration: no browser here, and nothing fails',
  'Widget failures (server side)': 'counted when a widget fails to render on the shell: none fails in a healthy cluster',
  'Alerts firing': 'no alert fires in a healthy cluster (the alerts have their own unit tests: prometheus-rules.test.ts)',
};

/** The sections this journey visits through nginx, with a page of each (English and Arabic). */
const PAGES: Record<string, string[]> = {
  'mf-content': ['/', '/ar', '/stories/qatar-foundation-opens-new-learning-commons', '/ar/stories'],
  'mf-events': ['/events', '/ar/events'],
  'mf-media-center': ['/media-center/experts', '/ar/media-center/experts'],
  'mf-idkt': ['/idkt', '/ar/idkt'],
};
const NOT_FOUND = '/stories/no-such-story-in-this-cluster';

interface Report {
  url: string;
  servers: { name: string; instance: number; port: number; metricsPort: number; pid: number }[];
  prometheusUrl: string | null;
}

interface Sample {
  metric: Record<string, string>;
  value: [number, string];
}

type Answer = { ok: true; result: Sample[] } | { ok: false; error: string };

(runnable ? describe : describe.skip)(`what ops look at on the cluster (${runnable ? 'Prometheus over two of every server' : 'skipped: PostgreSQL, nginx or Prometheus is not installed and we are not root to install them'})`, () => {
  let work: string;
  let cluster: ChildProcess;
  let report: Report;
  let output = '';

  /** An instant query; its series, or Prometheus' error. */
  async function query(promql: string): Promise<Answer> {
    const res = await fetch(`${report.prometheusUrl}/api/v1/query?query=${encodeURIComponent(promql)}`);
    const body = (await res.json()) as { status: string; data?: { result: Sample[] }; error?: string; errorType?: string };
    return body.status === 'success' ? { ok: true, result: body.data!.result } : { ok: false, error: `${body.errorType ?? res.status}: ${body.error ?? ''}` };
  }

  async function series(promql: string): Promise<Sample[]> {
    const answer = await query(promql);
    if (!answer.ok) throw new Error(`${promql}: ${answer.error}`);
    return answer.result;
  }

  /** Polls `promql` until `done` says its series are what we wait for; the last series, or a failure naming the query. */
  async function waitFor(promql: string, done: (result: Sample[]) => boolean, timeoutMs = 40_000): Promise<Sample[]> {
    const deadline = Date.now() + timeoutMs;
    let last: Sample[] = [];
    while (Date.now() < deadline) {
      last = await series(promql);
      if (done(last)) return last;
      await new Promise((r) => setTimeout(r, 500));
    }
    throw new Error(`${promql}: not there after ${timeoutMs / 1000} s; last answer: ${JSON.stringify(last.map((s) => [s.metric, s.value[1]]))}`);
  }

  const bySection = (result: Sample[]) => Object.fromEntries(result.map((s) => [s.metric.qf_section ?? '', Number(s.value[1])]));

  /** Every metric name a query selects (`name{…}`), recorded or raw. */
  const metricNames = (promql: string) => [...new Set([...promql.matchAll(/([a-zA-Z_:][a-zA-Z0-9_:]*)\s*\{/g)].map((m) => m[1]!))];

  /** Recorded series → the servers' series they are recorded from (deploy/prometheus/rules). */
  const recordedFrom = (() => {
    const text = readFileSync(path.join(root, 'deploy/prometheus/rules/qf-recording.rules.yml'), 'utf8');
    const map = new Map<string, string[]>();
    for (const m of text.matchAll(/- record: (\S+)\n\s+expr: ([\s\S]*?)(?=\n\s*- record:|\n\s*#|\n\s*- name:|$)/g)) map.set(m[1]!, metricNames(m[2]!));
    return map;
  })();

  /** The names among those a query reads that have no series at all in Prometheus, with the servers' series behind recorded ones. */
  async function missingSeries(promql: string): Promise<string[]> {
    const missing: string[] = [];
    // ALERTS and up are Prometheus' own.
    for (const name of metricNames(promql).filter((n) => n !== 'ALERTS' && n !== 'up')) {
      for (const source of recordedFrom.get(name) ?? [name]) {
        if ((await series(`count({__name__="${source}"})`)).length) continue;
        missing.push(`${source}${recordedFrom.has(name) ? ` (behind ${name})` : ''}: no series at all (no server exposes it, or none has observed anything yet)`);
      }
    }
    return [...new Set(missing)];
  }

  beforeAll(async () => {
    work = mkdtempSync(path.join(os.tmpdir(), 'qf-cluster-observability-'));
    const reportFile = path.join(work, 'report.json');
    cluster = spawn(process.execPath, [path.join(root, 'scripts', 'cluster.mjs')], {
      cwd: root,
      env: { ...process.env, CLUSTER_PORT: '0', CLUSTER_REPORT: reportFile, CLUSTER_QUIET: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    cluster.stdout!.on('data', (d: Buffer) => (output += d.toString('utf8')));
    cluster.stderr!.on('data', (d: Buffer) => (output += d.toString('utf8')));
    const deadline = Date.now() + 300_000;
    while (!existsSync(reportFile)) {
      if (cluster.exitCode !== null) throw new Error(`npm run cluster exited (${cluster.exitCode}):\n${output}`);
      if (Date.now() > deadline) throw new Error(`npm run cluster did not come up:\n${output}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    report = JSON.parse(readFileSync(reportFile, 'utf8')) as Report;
    if (!report.prometheusUrl) throw new Error(`the cluster runs without Prometheus:\n${output}`);
  });

  afterAll(async () => {
    if (cluster && cluster.exitCode === null) {
      const exited = new Promise((r) => cluster.once('exit', r));
      cluster.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 30_000))]);
    }
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('prints where Prometheus is and scrapes every instance of every server, one job per server', async () => {
    expect(output).toContain(`prometheus: ${report.prometheusUrl}/`);
    expect(new Set(report.servers.map((s) => s.name))).toEqual(new Set(['shell', ...sectionNames]));
    // Every server's metrics on a port of its own, never the site's.
    for (const s of report.servers) expect(s.metricsPort).not.toBe(s.port);
    const expected = report.servers.map((s) => `${s.name} 127.0.0.1:${s.metricsPort}`).sort();
    const targets = (result: Sample[]) => result.filter((s) => s.metric.job !== 'prometheus');
    const up = await waitFor('up', (result) => targets(result).length === expected.length && targets(result).every((s) => s.value[1] === '1'));
    expect(targets(up).map((s) => `${s.metric.job} ${s.metric.instance}`).sort()).toEqual(expected);
    // And nothing else than /metrics on those ports.
    const one = report.servers[0]!;
    expect((await fetch(`http://127.0.0.1:${one.metricsPort}/`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${one.port}/metrics`)).status).toBe(404);
  });

  it("gives each section's request rate and error ratio from the visitors' traffic through nginx", async () => {
    const visit = async () => {
      const statuses: Record<string, number> = {};
      for (const pages of Object.values(PAGES)) for (const page of pages) statuses[page] = (await fetch(`${report.url}${page}`)).status;
      statuses[NOT_FOUND] = (await fetch(`${report.url}${NOT_FOUND}`)).status;
      return statuses;
    };
    const first = await visit();
    expect(first).toEqual({ ...Object.fromEntries(Object.values(PAGES).flat().map((p) => [p, 200])), [NOT_FOUND]: 404 });
    // A counter's first value is not an increase, and nginx spreads the pages over both shells (a
    // page's series on the other shell may be new in the next round): visits go on, every 1.5 s,
    // until each section's rate is above 0.
    let sending = true;
    const traffic = (async () => {
      while (sending) {
        await visit();
        await new Promise((r) => setTimeout(r, 1500));
      }
    })();
    // The recording rules (evaluated every 2 s): a rate above 0 for every section visited…
    let rates: Record<string, number>;
    try {
      rates = bySection(await waitFor('qf_section:http_server_requests:rate5m', (result) => Object.keys(PAGES).every((s) => bySection(result)[s]! > 0), 60_000));
    } finally {
      sending = false;
      await traffic;
    }
    // A newsletter sign-up through the shells, for the forms' panel (an address of its own per attempt).
    const signup = await fetch(`${report.url}/api/forms/newsletter?lang=en`, { method: 'POST', headers: { 'content-type': 'application/json', origin: report.url }, body: JSON.stringify({ email: `observability-${Date.now()}@example.org` }) });
    expect(signup.status).toBe(201);
    // … and an error ratio of 0 (a 404 is an answer, not an error), not a missing series (its group is
    // evaluated on its own: NaN, 0 / 0, until it sees the rates above 0 too).
    const ratios = bySection(await waitFor('qf_section:http_server_errors:ratio_rate5m', (result) => Object.keys(PAGES).every((s) => Number.isFinite(bySection(result)[s]))));
    console.log(`observability: requests/s per section ${JSON.stringify(rates)}, 5xx ratio ${JSON.stringify(ratios)}`);
    for (const section of Object.keys(PAGES)) expect([section, ratios[section]]).toEqual([section, 0]);
    // The same from the raw series, and the 404 counted as such for the section that answered it.
    const raw = bySection(await series('sum by (qf_section) (rate(http_server_request_duration_seconds_count{job="shell", qf_section!=""}[5m]))'));
    for (const section of Object.keys(PAGES)) expect(raw[section]).toBeGreaterThan(0);
    const notFound = await waitFor('sum by (qf_section) (http_server_request_duration_seconds_count{job="shell", http_response_status_code="404"})', (result) => result.length > 0);
    expect(notFound.map((s) => s.metric.qf_section)).toEqual(['mf-content']);
    // Each section's own server counts the shells' page requests under its own name.
    const own = await waitFor('sum by (job, qf_section) (http_server_request_duration_seconds_count{job=~"mf-.+", http_route="/_qf/page"})', (result) => Object.keys(PAGES).every((s) => result.some((r) => r.metric.job === s)));
    for (const s of own) expect(s.metric.qf_section).toBe(s.metric.job);
  });

  it('answers every query of the Grafana dashboard with series, but those listed as empty here with their reason', async () => {
    const queries = dashboardQueries();
    const titles = new Set(queries.map((q) => q.panel));
    // The list of exceptions names panels that exist.
    expect(Object.keys(EXPECTED_EMPTY).filter((t) => !titles.has(t))).toEqual([]);
    // Rates over a minute: let a scrape and a rule evaluation follow the traffic of the test above.
    await new Promise((r) => setTimeout(r, 5000));
    const failures: string[] = [];
    const lines: string[] = [];
    for (const q of queries) {
      const answer = await query(q.promql);
      if (!answer.ok) {
        failures.push(`${q.panel}: ${q.promql}\n    Prometheus refuses it: ${answer.error}`);
        continue;
      }
      const reason = EXPECTED_EMPTY[q.panel];
      if (answer.result.length) {
        lines.push(`  ${q.panel}: ${answer.result.length} series${reason ? ' (listed as expected empty: it has data after all)' : ''}`);
        continue;
      }
      const missing = await missingSeries(q.promql);
      const because = missing.length ? `; series missing in Prometheus: ${missing.join(', ')}` : '';
      if (reason) lines.push(`  ${q.panel}: empty as expected (${reason})${because}`);
      else failures.push(`${q.panel}: ${q.promql}\n    no series${because}`);
    }
    console.log(`observability: the dashboard's ${queries.length} queries against the cluster's Prometheus:\n${lines.join('\n')}`);
    if (failures.length) throw new Error(`${failures.length} dashboard queries without an answer:\n${failures.join('\n')}`);
  });
});
