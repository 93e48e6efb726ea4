// Static checks of deploy/docker/*.Dockerfile and deploy/k8s/*.yaml: no container engine or cluster is
// needed. Used by shell/server/deploy.test.ts, shared/src/server/deploy.test.ts (the four content
// remotes) and mf-forms/server/deploy.test.ts, each with the variables its server knows, taken from the
// code, and by `npm run deploy:check` (cli.ts: the same YAML against the Kubernetes and Argo Rollouts
// schemas, schema.ts) with shared/src/server/deploy-check.test.ts. The YAML is read by the `yaml`
// package as the cluster reads it (below): a manifest cannot be read one way here and another there.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { LineCounter, parseAllDocuments } from 'yaml';

export const repoRoot = path.resolve(__dirname, '..', '..');
export const deployDir = path.join(repoRoot, 'deploy');

/** The shell or a section (any well-formed name: the sections are the workspaces', scripts/workspaces.cjs). */
export type ServerName = 'shell' | `mf-${string}`;

export interface ServerSpec {
  name: ServerName;
  /** The port the server listens on when PORT is not set. */
  defaultPort: number;
  /** Every environment variable the server reads. */
  known: ReadonlySet<string>;
}

/**
 * Variables read by Node or the libraries rather than our code: NODE_ENV makes the React and other
 * libraries the remotes load from node_modules at run time pick their production builds.
 */
export const PLATFORM_ENV = ['NODE_ENV'] as const;

/**
 * Whether a server reads a variable: one its code knows, or an OpenTelemetry SDK setting (`OTEL_…`,
 * read by the SDK itself once OTEL_EXPORTER_OTLP_ENDPOINT turns tracing on: shared/src/server/tracing.ts).
 */
export const reads = (spec: Pick<ServerSpec, 'known'>, name: string): boolean => spec.known.has(name) || /^OTEL_[A-Z0-9_]+$/.test(name);

/** Where the build puts a server's entry point (scripts/workspaces.mjs isBuilt). */
export const entryPoint = (name: ServerName) => (name === 'shell' ? 'shell/dist/server/main.js' : `${name}/dist/app/main.js`);

/**
 * The content source's variables (every server reads them through contentSourceFromEnv), read from the
 * keys of the zod object in shared/src/content/source.ts, which does not export its schema.
 */
export function contentEnv(root = repoRoot): string[] {
  const source = readFileSync(path.join(root, 'shared/src/content/source.ts'), 'utf8');
  const block = /const envSchema = z\s*\.object\(\{([\s\S]*?)\n\s*\}\)/.exec(source)?.[1];
  const keys = [...(block ?? '').matchAll(/^\s*([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]!);
  if (!keys.includes('CONTENT_SOURCE') || !keys.includes('CONTENT_DIR')) throw new Error('shared/src/content/source.ts: the content variables were not found (did the schema move?)');
  return keys;
}

/** `env.X` / `env['X']` reads in a workspace's server folder (tests excluded), for what a server reads beyond the shared schemas. */
export function envReadsIn(dir: string): string[] {
  const files = (d: string): string[] =>
    readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(d, e.name)) : /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path.join(d, e.name)] : []));
  return [...new Set(files(dir).flatMap((f) => [...readFileSync(f, 'utf8').matchAll(/\benv(?:\.([A-Z][A-Z0-9_]*)|\[\s*['"]([A-Z][A-Z0-9_]*)['"]\s*\])/g)].map((m) => (m[1] ?? m[2])!)))];
}

// ---------------------------------------------------------------------------------------------------
// YAML, read as Kubernetes reads it: the `yaml` package with YAML 1.1's scalars (sigs.k8s.io/yaml, which
// kubectl and the API server decode manifests with, is go-yaml with 1.1 semantics: `on`, `yes`, `no` are
// booleans there, so an unquoted `on` in a ConfigMap is refused by the cluster, and here too). Duplicate
// keys are an error (the API server's strict decoding refuses them); so is any syntax error, with its line.

export type Yaml = string | number | boolean | null | Yaml[] | { [key: string]: Yaml };
type Obj = { [key: string]: Yaml };

/** A path into a document: keys and indices (`['spec', 'template', 'spec', 'containers', 0]`). */
export type YamlPath = (string | number)[];

/** One document of a stream: its value, and the line (1-based) a path into it starts on. */
export interface YamlDocument {
  value: Yaml;
  lineOf: (path: YamlPath) => number | undefined;
}

const YAML_OPTIONS = { version: '1.1', uniqueKeys: true, strict: true, prettyErrors: true } as const;

/** Parse a stream of YAML documents, with where each path starts. Empty documents are dropped. */
export function parseYamlDocuments(source: string): YamlDocument[] {
  const counter = new LineCounter();
  const out: YamlDocument[] = [];
  for (const doc of parseAllDocuments(source, { ...YAML_OPTIONS, lineCounter: counter })) {
    const [error] = doc.errors;
    if (error) throw new Error(error.message.split('\n')[0]!.replace(/:$/, ''));
    const value = doc.toJS({ maxAliasCount: 100 }) as Yaml | undefined;
    if (value === null || value === undefined) continue;
    out.push({
      value,
      lineOf: (path) => {
        for (let p = path; p.length; p = p.slice(0, -1)) {
          const node = doc.getIn(p, true) as { range?: [number, number, number] } | undefined;
          // A key's value node may be a scalar: its range starts at the value; a collection at its first entry.
          const pair = p.length ? (doc.getIn(p.slice(0, -1), true) as { items?: { key?: { value?: unknown; range?: [number, number, number] } }[] } | undefined)?.items?.find((i) => i.key?.value === p[p.length - 1]) : undefined;
          const at = pair?.key?.range?.[0] ?? node?.range?.[0];
          if (at !== undefined) return counter.linePos(at).line;
        }
        return undefined;
      },
    });
  }
  return out;
}

/** Parse a stream of YAML documents to plain values. Empty documents are dropped. */
export const parseYaml = (source: string): Yaml[] => parseYamlDocuments(source).map((d) => d.value);

// ---------------------------------------------------------------------------------------------------
// Dockerfiles

export interface Instruction {
  op: string;
  args: string;
  line: number;
}

export interface Stage {
  from: string;
  name?: string;
  instructions: Instruction[];
}

/** The stages of a Dockerfile with their instructions (continuation lines joined, comments dropped). */
export function parseDockerfile(source: string): Stage[] {
  const stages: Stage[] = [];
  const lines = source.replace(/\r\n/g, '\n').split('\n');
  for (let i = 0; i < lines.length; i++) {
    const start = i;
    let text = lines[i]!.trim();
    if (text === '' || text.startsWith('#')) continue;
    while (text.endsWith('\\') && i + 1 < lines.length) {
      i++;
      const next = lines[i]!.trim();
      text = `${text.slice(0, -1).trimEnd()} ${next.startsWith('#') ? '' : next}`.trimEnd();
    }
    const m = /^(\w+)\s*(.*)$/.exec(text)!;
    const instruction = { op: m[1]!.toUpperCase(), args: m[2]!, line: start + 1 };
    if (instruction.op === 'FROM') {
      const from = /^(?:--platform=\S+\s+)?(\S+)(?:\s+AS\s+(\S+))?$/i.exec(instruction.args);
      if (!from) throw new Error(`line ${start + 1}: cannot read FROM ${instruction.args}`);
      stages.push({ from: from[1]!, ...(from[2] ? { name: from[2] } : {}), instructions: [] });
    } else {
      if (!stages.length) {
        if (instruction.op === 'ARG') continue;
        throw new Error(`line ${start + 1}: ${instruction.op} before FROM`);
      }
      stages[stages.length - 1]!.instructions.push(instruction);
    }
  }
  return stages;
}

/** `ENV A=1 B="two words"` (and the legacy `ENV A 1`) as pairs. */
export function envPairs(args: string): [string, string][] {
  if (!/^[A-Za-z_][A-Za-z0-9_]*=/.test(args)) {
    const m = /^(\S+)\s+(.*)$/.exec(args);
    return m ? [[m[1]!, m[2]!]] : [];
  }
  return [...args.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=("(?:[^"\\]|\\.)*"|'[^']*'|\S*)/g)].map((m) => [m[1]!, m[2]!.replace(/^(["'])(.*)\1$/, '$2')]);
}

/** The node major of an official image reference (`node:24-bookworm-slim` → 24), or null. */
export const nodeMajorOfImage = (image: string): number | null => {
  const m = /^(?:docker\.io\/)?(?:library\/)?node:(\d+)/.exec(image);
  return m ? Number(m[1]) : null;
};

/** The Node major the project is built for: package.json engines (>=24) and its `node` dev dependency. */
export function projectNodeMajor(root = repoRoot): number {
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { engines?: { node?: string }; devDependencies?: Record<string, string> };
  const engines = /(\d+)/.exec(pkg.engines?.node ?? '')?.[1];
  const pinned = /(\d+)\./.exec(pkg.devDependencies?.node ?? '')?.[1];
  if (!engines) throw new Error('package.json has no engines.node');
  if (pinned && pinned !== engines) throw new Error(`package.json: engines.node (${engines}) and the node dev dependency (${pinned}) disagree`);
  return Number(engines);
}

/** Problems of one server's Dockerfile; an empty list means it passes. */
export function checkDockerfile(source: string, spec: ServerSpec, nodeMajor: number): string[] {
  const problems: string[] = [];
  const stages = parseDockerfile(source);
  if (stages.length < 2) problems.push('not multi-stage: a build stage and a runtime stage are expected');
  for (const stage of stages) {
    const major = nodeMajorOfImage(stage.from);
    if (major === null && !stages.some((s) => s.name === stage.from)) problems.push(`FROM ${stage.from}: not the official node image`);
    if (major !== null && major !== nodeMajor) problems.push(`FROM ${stage.from}: Node ${major}, the project runs Node ${nodeMajor}`);
    for (const ins of stage.instructions.filter((i) => i.op === 'ENV')) {
      for (const [name] of envPairs(ins.args)) if (!reads(spec, name)) problems.push(`line ${ins.line}: ENV ${name} is not a variable ${spec.name} reads`);
    }
  }
  const runtime = stages[stages.length - 1];
  if (!runtime) return [...problems, 'no FROM'];
  const of = (op: string) => runtime.instructions.filter((i) => i.op === op);
  const env = new Map(of('ENV').flatMap((i) => envPairs(i.args)));
  const port = env.has('PORT') ? Number(env.get('PORT')) : spec.defaultPort;
  if (env.get('HOST') !== '0.0.0.0') problems.push('the runtime stage must set HOST=0.0.0.0 (the servers listen on 127.0.0.1 by default)');
  const exposed = of('EXPOSE').flatMap((i) => i.args.split(/\s+/)).map((p) => Number(p.replace(/\/tcp$/, '')));
  if (!exposed.length) problems.push('no EXPOSE');
  for (const p of exposed) if (p !== port) problems.push(`EXPOSE ${p}: ${spec.name} listens on ${port}`);
  const user = of('USER').at(-1)?.args.split(':')[0];
  if (!user || user === 'root' || user === '0') problems.push(`the runtime stage runs as ${user ?? 'root'}: a non-root USER is expected`);
  const health = of('HEALTHCHECK').at(-1)?.args ?? '';
  if (!/\bCMD\s+\[/.test(health)) problems.push('no HEALTHCHECK in exec form (CMD ["node", …])');
  else {
    const cmd = JSON.parse(health.slice(health.indexOf('['))) as string[];
    if (cmd[0] !== 'node') problems.push(`HEALTHCHECK runs ${cmd[0]}: the slim image has node, not curl or wget`);
    const script = cmd.join(' ');
    // Every path literal ('/…') and URL it asks must be /healthz, every port it names the server's.
    const paths = [...script.matchAll(/['"`](\/[^'"`\s]*)['"`]/g)].map((m) => m[1]!);
    const urls = [...script.matchAll(/https?:\/\/[^'"`\s]+/g)].map((m) => m[0]);
    if (!script.includes('/healthz')) problems.push('HEALTHCHECK does not ask /healthz');
    for (const p of paths) if (p !== '/healthz') problems.push(`HEALTHCHECK asks ${p}, not /healthz`);
    for (const u of urls) if (/\/[^/]/.test(u.replace(/^https?:\/\//, '')) && !u.endsWith('/healthz')) problems.push(`HEALTHCHECK asks ${u}, not /healthz`);
    const ports = [...urls.flatMap((u) => /^https?:\/\/[^/:]+:(\d+)/.exec(u)?.slice(1) ?? []), ...[...script.matchAll(/process\.env\.PORT\s*(?:\|\||\?\?)\s*['"]?(\d+)/g)].map((m) => m[1]!)];
    for (const p of ports) if (Number(p) !== port) problems.push(`HEALTHCHECK asks port ${p}: ${spec.name} listens on ${port}`);
  }
  const cmd = of('CMD').at(-1)?.args;
  if (!cmd?.startsWith('[')) problems.push('CMD must be in exec form: ["node", "dist/…/main.js"]');
  else {
    const argv = JSON.parse(cmd) as string[];
    const workdir = of('WORKDIR').reduce((dir, i) => path.posix.resolve(dir, i.args), '/');
    const file = path.posix.resolve(workdir, argv[1] ?? '');
    const expected = entryPoint(spec.name);
    if (argv[0] !== 'node' || !file.endsWith(`/${expected}`)) problems.push(`CMD runs ${argv.join(' ')} in ${workdir}: the build produces ${expected}`);
    else {
      const appDir = file.slice(0, -expected.length);
      const dist = path.posix.join(appDir, expected.split('/')[0]!, 'dist');
      const copied = of('COPY').some((i) => /--from=/.test(i.args) && i.args.trim().split(/\s+/).at(-1)!.replace(/\/$/, '') === dist);
      if (!copied) problems.push(`the runtime stage does not copy the build into ${dist}`);
    }
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------------
// Kubernetes manifests

export interface Manifest {
  file: string;
  doc: Obj;
  /** The line a path into the document starts on, when the manifest was read from text. */
  lineOf?: (path: YamlPath) => number | undefined;
}

/**
 * What runs a server's pods: a Deployment (the shell: a rolling update), or an Argo Rollouts Rollout
 * (each section: a canary judged by Prometheus, deploy/README.md "Progressive delivery"). Both hold the
 * pod template at spec.template, so every check of the pods reads either.
 */
export const WORKLOAD_KINDS = ['Deployment', 'Rollout'] as const;
const isWorkload = (m: Manifest) => (WORKLOAD_KINDS as readonly (string | undefined)[]).includes(kindOf(m));

const obj = (v: Yaml | undefined): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? v : {});
const list = (v: Yaml | undefined): Yaml[] => (Array.isArray(v) ? v : []);
const str = (v: Yaml | undefined): string | undefined => (typeof v === 'string' ? v : undefined);

export const kindOf = (m: Manifest) => str(m.doc.kind);
export const nameOf = (m: Manifest) => str(obj(m.doc.metadata).name);

/** Parse manifests given as file name → text. */
export function parseManifests(files: Record<string, string>): Manifest[] {
  return Object.entries(files).flatMap(([file, text]) => {
    try {
      return parseYamlDocuments(text).map(({ value, lineOf }) => ({ file, doc: obj(value), lineOf }));
    } catch (error) {
      throw new Error(`${file}: ${(error as Error).message}`);
    }
  });
}

/** Problems found in every manifest, whatever server it belongs to. */
export function checkAll(manifests: Manifest[]): string[] {
  const problems: string[] = [];
  for (const m of manifests) {
    if (!kindOf(m) || !str(m.doc.apiVersion) || !nameOf(m)) problems.push(`${m.file}: a document without apiVersion, kind or metadata.name`);
    if (kindOf(m) === 'Secret') {
      for (const key of ['data', 'stringData']) if (Object.keys(obj(m.doc[key])).length) problems.push(`${m.file}: Secret ${nameOf(m)} holds literal ${key}; secrets are created outside the repository and referenced`);
    }
    if (kindOf(m) === 'ConfigMap') {
      for (const [key, value] of Object.entries(obj(m.doc.data))) {
        if (typeof value !== 'string') problems.push(`${m.file}: ConfigMap ${nameOf(m)} ${key} is not a string (quote it)`);
        if (/SECRET|PASSWORD|TOKEN|PRIVATE_KEY|DATABASE_URL|SMTP_URL/.test(key)) problems.push(`${m.file}: ConfigMap ${nameOf(m)} holds ${key}, a secret: reference it from a Secret`);
      }
    }
  }
  return problems;
}

/** The containers' env names of a Deployment, with the values the manifests give (secrets: undefined). */
function containerEnv(container: Obj, manifests: Manifest[]): { names: Map<string, string | undefined>; problems: string[] } {
  const names = new Map<string, string | undefined>();
  const problems: string[] = [];
  for (const ref of list(container.envFrom).map(obj)) {
    const cm = str(obj(ref.configMapRef).name);
    if (cm) {
      const found = manifests.find((m) => kindOf(m) === 'ConfigMap' && nameOf(m) === cm);
      if (!found) problems.push(`envFrom: ConfigMap ${cm} is not in the manifests`);
      for (const [key, value] of Object.entries(obj(found?.doc.data))) names.set(key, str(value));
    }
    if (ref.secretRef) problems.push('envFrom secretRef: its keys cannot be checked statically; reference each key with secretKeyRef');
  }
  for (const entry of list(container.env).map(obj)) {
    const name = str(entry.name);
    if (!name) continue;
    const from = obj(entry.valueFrom);
    if ('value' in entry) names.set(name, str(entry.value) ?? String(entry.value));
    else if (from.secretKeyRef) names.set(name, undefined);
    else if (from.configMapKeyRef) {
      const ref = obj(from.configMapKeyRef);
      const cm = manifests.find((m) => kindOf(m) === 'ConfigMap' && nameOf(m) === str(ref.name));
      names.set(name, str(obj(cm?.doc.data)[str(ref.key) ?? '']));
    } else if (!from.fieldRef && !from.resourceFieldRef) problems.push(`env ${name}: neither a value nor a reference`);
    if ('value' in entry && /SECRET|PASSWORD|TOKEN|PRIVATE_KEY|DATABASE_URL|SMTP_URL/.test(name)) problems.push(`env ${name}: a literal secret; use secretKeyRef`);
  }
  return { names, problems };
}

/** The Secrets (name → keys) a Deployment or Rollout references. */
export function secretRefs(manifests: Manifest[]): Map<string, Set<string>> {
  const refs = new Map<string, Set<string>>();
  for (const m of manifests.filter(isWorkload)) {
    for (const c of list(obj(obj(obj(m.doc.spec).template).spec).containers).map(obj)) {
      for (const e of list(c.env).map(obj)) {
        const ref = obj(obj(e.valueFrom).secretKeyRef);
        const name = str(ref.name);
        if (name) refs.set(name, (refs.get(name) ?? new Set()).add(str(ref.key) ?? ''));
      }
    }
  }
  return refs;
}

/** Problems of one server's Deployment or Rollout, Service, HorizontalPodAutoscaler and PodDisruptionBudget. */
export function checkServerManifests(manifests: Manifest[], spec: ServerSpec): string[] {
  const problems: string[] = [];
  const named = (kind: string) => manifests.filter((m) => kindOf(m) === kind && nameOf(m) === spec.name);
  const [deployment, ...extra] = manifests.filter((m) => isWorkload(m) && nameOf(m) === spec.name);
  if (!deployment) return [`no Deployment or Rollout ${spec.name}`];
  const workload = kindOf(deployment)!;
  if (extra.length) problems.push(`more than one Deployment or Rollout ${spec.name}`);
  const where = `${deployment.file}: ${workload} ${spec.name}`;
  const dspec = obj(deployment.doc.spec);
  if (dspec.replicas !== 2) problems.push(`${where}: replicas ${String(dspec.replicas)}, 2 expected`);
  const labels = obj(obj(obj(dspec.template).metadata).labels);
  const selector = obj(obj(dspec.selector).matchLabels);
  if (!Object.keys(selector).length || Object.entries(selector).some(([k, v]) => labels[k] !== v)) problems.push(`${where}: selector does not match the pod labels`);
  const pod = obj(obj(dspec.template).spec);
  const podSecurity = obj(pod.securityContext);
  const containers = list(pod.containers).map(obj);
  if (containers.length !== 1) problems.push(`${where}: one container expected`);
  const volumes = new Map(list(pod.volumes).map(obj).map((v) => [str(v.name), v]));
  let port = spec.defaultPort;
  for (const c of containers) {
    const cname = `${where} container ${str(c.name)}`;
    const security = obj(c.securityContext);
    if (security.runAsNonRoot !== true && podSecurity.runAsNonRoot !== true) problems.push(`${cname}: runAsNonRoot is not set`);
    if (security.readOnlyRootFilesystem !== true) problems.push(`${cname}: readOnlyRootFilesystem is not true`);
    if (security.allowPrivilegeEscalation !== false) problems.push(`${cname}: allowPrivilegeEscalation is not false`);
    const resources = obj(c.resources);
    if (!Object.keys(obj(resources.requests)).length || !obj(resources.limits).memory) problems.push(`${cname}: resources (requests, memory limit) missing`);
    const env = containerEnv(c, manifests);
    problems.push(...env.problems.map((p) => `${cname}: ${p}`));
    for (const name of env.names.keys()) if (!reads(spec, name)) problems.push(`${cname}: ${name} is not a variable ${spec.name} reads`);
    if (env.names.has('PORT')) port = Number(env.names.get('PORT'));
    const host = env.names.get('HOST');
    if (env.names.has('HOST') && host !== '0.0.0.0') problems.push(`${cname}: HOST=${host}: the pod is reached on its own address, 0.0.0.0 expected`);
    const ports = list(c.ports).map(obj);
    if (!ports.length) problems.push(`${cname}: no containerPort`);
    // The metrics listener (METRICS_PORT, observability.ts) is the port named `metrics`; every other is the server's.
    const metricsPort = env.names.has('METRICS_PORT') ? Number(env.names.get('METRICS_PORT')) : undefined;
    for (const p of ports) {
      if (p.name !== 'metrics') {
        if (p.containerPort !== port) problems.push(`${cname}: containerPort ${String(p.containerPort)}, ${spec.name} listens on ${port}`);
      } else if (metricsPort === undefined) problems.push(`${cname}: a metrics port (${String(p.containerPort)}) but no METRICS_PORT: nothing listens there`);
      else if (p.containerPort !== metricsPort) problems.push(`${cname}: metrics containerPort ${String(p.containerPort)}, METRICS_PORT is ${metricsPort}`);
    }
    if (metricsPort !== undefined) {
      if (metricsPort === port || metricsPort === 0) problems.push(`${cname}: METRICS_PORT ${metricsPort}: the metrics need a fixed port of their own, not the site's`);
      if (!ports.some((p) => p.name === 'metrics')) problems.push(`${cname}: METRICS_PORT ${metricsPort} without a container port named metrics`);
      // Prometheus finds the pods by their annotations (deploy/prometheus/kubernetes-scrape.yml).
      const annotations = obj(obj(obj(dspec.template).metadata).annotations);
      const expected: Record<string, string> = { 'prometheus.io/scrape': 'true', 'prometheus.io/port': String(metricsPort), 'prometheus.io/path': '/metrics' };
      for (const [key, value] of Object.entries(expected)) if (annotations[key] !== value) problems.push(`${where}: pod annotation ${key} is ${JSON.stringify(annotations[key] ?? null)}, ${JSON.stringify(value)} expected`);
    }
    const portOf = (v: Yaml | undefined) => (typeof v === 'number' ? v : ports.find((p) => p.name === v)?.containerPort);
    for (const probe of ['readinessProbe', 'livenessProbe', 'startupProbe']) {
      if (!(probe in c)) {
        if (probe !== 'startupProbe') problems.push(`${cname}: no ${probe}`);
        continue;
      }
      const get = obj(obj(c[probe]).httpGet);
      // Ready is /healthz (503 while a server builds what it needs); started and alive is /livez, so a
      // server indexing a large store is kept out of the Service, not restarted (issue 35).
      const wanted = probe === 'readinessProbe' ? '/healthz' : '/livez';
      if (get.path !== wanted) problems.push(`${cname}: ${probe} asks ${String(get.path)}, not ${wanted}`);
      if (portOf(get.port) !== port) problems.push(`${cname}: ${probe} port ${String(get.port)}, ${spec.name} listens on ${port}`);
    }
    for (const mount of list(c.volumeMounts).map(obj)) {
      const volume = volumes.get(str(mount.name));
      if (!volume) problems.push(`${cname}: mounts ${String(mount.name)}, which is not a volume`);
      const cm = str(obj(volume?.configMap).name);
      if (cm && !manifests.some((m) => kindOf(m) === 'ConfigMap' && nameOf(m) === cm)) problems.push(`${cname}: volume ConfigMap ${cm} is not in the manifests`);
    }
  }
  const [service] = named('Service');
  if (!service) problems.push(`no Service ${spec.name}`);
  else {
    const sspec = obj(service.doc.spec);
    const sel = obj(sspec.selector);
    if (!Object.keys(sel).length || Object.entries(sel).some(([k, v]) => labels[k] !== v)) problems.push(`Service ${spec.name}: its selector does not select the pods`);
    for (const p of list(sspec.ports).map(obj)) {
      const target = typeof p.targetPort === 'number' ? p.targetPort : list(containers[0]?.ports).map(obj).find((x) => x.name === p.targetPort)?.containerPort;
      if (target !== port) problems.push(`Service ${spec.name}: targetPort ${String(p.targetPort)}, ${spec.name} listens on ${port}`);
    }
  }
  const [hpa] = named('HorizontalPodAutoscaler');
  if (!hpa) problems.push(`no HorizontalPodAutoscaler ${spec.name}`);
  else {
    const target = obj(obj(hpa.doc.spec).scaleTargetRef);
    if (hpa.doc.apiVersion !== 'autoscaling/v2') problems.push(`HorizontalPodAutoscaler ${spec.name}: autoscaling/v2 expected`);
    if (target.kind !== workload || target.name !== spec.name || target.apiVersion !== deployment.doc.apiVersion) problems.push(`HorizontalPodAutoscaler ${spec.name}: does not scale ${workload} ${spec.name} (${String(deployment.doc.apiVersion)})`);
    if (Number(obj(hpa.doc.spec).minReplicas) < 2) problems.push(`HorizontalPodAutoscaler ${spec.name}: minReplicas below 2`);
  }
  const [pdb] = named('PodDisruptionBudget');
  if (!pdb) problems.push(`no PodDisruptionBudget ${spec.name}`);
  else {
    const pspec = obj(pdb.doc.spec);
    if (pspec.minAvailable !== 1) problems.push(`PodDisruptionBudget ${spec.name}: minAvailable 1 expected`);
    const sel = obj(obj(pspec.selector).matchLabels);
    if (!Object.keys(sel).length || Object.entries(sel).some(([k, v]) => labels[k] !== v)) problems.push(`PodDisruptionBudget ${spec.name}: its selector does not select the pods`);
  }
  if (workload === 'Rollout') problems.push(...checkRollout(manifests, deployment, port));
  return problems;
}

/** The environment a server's Deployment or Rollout gives its container (ConfigMap values, literal values; secrets undefined). */
export function deploymentEnv(manifests: Manifest[], name: ServerName): Map<string, string | undefined> {
  const deployment = manifests.find((m) => isWorkload(m) && nameOf(m) === name);
  const container = obj(list(obj(obj(obj(deployment?.doc.spec).template).spec).containers)[0]);
  return containerEnv(container, manifests).names;
}

// ---------------------------------------------------------------------------------------------------
// Progressive delivery: each section's Rollout, and the AnalysisTemplate its canary is judged by

/** The AnalysisTemplate every section's canary is judged by (deploy/k8s/analysis-template.yaml). */
export const CANARY_TEMPLATE = 'qf-section-canary';
/** Its metric: the canary's error ratio minus the live releases', from every shell's counts. */
export const CANARY_METRIC = 'error-ratio-above-live';
/**
 * The pod-template label naming the release (the build id, `build-info.json` buildId) a Rollout's pods
 * serve: the shells label a section's pages with it (qf_release), and the analysis reads it to tell the
 * canary's pages from the live release's.
 */
export const RELEASE_LABEL = 'qf-release';
const RELEASE_FIELD = `spec.template.metadata.labels.${RELEASE_LABEL}`;

/** An AnalysisTemplate's arguments a caller must give (no value or valueFrom of their own). */
const requiredArgs = (template: Manifest) =>
  list(obj(template.doc.spec).args)
    .map(obj)
    .filter((a) => !('value' in a) && !('valueFrom' in a))
    .map((a) => str(a.name) ?? '');

/** Problems of a section's Rollout: its canary, the Services Argo Rollouts steers, the analysis that judges it. */
function checkRollout(manifests: Manifest[], rollout: Manifest, port: number): string[] {
  const name = nameOf(rollout)!;
  const where = `${rollout.file}: Rollout ${name}`;
  const problems: string[] = [];
  const rspec = obj(rollout.doc.spec);
  const labels = obj(obj(obj(rspec.template).metadata).labels);
  if (typeof labels[RELEASE_LABEL] !== 'string') problems.push(`${where}: the pod template has no ${RELEASE_LABEL} label (the release its pods serve, which the canary analysis reads)`);
  if (RELEASE_LABEL in obj(obj(rspec.selector).matchLabels)) problems.push(`${where}: ${RELEASE_LABEL} is in the selector: a selector never changes, a release does`);
  if ('workloadRef' in rspec) problems.push(`${where}: workloadRef: the Rollout holds the pod template itself (deploy/README.md)`);
  const canary = obj(obj(rspec.strategy).canary);
  if (!Object.keys(canary).length) return [...problems, `${where}: no canary strategy`];
  for (const [field, service] of [
    ['stableService', `${name}-stable`],
    ['canaryService', `${name}-canary`],
  ] as const) {
    if (canary[field] !== service) problems.push(`${where}: ${field} is ${String(canary[field])}, ${service} expected`);
    const found = manifests.find((m) => kindOf(m) === 'Service' && nameOf(m) === service);
    if (!found) {
      problems.push(`${where}: Service ${service} is not in the manifests`);
      continue;
    }
    const sspec = obj(found.doc.spec);
    const sel = obj(sspec.selector);
    if (!Object.keys(sel).length || Object.entries(sel).some(([k, v]) => labels[k] !== v)) problems.push(`Service ${service}: its selector does not select ${name}'s pods`);
    for (const p of list(sspec.ports).map(obj)) if (p.targetPort !== port) problems.push(`Service ${service}: targetPort ${String(p.targetPort)}, ${name} listens on ${port}`);
  }
  const steps = list(canary.steps).map(obj);
  const firstAnalysis = steps.findIndex((s) => 'analysis' in s);
  if (firstAnalysis < 0) problems.push(`${where}: no analysis step: nothing would judge the canary before it is promoted`);
  // Visitors reach the canary once the registry names it (deploy/README.md): the rollout waits for that.
  else if (!steps.slice(0, firstAnalysis).some((s) => 'pause' in s && obj(s.pause).duration === undefined)) problems.push(`${where}: no pause without a duration before the analysis (the registry sends visitors to the canary during it)`);
  for (const [i, step] of steps.entries()) {
    if (!('analysis' in step)) continue;
    const analysis = obj(step.analysis);
    const at = `${where}: steps[${i}].analysis`;
    const names = list(analysis.templates).map((t) => str(obj(t).templateName));
    if (!names.includes(CANARY_TEMPLATE)) problems.push(`${at}: does not use AnalysisTemplate ${CANARY_TEMPLATE}`);
    const templates = names.map((n) => manifests.find((m) => kindOf(m) === 'AnalysisTemplate' && nameOf(m) === n));
    const missing = names.filter((_, j) => !templates[j]);
    if (missing.length) {
      problems.push(...missing.map((n) => `${at}: AnalysisTemplate ${String(n)} is not in the manifests`));
      continue;
    }
    const args = new Map(list(analysis.args).map(obj).map((a) => [str(a.name) ?? '', a]));
    const declared = new Set(templates.flatMap((t) => (t ? list(obj(t.doc.spec).args).map((a) => str(obj(a).name) ?? '') : [])));
    for (const t of templates) for (const arg of t ? requiredArgs(t) : []) if (!args.has(arg)) problems.push(`${at}: argument ${arg} of AnalysisTemplate ${nameOf(t!)} is not given`);
    for (const arg of args.keys()) if (!declared.has(arg)) problems.push(`${at}: argument ${arg} is not one the AnalysisTemplate declares`);
    const section = args.get('section');
    if (section && section.value !== name) problems.push(`${at}: section is ${String(section.value)}, ${name} expected`);
    const release = args.get('canary-release');
    if (release && obj(obj(release.valueFrom).fieldRef).fieldPath !== RELEASE_FIELD) problems.push(`${at}: canary-release must come from ${RELEASE_FIELD} (valueFrom.fieldRef)`);
  }
  return problems;
}

/** Every Rollout's checks (checkRollout), with the port its container serves on (its `http` port). */
export function checkRollouts(manifests: Manifest[]): string[] {
  return manifests
    .filter((m) => kindOf(m) === 'Rollout')
    .flatMap((m) => {
      const ports = list(obj(list(obj(obj(obj(m.doc.spec).template).spec).containers)[0]).ports).map(obj);
      const port = (ports.find((p) => p.name === 'http') ?? ports[0])?.containerPort;
      return checkRollout(manifests, m, typeof port === 'number' ? port : NaN);
    });
}

const STEP_KINDS = ['setWeight', 'pause', 'analysis', 'experiment', 'setCanaryScale', 'setHeaderRoute', 'setMirrorRoute', 'plugin'];
const DURATION = /^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/;

/**
 * What Argo Rollouts' controller refuses beyond the CRD schema (its pkg/apis/rollouts/validation and
 * utils/analysis ValidateMetric, v1.9), for what these manifests use: a Rollout or AnalysisTemplate that
 * applies cleanly but that the controller marks invalid and never acts on.
 */
export function checkArgoRules(manifests: Manifest[]): string[] {
  const problems: string[] = [];
  for (const m of manifests.filter((x) => kindOf(x) === 'Rollout')) {
    const where = `${m.file}: Rollout ${nameOf(m)}: spec.strategy.canary`;
    const canary = obj(obj(obj(m.doc.spec).strategy).canary);
    const routed = 'trafficRouting' in canary;
    if (canary.stableService !== undefined && canary.stableService === canary.canaryService) problems.push(`${where}: stableService and canaryService are the same Service: two are required`);
    if (canary.maxSurge === 0 && canary.maxUnavailable === 0) problems.push(`${where}: maxSurge and maxUnavailable both 0: the rollout could never move`);
    if (!routed) for (const key of ['scaleDownDelaySeconds', 'dynamicStableScale']) if (key in canary) problems.push(`${where}.${key}: only with trafficRouting`);
    for (const [i, step] of list(canary.steps).map(obj).entries()) {
      const kinds = Object.keys(step).filter((k) => STEP_KINDS.includes(k));
      if (kinds.length !== 1 || Object.keys(step).length !== 1) problems.push(`${where}.steps[${i}]: a step has exactly one of ${STEP_KINDS.join(', ')}`);
      if (typeof step.setWeight === 'number' && (step.setWeight < 0 || step.setWeight > 100)) problems.push(`${where}.steps[${i}].setWeight: between 0 and 100`);
      if ('setCanaryScale' in step && !routed) problems.push(`${where}.steps[${i}].setCanaryScale: only with trafficRouting`);
      const duration = obj(step.pause).duration;
      if (typeof duration === 'string' && !DURATION.test(duration)) problems.push(`${where}.steps[${i}].pause.duration: ${duration} is not a duration (30s, 5m, 1h)`);
      if (typeof duration === 'number' && duration < 0) problems.push(`${where}.steps[${i}].pause.duration: negative`);
    }
  }
  for (const m of manifests.filter((x) => kindOf(x) === 'AnalysisTemplate')) {
    for (const [i, metric] of list(obj(m.doc.spec).metrics).map(obj).entries()) {
      const where = `${m.file}: AnalysisTemplate ${nameOf(m)}: spec.metrics[${i}] (${String(metric.name)})`;
      const num = (key: string, fallback: number) => (typeof metric[key] === 'number' ? (metric[key] as number) : fallback);
      const count = num('count', 0);
      const failureLimit = num('failureLimit', 0);
      const successLimit = num('consecutiveSuccessLimit', 0);
      const inconclusiveLimit = num('inconclusiveLimit', 0);
      if (count > 0 && successLimit >= 0 && failureLimit >= 0 && count < failureLimit + successLimit) problems.push(`${where}: count (${count}) must be >= failureLimit + consecutiveSuccessLimit`);
      if (count > 0 && count < inconclusiveLimit) problems.push(`${where}: count must be >= inconclusiveLimit`);
      if (successLimit === 0 && failureLimit === -1) problems.push(`${where}: failureLimit and consecutiveSuccessLimit cannot both be disabled`);
      if (count > 1 && !metric.interval) problems.push(`${where}: interval must be given when count > 1`);
      for (const key of ['interval', 'initialDelay']) if (typeof metric[key] === 'string' && !DURATION.test(metric[key] as string)) problems.push(`${where}: ${key} ${String(metric[key])} is not a duration`);
      const providers = Object.keys(obj(metric.provider));
      if (providers.length !== 1) problems.push(`${where}: exactly one provider (${providers.join(', ') || 'none'})`);
    }
  }
  return problems;
}

/** The supervisor's canary rule (its defaults, shared/scripts/supervisor.ts): the analysis judges as it does. */
export interface CanaryRule {
  /** Pages the canary must have served before it is judged. */
  minRequests: number;
  /** How much worse (a share: 0.05 is five points) its error ratio may be than the live release's. */
  margin: number;
  /** Clients that must have reported browser failures before those reports count (issue 37, L1). */
  minReporters: number;
}

/** The supervisor's default canary rule, read from its source (it is not exported). */
export function supervisorCanaryRule(root = repoRoot): CanaryRule {
  const source = readFileSync(path.join(root, 'shared/scripts/supervisor.ts'), 'utf8');
  const m = /canaryRule\s*=\s*options\.canaryRule\s*\?\?\s*\{\s*minRequests:\s*(\d+),\s*margin:\s*([\d.]+),\s*everyMs:\s*\d+,\s*minReporters:\s*(\d+)/.exec(source);
  if (!m) throw new Error('shared/scripts/supervisor.ts: the default canaryRule was not found (did it move?)');
  return { minRequests: Number(m[1]), margin: Number(m[2]), minReporters: Number(m[3]) };
}

/** The canary's PromQL (shared/scripts/prometheus-health.ts RELEASE_QUERIES): counts per section and release. */
export interface ReleaseQueries {
  requests: string;
  serverErrors: string;
  widgetErrors: string;
  browserErrors: string;
  reporters: string;
}

/**
 * The analysis query, made from the canary's own PromQL so that the two cannot drift: each of
 * RELEASE_QUERIES' series (`sum by (qf_section, qf_release) (series{…})`, totals since each shell
 * started) is counted over the analysis window for the section, once for the canary's release and once
 * for every other (the live one), and the errors (5xx, widgets that failed on the server, failures
 * browsers reported, counted only while at least `minReporters` clients reported them: the most any
 * one shell saw) are divided by the pages as the supervisor does. The answer is the canary's ratio
 * minus the live ratio, and nothing until the canary has served `minRequests` pages in the window (so
 * the measurement is inconclusive rather than a verdict on a handful of pages).
 */
export function canaryAnalysisQuery(queries: ReleaseQueries, rule: CanaryRule): string {
  const series = (query: string, release: 'canary' | 'live', aggregation: 'sum' | 'max') => {
    const m = new RegExp(`^${aggregation} by \\(qf_section, qf_release\\) \\(([a-zA-Z_:][a-zA-Z0-9_:]*)\\{(.*)\\}\\)$`).exec(query);
    if (!m) throw new Error(`the canary's PromQL changed shape (${query}): update canaryAnalysisQuery`);
    const which = release === 'canary' ? 'qf_release="{{args.canary-release}}"' : 'qf_release!="{{args.canary-release}}"';
    return `${m[1]}{${m[2]},qf_section="{{args.section}}",${which}}`;
  };
  const count = (query: string, release: 'canary' | 'live') => `sum(increase(${series(query, release, 'sum')}[{{args.window}}]))`;
  const errors = (release: 'canary' | 'live') =>
    [
      `(${count(queries.serverErrors, release)} or vector(0))`,
      `(${count(queries.widgetErrors, release)} or vector(0))`,
      `(${count(queries.browserErrors, release)} and on() (max(${series(queries.reporters, release, 'max')}) >= ${rule.minReporters}) or vector(0))`,
    ].join('\n    + ');
  return [
    '(',
    `    ${errors('canary')}`,
    `  ) / (${count(queries.requests, 'canary')} >= ${rule.minRequests})`,
    '- (',
    '    (',
    `      ${errors('live').replaceAll('\n    + ', '\n      + ')}`,
    `    ) / (${count(queries.requests, 'live')} > 0)`,
    '    or vector(0)',
    '  )',
    '',
  ].join('\n');
}

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Problems of the canary AnalysisTemplate: its query and verdict must be the supervisor's. */
export function checkCanaryAnalysis(manifests: Manifest[], queries: ReleaseQueries, rule: CanaryRule): string[] {
  const template = manifests.find((m) => kindOf(m) === 'AnalysisTemplate' && nameOf(m) === CANARY_TEMPLATE);
  if (!template) return [`no AnalysisTemplate ${CANARY_TEMPLATE}`];
  const where = `${template.file}: AnalysisTemplate ${CANARY_TEMPLATE}`;
  const metric = list(obj(template.doc.spec).metrics)
    .map(obj)
    .find((m) => m.name === CANARY_METRIC);
  if (!metric) return [`${where}: no metric ${CANARY_METRIC}`];
  const problems: string[] = [];
  const expected = canaryAnalysisQuery(queries, rule);
  const query = str(obj(obj(metric.provider).prometheus).query) ?? '';
  if (squash(query) !== squash(expected)) problems.push(`${where}: the query of ${CANARY_METRIC} is not the canary's PromQL (shared/scripts/prometheus-health.ts RELEASE_QUERIES, minRequests ${rule.minRequests}); it should read:\n${expected}`);
  const conditions = { successCondition: `len(result) > 0 && result[0] <= ${rule.margin}`, failureCondition: `len(result) > 0 && result[0] > ${rule.margin}` };
  for (const [key, value] of Object.entries(conditions)) if (squash(str(metric[key]) ?? '') !== value) problems.push(`${where}: ${key} of ${CANARY_METRIC} is ${JSON.stringify(metric[key] ?? null)}, ${JSON.stringify(value)} expected (the supervisor's margin, ${rule.margin})`);
  if (metric.failureLimit !== 0) problems.push(`${where}: failureLimit of ${CANARY_METRIC} is ${String(metric.failureLimit)}: 0 expected (one look worse than the margin rolls back, as the supervisor does)`);
  for (const arg of requiredArgs(template)) if (!['section', 'canary-release'].includes(arg)) problems.push(`${where}: argument ${arg} has no default and no Rollout gives it`);
  return problems;
}

// ---------------------------------------------------------------------------------------------------
// Kustomize: kustomization.yaml is not an API object (kubectl applies what it lists); its own checks

/** The fields of a Kustomization (kustomize's api/types.Kustomization); kustomize refuses others. */
const KUSTOMIZATION_FIELDS = new Set([
  'apiVersion', 'kind', 'metadata', 'openapi', 'namePrefix', 'nameSuffix', 'namespace', 'commonLabels', 'labels', 'commonAnnotations',
  'patches', 'patchesStrategicMerge', 'patchesJson6902', 'images', 'imageTags', 'replacements', 'replicas', 'vars', 'sortOptions',
  'resources', 'components', 'crds', 'bases', 'configMapGenerator', 'secretGenerator', 'helmGlobals', 'helmCharts', 'helmChartInflationGenerator',
  'generatorOptions', 'configurations', 'generators', 'transformers', 'validators', 'buildMetadata',
]);

/**
 * Problems of a kustomization.yaml in `dir` (its path `file`, for messages): its fields, every resource
 * it lists exists, every manifest file beside it is listed (one left out would never be applied), and
 * each image it retags is an image some container of its manifests runs (else the tag is silently unused).
 */
export function checkKustomization(dir: string, file: string, doc: Obj, manifests: Manifest[]): string[] {
  const problems: string[] = [];
  if (doc.apiVersion !== 'kustomize.config.k8s.io/v1beta1' || doc.kind !== 'Kustomization') problems.push(`${file}: apiVersion kustomize.config.k8s.io/v1beta1, kind Kustomization expected`);
  for (const key of Object.keys(doc)) if (!KUSTOMIZATION_FIELDS.has(key)) problems.push(`${file}: ${key}: not a field of a Kustomization`);
  const resources = list(doc.resources).map((r) => str(r) ?? '');
  for (const r of resources) {
    const target = path.join(dir, r);
    const stat = statSync(target, { throwIfNoEntry: false });
    const ok = stat?.isFile() || (stat?.isDirectory() && readdirSync(target).some((e) => /^kustomization\.ya?ml$/.test(e)));
    if (!ok) problems.push(`${file}: resources: ${r} is neither a file nor a folder with a kustomization.yaml`);
  }
  for (const f of readdirSync(dir).filter((f) => /\.ya?ml$/.test(f) && !/^kustomization\.ya?ml$/.test(f))) if (!resources.includes(f)) problems.push(`${file}: ${f} is not in resources: kubectl apply -k would leave it out`);
  const images = new Set(
    manifests
      .filter((m) => path.dirname(m.file) === path.dirname(file) && isWorkload(m))
      .flatMap((m) => list(obj(obj(obj(m.doc.spec).template).spec).containers).map((c) => (str(obj(c).image) ?? '').replace(/[:@].*$/, ''))),
  );
  for (const image of list(doc.images).map(obj)) if (!images.has(str(image.name) ?? '')) problems.push(`${file}: images: ${String(image.name)} is no container's image here: its tag would change nothing`);
  return problems;
}

/** deploy/k8s: every file, read. */
export function readK8s(root = repoRoot): Record<string, string> {
  const dir = path.join(root, 'deploy', 'k8s');
  return Object.fromEntries(
    readdirSync(dir)
      .filter((f) => /\.ya?ml$/.test(f) && f !== 'kustomization.yaml')
      .sort()
      .map((f) => [f, readFileSync(path.join(dir, f), 'utf8')]),
  );
}

export const readDockerfile = (name: ServerName, root = repoRoot) => readFileSync(path.join(root, 'deploy', 'docker', `${name}.Dockerfile`), 'utf8');
