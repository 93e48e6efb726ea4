// `npm run deploy:check [-- DIR…] [--workflows DIR] [--json]`: the Kubernetes manifests of DIR (default
// deploy/k8s, every *.yaml/*.yml below it) read as the cluster reads them and validated against the API
// schema (schema.ts), Argo Rollouts' rules and the canary's PromQL (check.ts), each kustomization.yaml
// as Kustomize reads it, and the GitHub workflows (default .github/workflows) as GitHub reads them
// (workflows.ts). Exit 0 printing what was checked; exit 1 naming, for each problem, the file and line,
// the object (kind and name) and the field.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { RELEASE_QUERIES } from '../../shared/scripts/prometheus-health';
import {
  checkAll,
  checkArgoRules,
  checkCanaryAnalysis,
  checkKustomization,
  checkRollouts,
  kindOf,
  nameOf,
  parseManifests,
  parseYaml,
  repoRoot,
  supervisorCanaryRule,
  type Manifest,
} from './check';
import { type Finding, formatFinding, SCHEMAS, schemaVersionProblems, validateObjects } from './schema';
import { validateWorkflows } from './workflows';

/** What one run checked and found (`--json` prints it). */
export interface DeployCheckReport {
  /** The schemas validated against, e.g. "Kubernetes v1.36.0 (kubernetes-models 5.1.0)". */
  schemas: string[];
  /** Each manifest file and the objects in it (`Kind name`). */
  manifests: { file: string; objects: string[] }[];
  kustomizations: string[];
  workflows: string[];
  findings: Finding[];
}

const isKustomization = (f: string) => /^kustomization\.ya?ml$/.test(path.basename(f));

/** Every YAML file under `dir`, sorted (a file given directly is itself). */
function yamlFiles(dir: string): string[] {
  if (statSync(dir).isFile()) return [dir];
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((e) => (e.isDirectory() ? (e.name === 'node_modules' ? [] : yamlFiles(path.join(dir, e.name))) : /\.ya?ml$/.test(e.name) ? [path.join(dir, e.name)] : []));
}

/** How a path is shown: from the repository's root when it is inside it. */
const shown = (abs: string) => {
  const rel = path.relative(repoRoot, abs);
  return rel.startsWith('..') || path.isAbsolute(rel) ? abs : rel.split(path.sep).join('/');
};

/** A problem the string checks of check.ts reported (`file: …`), as a finding of its file. */
function findingOf(problem: string, files: string[], fallback: string): Finding {
  const file = files.find((f) => problem.startsWith(`${f}: `));
  return file ? { file, message: problem.slice(file.length + 2) } : { file: fallback, message: problem };
}

export async function deployCheck(dirs: string[], workflowsDir: string): Promise<DeployCheckReport> {
  const { load } = await import('./esm.mjs');
  const findings: Finding[] = schemaVersionProblems().map((message) => ({ file: 'package.json', message }));
  const report: DeployCheckReport = { schemas: SCHEMAS.map((s) => `${s.of} (${s.package} ${s.version})`), manifests: [], kustomizations: [], workflows: [], findings };
  for (const dir of dirs) {
    const files = yamlFiles(dir);
    const manifests: Manifest[] = [];
    const kustomizations: { abs: string; file: string; doc: Record<string, unknown> }[] = [];
    for (const abs of files) {
      const file = shown(abs);
      const text = readFileSync(abs, 'utf8');
      try {
        if (isKustomization(abs)) {
          const [doc] = parseYaml(text);
          kustomizations.push({ abs, file, doc: (doc ?? {}) as Record<string, unknown> });
        } else {
          const parsed = parseManifests({ [file]: text });
          manifests.push(...parsed);
          report.manifests.push({ file, objects: parsed.map((m) => `${String(kindOf(m))} ${String(nameOf(m))}`) });
        }
      } catch (error) {
        // parseManifests names the file; a line, when the parser gave one, is kept in the message.
        findings.push({ file, message: (error as Error).message.replace(`${file}: `, '') });
      }
    }
    const shownFiles = files.map(shown);
    const label = shown(dir);
    findings.push(...(await validateObjects(manifests, load)));
    const rolloutsOrTemplates = manifests.some((m) => kindOf(m) === 'Rollout' || kindOf(m) === 'AnalysisTemplate');
    const problems = [
      ...checkAll(manifests),
      ...checkArgoRules(manifests),
      ...checkRollouts(manifests),
      ...(rolloutsOrTemplates ? checkCanaryAnalysis(manifests, RELEASE_QUERIES, supervisorCanaryRule()) : []),
      ...kustomizations.flatMap((k) => {
        report.kustomizations.push(k.file);
        return checkKustomization(path.dirname(k.abs), k.file, k.doc as Parameters<typeof checkKustomization>[2], manifests);
      }),
    ];
    findings.push(...problems.map((p) => findingOf(p, shownFiles, label)));
  }
  const workflows = await validateWorkflows(workflowsDir, shown(workflowsDir), load);
  report.workflows = workflows.files.map((f) => path.posix.join(shown(workflowsDir), f));
  findings.push(...workflows.findings);
  return report;
}

async function main(argv: string[]): Promise<number> {
  const base = process.env.INIT_CWD ?? process.cwd();
  const dirs: string[] = [];
  let workflowsDir = path.join(repoRoot, '.github', 'workflows');
  let json = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--json') json = true;
    else if (arg === '--workflows') workflowsDir = path.resolve(base, argv[++i] ?? '');
    else if (arg.startsWith('-')) {
      console.error(`deploy:check: unknown option ${arg}\nusage: npm run deploy:check [-- DIR…] [--workflows DIR] [--json]`);
      return 2;
    } else dirs.push(path.resolve(base, arg));
  }
  if (!dirs.length) dirs.push(path.join(repoRoot, 'deploy', 'k8s'));
  const report = await deployCheck(dirs, workflowsDir);
  if (json) console.log(JSON.stringify(report, null, 2));
  else {
    console.log(`deploy:check: validated against ${report.schemas.join(', ')}`);
    for (const m of report.manifests) console.log(`  ${m.file}: ${m.objects.join(', ')}`);
    for (const k of report.kustomizations) console.log(`  ${k}: Kustomization (fields, resources, images)`);
    console.log(`  ${report.workflows.length} workflows against GitHub's workflow schema (@actions/workflow-parser): ${report.workflows.join(', ')}`);
    for (const f of report.findings) console.error(formatFinding(f));
    const objects = report.manifests.reduce((n, m) => n + m.objects.length, 0);
    const n = (count: number, what: string) => `${count} ${what}${count === 1 ? '' : 's'}`;
    const summary = `${n(objects, 'object')} in ${n(report.manifests.length, 'file')}, ${n(report.kustomizations.length, 'kustomization')}, ${n(report.workflows.length, 'workflow')}`;
    if (report.findings.length) console.error(`deploy:check: ${report.findings.length} problem${report.findings.length === 1 ? '' : 's'} (${summary})`);
    else console.log(`deploy:check: OK (${summary})`);
  }
  return report.findings.length ? 1 : 0;
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
