import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dashboardQueries } from '../../deploy/grafana/queries';
import { sectionNames } from '../../scripts/workspaces.cjs';

/**
 * deploy/prometheus and deploy/grafana as promtool sees them (issue 32): the rules load, every
 * configuration is valid, the alerts' unit tests pass (deploy/prometheus/tests/*.test.yml, each alert
 * with cases that fire and cases that stay silent), and every query of the dashboard parses. promtool
 * comes with Debian's `prometheus` package, installed here when missing and we are root
 * (scripts/prometheus.mjs, as the cluster installs it). Skipped only outside CI when it cannot be had.
 */
jest.setTimeout(300_000);

const root = path.resolve(__dirname, '..', '..');
const promDir = path.join(root, 'deploy', 'prometheus');
const rulesDir = path.join(promDir, 'rules');
const testsDir = path.join(promDir, 'tests');

/** Runs an ES module snippet of the scripts with the project's Node; its stdout, trimmed. */
function script(code: string): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', code], { cwd: root, encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout.trim(), stderr: r.stderr };
}

// promtool, installed from Debian when missing and we are root (its apt output goes to this log).
const found = script(`import { ensurePromtool } from './scripts/prometheus.mjs'; console.log(ensurePromtool(console.error) ?? '');`);
const promtool = found.stdout.split('\n').at(-1) ?? '';
const inCI = process.env.CI === 'true' || process.env.CI === '1';

function run(args: string[], cwd = promDir): { status: number | null; output: string } {
  const r = spawnSync(promtool, args, { cwd, encoding: 'utf8' });
  return { status: r.status, output: `$ promtool ${args.join(' ')}\n${r.stdout}${r.stderr}` };
}

/** Passes when promtool exited 0; otherwise fails with what it printed. */
function expectSuccess(result: { status: number | null; output: string }): void {
  if (result.status !== 0) throw new Error(`promtool failed (exit ${result.status}):\n${result.output}`);
}

const ruleFiles = readdirSync(rulesDir).filter((f) => f.endsWith('.rules.yml')).sort();
const testFiles = readdirSync(testsDir).filter((f) => f.endsWith('.test.yml')).sort();

if (!promtool && inCI) {
  test('promtool is available', () => {
    throw new Error(`promtool could not be found or installed (Debian: apt-get install -y prometheus):\n${found.stderr}`);
  });
}

(promtool ? describe : describe.skip)(`deploy/prometheus with promtool (${promtool || 'skipped: promtool is not installed and we are not root to install it'})`, () => {
  let work: string;
  beforeAll(() => {
    work = mkdtempSync(path.join(os.tmpdir(), 'qf-promtool-'));
  });
  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('loads the recording rules and the alerts (promtool check rules)', () => {
    expect(ruleFiles).toEqual(['qf-alerts.rules.yml', 'qf-recording.rules.yml']);
    expectSuccess(run(['check', 'rules', ...ruleFiles.map((f) => path.join('rules', f))]));
  });

  it('passes the rules\' unit tests (promtool test rules)', () => {
    expect(testFiles.length).toBeGreaterThan(0);
    const result = run(['test', 'rules', ...testFiles.map((f) => path.join('tests', f))]);
    expectSuccess(result);
    expect(result.output).not.toMatch(/FAILED/);
  });

  it('tests every alert both ways: at least one case where it fires and one where it stays silent', () => {
    const alerts = ruleFiles.flatMap((f) => [...readFileSync(path.join(rulesDir, f), 'utf8').matchAll(/^\s*- alert: (\S+)/gm)].map((m) => m[1]!));
    expect(alerts.length).toBeGreaterThanOrEqual(10);
    const cases = testFiles.flatMap((f) => [...readFileSync(path.join(testsDir, f), 'utf8').matchAll(/alertname: (\S+)\n\s*exp_alerts:( \[\])?/g)].map((m) => ({ alert: m[1]!, fires: !m[2] })));
    const missing = alerts.flatMap((a) => [
      ...(cases.some((c) => c.alert === a && c.fires) ? [] : [`${a}: no case where it fires`]),
      ...(cases.some((c) => c.alert === a && !c.fires) ? [] : [`${a}: no case where it stays silent`]),
    ]);
    expect(missing).toEqual([]);
    // And no test names an alert that does not exist.
    expect(cases.map((c) => c.alert).filter((a) => !alerts.includes(a))).toEqual([]);
  });

  it('accepts the static example for ops (promtool check config)', () => {
    expectSuccess(run(['check', 'config', 'prometheus.example.yml']));
  });

  it("accepts the cluster's configuration as scripts/cluster.mjs renders it", () => {
    const rendered = script(
      `import { renderClusterConfig } from './scripts/prometheus.mjs';
       import { remotes, shell } from './scripts/workspaces.mjs';
       const names = [shell.name, ...remotes.map((r) => r.name)];
       console.log(JSON.stringify(renderClusterConfig({ servers: names.flatMap((name, i) => [{ name, metricsPort: 40000 + 2 * i }, { name, metricsPort: 40001 + 2 * i }]), prometheusAddress: '127.0.0.1:39999' })));`,
    );
    expect(rendered.stderr).toBe('');
    const config = JSON.parse(rendered.stdout) as string;
    for (const job of ['shell', ...sectionNames]) expect(config).toContain(`job_name: ${job}\n`);
    expect(config).not.toMatch(/\{\{/);
    const file = path.join(work, 'prometheus.yml');
    writeFileSync(file, config);
    expectSuccess(run(['check', 'config', file]));
  });

  it('accepts the Kubernetes scrape configuration', () => {
    const direct = run(['check', 'config', 'kubernetes-scrape.yml']);
    if (direct.status === 0) return;
    // Debian builds Prometheus without Kubernetes service discovery ("field kubernetes_sd_configs not
    // found"): then everything else (relabelling, rules, alerting) is checked with the pods listed
    // from a file instead; any other failure is the file's.
    if (!/field kubernetes_sd_configs not found/.test(direct.output)) expectSuccess(direct);
    console.log('promtool: this Prometheus has no Kubernetes discovery (Debian build); kubernetes-scrape.yml checked with file_sd_configs in place of kubernetes_sd_configs');
    const copy = path.join(work, 'k8s');
    mkdirSync(path.join(copy, 'rules'), { recursive: true });
    for (const f of ruleFiles) copyFileSync(path.join(rulesDir, f), path.join(copy, 'rules', f));
    const source = readFileSync(path.join(promDir, 'kubernetes-scrape.yml'), 'utf8');
    expect(source).toMatch(/kubernetes_sd_configs:\n\s+- role: pod\n/);
    writeFileSync(path.join(copy, 'kubernetes-scrape.yml'), source.replace(/kubernetes_sd_configs:\n(\s+)- role: pod\n/g, 'file_sd_configs:\n$1- files: [pods.json]\n'));
    writeFileSync(path.join(copy, 'pods.json'), '[]\n');
    expectSuccess(run(['check', 'config', 'kubernetes-scrape.yml'], copy));
  });

  it("parses every query of the Grafana dashboard (as recording rules, with the dashboard's variables set)", () => {
    const queries = dashboardQueries();
    expect(queries.length).toBeGreaterThan(20);
    // Every panel and target reads the datasource variable, so ops pick their Prometheus.
    expect(queries.filter((q) => q.datasources.some((uid) => uid !== '${datasource}')).map((q) => q.panel)).toEqual([]);
    const rules = ['groups:', '  - name: dashboard', '    rules:', ...queries.flatMap((q, i) => [`      - record: dashboard_query_${i}`, `        expr: ${JSON.stringify(q.promql)}`])].join('\n');
    const file = path.join(work, 'dashboard.rules.yml');
    writeFileSync(file, `${rules}\n`);
    const result = run(['check', 'rules', file]);
    if (result.status !== 0) throw new Error(`a dashboard query does not parse:\n${result.output}\n${queries.map((q, i) => `dashboard_query_${i}: ${q.panel}: ${q.expr}`).join('\n')}`);
  });
});
