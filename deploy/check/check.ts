// Static checks of deploy/docker/*.Dockerfile and deploy/k8s/*.yaml: no container engine or cluster is
// needed. Used by shell/server/deploy.test.ts, shared/src/server/deploy.test.ts (the four content
// remotes) and mf-forms/server/deploy.test.ts, each with the variables its server knows, taken from the
// code. The YAML reader understands the subset the manifests are written in and throws on anything else,
// so a manifest cannot be half-read and pass.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const repoRoot = path.resolve(__dirname, '..', '..');
export const deployDir = path.join(repoRoot, 'deploy');

export type ServerName = 'shell' | 'mf-content' | 'mf-events' | 'mf-media-center' | 'mf-idkt' | 'mf-forms';

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
// A YAML subset: block mappings and sequences, plain and quoted scalars, literal blocks (| and |-),
// comments and `---` between documents. Flow collections, anchors, aliases, tags and folded blocks throw.

export type Yaml = string | number | boolean | null | Yaml[] | { [key: string]: Yaml };
type Obj = { [key: string]: Yaml };

interface Line {
  indent: number;
  text: string;
  no: number;
}

function stripComment(text: string): string {
  let quote: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === '"' || c === "'") {
      if (i === 0 || /[\s:[-]/.test(text[i - 1]!)) quote = c;
    } else if (c === '#' && (i === 0 || /\s/.test(text[i - 1]!))) {
      return text.slice(0, i).trimEnd();
    }
  }
  return text.trimEnd();
}

function scalar(raw: string, no: number): Yaml {
  const text = raw.trim();
  if (text === '' || text === '~' || text === 'null') return null;
  if (/^[[{&*!>]/.test(text) || text === '|' || text === '|-') throw new Error(`line ${no}: unsupported YAML: ${text}`);
  if (text.startsWith('"')) {
    if (!/^"(?:[^"\\]|\\.)*"$/.test(text)) throw new Error(`line ${no}: bad double-quoted string: ${text}`);
    return JSON.parse(text) as string;
  }
  if (text.startsWith("'")) {
    if (!/^'(?:[^']|'')*'$/.test(text)) throw new Error(`line ${no}: bad single-quoted string: ${text}`);
    return text.slice(1, -1).replace(/''/g, "'");
  }
  if (text === 'true') return true;
  if (text === 'false') return false;
  if (/^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  if (/:\s|\s#/.test(text)) throw new Error(`line ${no}: ambiguous plain scalar (quote it): ${text}`);
  return text;
}

/** Parse a stream of YAML documents (the subset above). Empty documents are dropped. */
export function parseYaml(source: string): Yaml[] {
  const docs: string[][] = [[]];
  for (const raw of source.replace(/\r\n/g, '\n').split('\n')) {
    if (/^---\s*$/.test(raw)) docs.push([]);
    else docs[docs.length - 1]!.push(raw);
  }
  let offset = 0;
  const out: Yaml[] = [];
  for (const doc of docs) {
    const lines = doc.map((text, i) => ({ indent: text.length - text.trimStart().length, text, no: offset + i + 1 }));
    offset += doc.length + 1;
    if (doc.some((t) => /^\t/.test(t))) throw new Error('tabs are not allowed for indentation');
    const parser = new Parser(lines);
    const value = parser.block(0);
    parser.end();
    if (value !== null) out.push(value);
  }
  return out;
}

class Parser {
  private i = 0;
  constructor(private readonly lines: Line[]) {}

  /** The next line with content (comments and blank lines skipped), without consuming it. */
  private peek(): Line | undefined {
    while (this.i < this.lines.length) {
      const line = this.lines[this.i]!;
      const text = stripComment(line.text);
      if (text.trim() !== '') return { ...line, text: text.slice(line.indent) };
      this.i++;
    }
    return undefined;
  }

  end(): void {
    const line = this.peek();
    if (line) throw new Error(`line ${line.no}: unexpected indentation: ${line.text}`);
  }

  block(indent: number): Yaml {
    const first = this.peek();
    if (!first || first.indent < indent) return null;
    return first.text === '-' || first.text.startsWith('- ') ? this.sequence(first.indent) : this.mapping(first.indent);
  }

  private sequence(indent: number): Yaml[] {
    const items: Yaml[] = [];
    for (let line = this.peek(); line && line.indent === indent && (line.text === '-' || line.text.startsWith('- ')); line = this.peek()) {
      const rest = line.text.slice(1).trimStart();
      if (rest === '') {
        this.i++;
        items.push(this.block(indent + 1));
      } else if (/^[^'"\s][^:]*:(\s|$)/.test(rest)) {
        // "- key: value": a mapping whose keys sit at the column after the dash.
        const column = indent + line.text.length - rest.length;
        this.lines[this.i] = { ...this.lines[this.i]!, indent: column, text: ' '.repeat(column) + rest };
        items.push(this.mapping(column));
      } else {
        this.i++;
        items.push(scalar(rest, line.no));
      }
    }
    return items;
  }

  private mapping(indent: number): Obj {
    const map: Obj = {};
    for (let line = this.peek(); line && line.indent === indent; line = this.peek()) {
      const m = /^([^'"\s#][^:]*?):(?:\s+(.*))?$/.exec(line.text);
      if (!m || line.text.startsWith('- ')) throw new Error(`line ${line.no}: expected "key: value": ${line.text}`);
      const key = m[1]!;
      if (key in map) throw new Error(`line ${line.no}: duplicate key ${key}`);
      const value = m[2]?.trim() ?? '';
      this.i++;
      if (value === '|' || value === '|-') {
        map[key] = this.literal(indent, value === '|');
      } else if (value !== '') {
        map[key] = scalar(value, line.no);
      } else {
        const next = this.peek();
        if (next && next.indent > indent) map[key] = this.block(next.indent);
        else if (next && next.indent === indent && (next.text === '-' || next.text.startsWith('- '))) map[key] = this.sequence(indent);
        else map[key] = null;
      }
    }
    const line = this.peek();
    if (line && line.indent > indent) throw new Error(`line ${line.no}: unexpected indentation: ${line.text.trim()}`);
    return map;
  }

  /** A literal block: the raw lines indented deeper than the key, comments kept as text. */
  private literal(indent: number, keepNewline: boolean): string {
    const body: string[] = [];
    while (this.i < this.lines.length) {
      const line = this.lines[this.i]!;
      if (line.text.trim() !== '' && line.indent <= indent) break;
      body.push(line.text);
      this.i++;
    }
    while (body.length && body[body.length - 1]!.trim() === '') body.pop();
    const cut = Math.min(...body.filter((t) => t.trim() !== '').map((t) => t.length - t.trimStart().length));
    const text = body.map((t) => t.slice(cut)).join('\n');
    return keepNewline ? `${text}\n` : text;
  }
}

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
}

const obj = (v: Yaml | undefined): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? v : {});
const list = (v: Yaml | undefined): Yaml[] => (Array.isArray(v) ? v : []);
const str = (v: Yaml | undefined): string | undefined => (typeof v === 'string' ? v : undefined);

export const kindOf = (m: Manifest) => str(m.doc.kind);
export const nameOf = (m: Manifest) => str(obj(m.doc.metadata).name);

/** Parse manifests given as file name → text. */
export function parseManifests(files: Record<string, string>): Manifest[] {
  return Object.entries(files).flatMap(([file, text]) => {
    try {
      return parseYaml(text).map((doc) => ({ file, doc: obj(doc) }));
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

/** The Secrets (name → keys) a Deployment references. */
export function secretRefs(manifests: Manifest[]): Map<string, Set<string>> {
  const refs = new Map<string, Set<string>>();
  for (const m of manifests.filter((x) => kindOf(x) === 'Deployment')) {
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

/** Problems of one server's Deployment, Service, HorizontalPodAutoscaler and PodDisruptionBudget. */
export function checkServerManifests(manifests: Manifest[], spec: ServerSpec): string[] {
  const problems: string[] = [];
  const named = (kind: string) => manifests.filter((m) => kindOf(m) === kind && nameOf(m) === spec.name);
  const [deployment, ...extra] = named('Deployment');
  if (!deployment) return [`no Deployment ${spec.name}`];
  if (extra.length) problems.push(`more than one Deployment ${spec.name}`);
  const where = `${deployment.file}: Deployment ${spec.name}`;
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
      if (get.path !== '/healthz') problems.push(`${cname}: ${probe} asks ${String(get.path)}, not /healthz`);
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
    if (target.kind !== 'Deployment' || target.name !== spec.name) problems.push(`HorizontalPodAutoscaler ${spec.name}: does not scale Deployment ${spec.name}`);
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
  return problems;
}

/** The environment a server's Deployment gives its container (ConfigMap values, literal values; secrets undefined). */
export function deploymentEnv(manifests: Manifest[], name: ServerName): Map<string, string | undefined> {
  const deployment = manifests.find((m) => kindOf(m) === 'Deployment' && nameOf(m) === name);
  const container = obj(list(obj(obj(obj(deployment?.doc.spec).template).spec).containers)[0]);
  return containerEnv(container, manifests).names;
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
