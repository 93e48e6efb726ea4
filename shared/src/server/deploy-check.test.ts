// `npm run deploy:check` (deploy/check/cli.ts): the manifests against the Kubernetes and Argo Rollouts
// schemas, the canary analysis against the supervisor's PromQL, the kustomization, the workflows against
// GitHub's schema; and that each of those fails, naming the file, the object and the field, when it should.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RELEASE_QUERIES } from '../../scripts/prometheus-health';
import {
  canaryAnalysisQuery,
  checkArgoRules,
  checkCanaryAnalysis,
  checkKustomization,
  checkRollouts,
  kindOf,
  nameOf,
  parseManifests,
  parseYaml,
  readK8s,
  repoRoot,
  supervisorCanaryRule,
  type Manifest,
} from '../../../deploy/check/check';
import type { DeployCheckReport } from '../../../deploy/check/cli';

jest.setTimeout(60_000);

const manifests = parseManifests(readK8s());
const rule = supervisorCanaryRule();
const k8sDir = path.join(repoRoot, 'deploy', 'k8s');
const workflowsDir = path.join(repoRoot, '.github', 'workflows');

/** deploy:check as `npm run deploy:check -- …` runs it, with the project's Node. */
function deployCheck(args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, ['-r', './scripts/ts-register.cjs', 'deploy/check/cli.ts', ...args], { cwd: repoRoot, encoding: 'utf8', env: { ...process.env, INIT_CWD: repoRoot } });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

const report = (args: string[]) => {
  const r = deployCheck([...args, '--json']);
  return { status: r.status, report: JSON.parse(r.stdout) as DeployCheckReport, stderr: r.stderr };
};

/** The one manifest of a kind and name. */
const one = (ms: Manifest[], kind: string, name: string) => ms.find((m) => kindOf(m) === kind && nameOf(m) === name)!;
/** The manifests with one file's text changed. */
const changed = (file: string, edit: (text: string) => string) => {
  const files = readK8s();
  const text = files[file]!;
  const next = edit(text);
  if (next === text) throw new Error(`the edit of ${file} changed nothing`);
  return parseManifests({ ...files, [file]: next });
};

describe('deploy:check on the repository', () => {
  it('passes deploy/k8s and .github/workflows, and says what it checked against', () => {
    const { status, report: r, stderr } = report([]);
    expect({ status, findings: r.findings, stderr }).toEqual({ status: 0, findings: [], stderr: '' });
    expect(r.schemas).toEqual(['Kubernetes v1.36.0 (kubernetes-models 5.1.0)', 'Argo Rollouts v1.9.0 (@kubernetes-models/argo-rollouts 2.0.0)']);
    // Every manifest file and every object in it; the kustomization as a Kustomize file, not an API object.
    expect(r.manifests.map((m) => m.file)).toEqual(Object.keys(readK8s()).map((f) => `deploy/k8s/${f}`));
    expect(r.manifests.flatMap((m) => m.objects)).toEqual(manifests.map((m) => `${kindOf(m)} ${nameOf(m)}`));
    expect(r.kustomizations).toEqual(['deploy/k8s/kustomization.yaml']);
    // Every workflow file, whatever the issue counted (the five sections', the reusable section
    // pipeline, the shell's and the site's).
    expect(r.workflows).toEqual(readdirSync(workflowsDir).sort().map((f) => `.github/workflows/${f}`));
    expect(r.workflows.length).toBe(8);
  });

  it('prints what it checked and exits 0', () => {
    const { status, stdout } = deployCheck([]);
    expect(status).toBe(0);
    expect(stdout).toMatch(/^deploy:check: validated against Kubernetes v1\.36\.0 .*Argo Rollouts v1\.9\.0/);
    expect(stdout).toContain('deploy/k8s/mf-events.yaml: ConfigMap mf-events-env, Rollout mf-events, Service mf-events, Service mf-events-stable, Service mf-events-canary');
    expect(stdout).toMatch(/deploy:check: OK \(47 objects in 8 files, 1 kustomization, 8 workflows\)\n$/);
  });
});

describe('deploy:check refuses what the cluster, Argo Rollouts or GitHub would', () => {
  let work: string;
  beforeAll(() => {
    work = mkdtempSync(path.join(os.tmpdir(), 'qf-deploy-check-'));
    cpSync(k8sDir, path.join(work, 'k8s'), { recursive: true });
    cpSync(workflowsDir, path.join(work, 'workflows'), { recursive: true });
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  const edit = (file: string, from: string, to: string) => {
    const at = path.join(work, file);
    const text = readFileSync(at, 'utf8');
    if (!text.includes(from)) throw new Error(`${file} has no ${from}`);
    writeFileSync(at, text.replace(from, to));
    return text.slice(0, text.indexOf(from)).split('\n').length;
  };

  it('names the file and line, the object and the field of each problem, and exits 1', () => {
    const lines = {
      // A Deployment with a string where the API has an integer.
      replicas: edit('k8s/shell.yaml', '  replicas: 2\n', '  replicas: "two"\n'),
      // An unknown key in a Rollout's container (Kubernetes' pod schema inside Argo's CRD).
      unknown: edit('k8s/mf-events.yaml', '          imagePullPolicy: IfNotPresent\n', '          imagePullPolicy: IfNotPresent\n          imagePulPolicy: Always\n') + 1,
      // A wrong type in a Rollout's canary step (the CRD's own schema).
      setWeight: edit('k8s/mf-idkt.yaml', '        - setWeight: 50\n', '        - setWeight: half\n'),
      // An unknown field of an AnalysisTemplate's metric.
      metric: edit('k8s/analysis-template.yaml', '      count: 15\n', '      count: 15\n      countt: 2\n') + 1,
      // An API version clusters of the supported releases no longer serve.
      pdb: edit('k8s/mf-forms.yaml', 'apiVersion: policy/v1\nkind: PodDisruptionBudget', 'apiVersion: policy/v1beta1\nkind: PodDisruptionBudget'),
      // An unknown key under a job of a workflow.
      workflow: edit('workflows/shell.yml', '    runs-on: ubuntu-latest\n', '    runs-on: ubuntu-latest\n    timeout: 5\n') + 1,
    };
    const { status, report: r } = report([path.join(work, 'k8s'), '--workflows', path.join(work, 'workflows')]);
    expect(status).toBe(1);
    const k8s = path.join(work, 'k8s');
    expect(r.findings).toEqual([
      { file: `${k8s}/analysis-template.yaml`, line: lines.metric, object: 'AnalysisTemplate qf-section-canary', field: 'spec.metrics[0].countt', message: expect.stringMatching(/^unknown field/) },
      { file: `${k8s}/mf-events.yaml`, line: lines.unknown, object: 'Rollout mf-events', field: 'spec.template.spec.containers[0].imagePulPolicy', message: expect.stringMatching(/^unknown field/) },
      { file: `${k8s}/mf-forms.yaml`, line: lines.pdb, object: 'PodDisruptionBudget mf-forms', field: 'apiVersion', message: expect.stringContaining('policy/v1beta1 is not an API version this project deploys with') },
      { file: `${k8s}/mf-idkt.yaml`, line: lines.setWeight, object: 'Rollout mf-idkt', field: 'spec.strategy.canary.steps[0].setWeight', message: 'must be integer (is "half")' },
      { file: `${k8s}/shell.yaml`, line: lines.replicas, object: 'Deployment shell', field: 'spec.replicas', message: 'must be integer (is "two")' },
      { file: `${work}/workflows/shell.yml`, line: lines.workflow, message: "Unexpected value 'timeout'" },
    ]);
    // The same, as a person reads it.
    const text = deployCheck([path.join(work, 'k8s'), '--workflows', path.join(work, 'workflows')]);
    expect(text.status).toBe(1);
    expect(text.stderr).toContain(`${k8s}/shell.yaml:${lines.replicas}: Deployment shell: spec.replicas: must be integer (is "two")\n`);
    expect(text.stderr).toMatch(/deploy:check: 6 problems \(/);
  });

  it('refuses YAML a cluster would not read, naming the file and line', () => {
    const dir = path.join(work, 'yaml');
    cpSync(k8sDir, dir, { recursive: true });
    writeFileSync(path.join(dir, 'shell.yaml'), readFileSync(path.join(dir, 'shell.yaml'), 'utf8').replace('  replicas: 2\n', '  replicas: 2\n  replicas: 3\n'));
    const { status, report: r } = report([dir]);
    expect(status).toBe(1);
    expect(r.findings).toContainEqual({ file: `${dir}/shell.yaml`, message: expect.stringMatching(/^Map keys must be unique at line \d+/) });
  });
});

describe('the canary analysis is the supervisor\'s canary', () => {
  it('the AnalysisTemplate asks the canary\'s PromQL (RELEASE_QUERIES) and judges with the supervisor\'s margin', () => {
    expect(checkCanaryAnalysis(manifests, RELEASE_QUERIES, rule)).toEqual([]);
    expect(Number.isFinite(rule.margin) && Number.isInteger(rule.minRequests)).toBe(true);
  });

  it('fails when the canary\'s PromQL or the supervisor\'s rule changes and the template does not follow', () => {
    const queries = { ...RELEASE_QUERIES, serverErrors: RELEASE_QUERIES.serverErrors.replace('"5.."', '"5..|429"') };
    expect(checkCanaryAnalysis(manifests, queries, rule)).toEqual([expect.stringContaining('is not the canary\'s PromQL')]);
    expect(checkCanaryAnalysis(manifests, RELEASE_QUERIES, { ...rule, minRequests: rule.minRequests + 1 })).toEqual([expect.stringContaining('is not the canary\'s PromQL')]);
    expect(checkCanaryAnalysis(manifests, RELEASE_QUERIES, { ...rule, minReporters: rule.minReporters + 1 })).toEqual([expect.stringContaining('is not the canary\'s PromQL')]);
    expect(checkCanaryAnalysis(manifests, RELEASE_QUERIES, { ...rule, margin: rule.margin * 2 })).toEqual([expect.stringContaining('successCondition'), expect.stringContaining('failureCondition')]);
    const lenient = changed('analysis-template.yaml', (t) => t.replace('failureLimit: 0', 'failureLimit: 2'));
    expect(checkCanaryAnalysis(lenient, RELEASE_QUERIES, rule)).toEqual([expect.stringContaining('failureLimit of error-ratio-above-live is 2')]);
    expect(() => canaryAnalysisQuery({ ...RELEASE_QUERIES, requests: 'sum(http_server_request_duration_seconds_count)' }, rule)).toThrow(/changed shape/);
  });

  it('the promtool cases of deploy/prometheus/tests/canary-analysis.test.yml run the template\'s query word for word', () => {
    const template = one(manifests, 'AnalysisTemplate', 'qf-section-canary').doc as { spec: { metrics: { provider: { prometheus: { query: string } } }[] } };
    const query = template.spec.metrics[0]!.provider.prometheus.query;
    const args: Record<string, string> = { section: 'mf-events', 'canary-release': 'c2', window: '10m' };
    const expected = query.replace(/\{\{args\.([a-z-]+)\}\}/g, (_, name: string) => args[name]!);
    const [tests] = parseYaml(readFileSync(path.join(repoRoot, 'deploy/prometheus/tests/canary-analysis.test.yml'), 'utf8')) as { tests: { promql_expr_test: { expr: string }[] }[] }[];
    const exprs = tests!.tests.flatMap((t) => t.promql_expr_test.map((e) => e.expr));
    expect(exprs.length).toBe(5);
    for (const expr of exprs) expect(expr).toBe(expected);
  });

  it('reads the supervisor\'s rule from its source, and says so when it moved', () => {
    const fake = mkdtempSync(path.join(os.tmpdir(), 'qf-rule-'));
    try {
      cpSync(path.join(repoRoot, 'shared/scripts/supervisor.ts'), path.join(fake, 'shared/scripts/supervisor.ts'));
      writeFileSync(path.join(fake, 'shared/scripts/supervisor.ts'), readFileSync(path.join(fake, 'shared/scripts/supervisor.ts'), 'utf8').replace(/margin: ([\d.]+), everyMs/, 'margin: 0.07, everyMs'));
      expect(supervisorCanaryRule(fake)).toEqual({ ...rule, margin: 0.07 });
      writeFileSync(path.join(fake, 'shared/scripts/supervisor.ts'), 'export const nothing = 1;\n');
      expect(() => supervisorCanaryRule(fake)).toThrow(/default canaryRule was not found/);
    } finally {
      rmSync(fake, { recursive: true, force: true });
    }
  });
});

describe('each section\'s Rollout', () => {
  it('passes Argo Rollouts\' own rules and the project\'s (stable and canary Services, analysis, release label)', () => {
    expect(manifests.filter((m) => kindOf(m) === 'Rollout').map(nameOf)).toEqual(['mf-content', 'mf-events', 'mf-forms', 'mf-idkt', 'mf-media-center']);
    expect(checkArgoRules(manifests)).toEqual([]);
    expect(checkRollouts(manifests)).toEqual([]);
  });

  it('refuses a canary the analysis could not tell from the live release, or that nothing judges', () => {
    const noLabel = changed('mf-content.yaml', (t) => t.replace('        qf-release: unreleased\n', ''));
    expect(checkRollouts(noLabel)).toEqual([expect.stringContaining('Rollout mf-content: the pod template has no qf-release label')]);
    const wrongField = changed('mf-content.yaml', (t) => t.replace('fieldPath: spec.template.metadata.labels.qf-release', 'fieldPath: metadata.labels.qf-release'));
    expect(checkRollouts(wrongField)).toEqual([expect.stringContaining('canary-release must come from spec.template.metadata.labels.qf-release')]);
    const noAnalysis = changed('mf-events.yaml', (t) => t.replace(/        - analysis:\n[\s\S]*?fieldPath: spec\.template\.metadata\.labels\.qf-release\n/, ''));
    expect(checkRollouts(noAnalysis)).toEqual([expect.stringContaining('Rollout mf-events: no analysis step')]);
    const noPause = changed('mf-idkt.yaml', (t) => t.replace('        - pause: {}\n', '        - pause:\n            duration: 5m\n'));
    expect(checkRollouts(noPause)).toEqual([expect.stringContaining('no pause without a duration before the analysis')]);
    const sameService = changed('mf-forms.yaml', (t) => t.replace('canaryService: mf-forms-canary', 'canaryService: mf-forms-stable'));
    expect(checkRollouts(sameService)).toEqual([expect.stringContaining('canaryService is mf-forms-stable, mf-forms-canary expected')]);
    expect(checkArgoRules(sameService)).toEqual([expect.stringContaining('stableService and canaryService are the same Service')]);
  });

  it('refuses what Argo Rollouts\' controller would mark invalid', () => {
    const weight = changed('mf-content.yaml', (t) => t.replace('- setWeight: 50', '- setWeight: 150'));
    expect(checkArgoRules(weight)).toEqual([expect.stringContaining('steps[0].setWeight: between 0 and 100')]);
    const count = changed('analysis-template.yaml', (t) => t.replace('count: 15', 'count: 2'));
    expect(checkArgoRules(count)).toEqual([expect.stringContaining('count (2) must be >= failureLimit + consecutiveSuccessLimit'), expect.stringContaining('count must be >= inconclusiveLimit')]);
  });
});

describe('kustomization.yaml, as Kustomize reads it', () => {
  const kustomization = () => parseYaml(readFileSync(path.join(k8sDir, 'kustomization.yaml'), 'utf8'))[0] as Record<string, never>;

  it('lists every manifest, each of which exists, and retags images the containers run', () => {
    expect(checkKustomization(k8sDir, 'deploy/k8s/kustomization.yaml', kustomization(), manifests.map((m) => ({ ...m, file: `deploy/k8s/${m.file}` })))).toEqual([]);
  });

  it('refuses an unknown field, a missing or unlisted file and an image no container runs', () => {
    const doc = kustomization() as Record<string, unknown>;
    const resources = (doc.resources as string[]).filter((r) => r !== 'analysis-template.yaml');
    const broken = { ...doc, resource: [], resources: [...resources, 'missing.yaml'], images: [...(doc.images as object[]), { name: 'qf/mf-cms', newTag: 'latest' }] };
    expect(checkKustomization(k8sDir, 'deploy/k8s/kustomization.yaml', broken as never, manifests.map((m) => ({ ...m, file: `deploy/k8s/${m.file}` })))).toEqual([
      'deploy/k8s/kustomization.yaml: resource: not a field of a Kustomization',
      'deploy/k8s/kustomization.yaml: resources: missing.yaml is neither a file nor a folder with a kustomization.yaml',
      'deploy/k8s/kustomization.yaml: analysis-template.yaml is not in resources: kubectl apply -k would leave it out',
      'deploy/k8s/kustomization.yaml: images: qf/mf-cms is no container\'s image here: its tag would change nothing',
    ]);
  });
});
