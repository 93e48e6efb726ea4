// Every object of the manifests checked against the API schema, as the API server checks what kubectl
// sends it: the types, formats, enums and required fields of the Kubernetes OpenAPI schema
// (kubernetes-models) and of Argo Rollouts' CRDs (@kubernetes-models/argo-rollouts), and no field the
// schema does not have (the server's strict field validation, which `kubectl apply` asks for by default:
// a misspelt field is refused, not dropped). No cluster is needed; what only a cluster can say (admission,
// quotas, the CRDs installed there) is not checked here (deploy/README.md).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot, type Manifest, type Yaml, type YamlPath } from './check';

/**
 * The schemas and the versions they are of. kubernetes-models 5.1.0 is generated from Kubernetes
 * v1.36.0's OpenAPI schema (merged with older releases', for APIs removed since: none used here);
 * @kubernetes-models/argo-rollouts 2.0.0 from Argo Rollouts v1.9.0's API types. The installed versions are
 * compared with these before anything is checked, so a package upgrade cannot change what is validated
 * without this (and deploy/README.md) saying so.
 */
export const SCHEMAS = [
  { package: 'kubernetes-models', version: '5.1.0', of: 'Kubernetes v1.36.0' },
  { package: '@kubernetes-models/argo-rollouts', version: '2.0.0', of: 'Argo Rollouts v1.9.0' },
] as const;

/** A problem in a file: where (line, object, field path) and what. */
export interface Finding {
  file: string;
  line?: number;
  /** `Kind name` of the object, when the problem is in one. */
  object?: string;
  /** The field, `spec.template.spec.containers[0].image`. */
  field?: string;
  message: string;
}

export const formatFinding = (f: Finding) => `${f.file}${f.line ? `:${f.line}` : ''}: ${[f.object, f.field, f.message].filter(Boolean).join(': ')}`;

/** `spec.template.spec.containers[0].image` */
export const fieldPath = (p: YamlPath) => p.map((k, i) => (typeof k === 'number' ? `[${k}]` : i ? `.${k}` : k)).join('');

/** Problems with the installed schema packages (another version than SCHEMAS names). */
export function schemaVersionProblems(root = repoRoot): string[] {
  return SCHEMAS.flatMap((s) => {
    const installed = (JSON.parse(readFileSync(path.join(root, 'node_modules', s.package, 'package.json'), 'utf8')) as { version: string }).version;
    return installed === s.version ? [] : [`${s.package} is ${installed}, deploy/check/schema.ts says ${s.version} (${s.of}): say which version its schema is of, here and in deploy/README.md`];
  });
}

interface Model {
  apiVersion: string;
  kind: string;
  prototype: { validate(this: unknown): void };
}

/**
 * The API versions a manifest may use: GA versions that every supported Kubernetes release (1.34 to
 * 1.36, upstream's maintained ones when 1.36 came out) serves, none deprecated, and Argo Rollouts' CRDs.
 * kubernetes-models also holds APIs removed since (extensions/v1beta1, policy/v1beta1…): refused here,
 * as those clusters refuse them.
 */
export const API_VERSIONS = [
  'v1',
  'apps/v1',
  'autoscaling/v2',
  'policy/v1',
  'batch/v1',
  'networking.k8s.io/v1',
  'rbac.authorization.k8s.io/v1',
  'scheduling.k8s.io/v1',
  'storage.k8s.io/v1',
  'argoproj.io/v1alpha1',
] as const;

/** The models' module of an apiVersion: `apps/v1` → kubernetes-models/apps/v1, `v1` → kubernetes-models/v1. */
function moduleOf(apiVersion: string): string {
  if (apiVersion.startsWith('argoproj.io/')) return `@kubernetes-models/argo-rollouts/${apiVersion}`;
  return `kubernetes-models/${apiVersion}`;
}

interface Tracked {
  path: YamlPath;
  keys: string[];
  /** The keys the schema's validator looked at: those it has. */
  read: Set<string>;
  /** The validator listed the keys (a map: `labels`, `data`): every key is one it accepts. */
  listed: boolean;
}

/**
 * A copy of `value` whose objects note which of their keys the validator reads. The validators
 * (precompiled JSON schema) read every property their schema declares and list the keys of a map, so a
 * key of an object that was read from but never asked for is a field the schema does not have. An
 * object nothing was read from (a field left free, `x-kubernetes-preserve-unknown-fields`) is skipped.
 */
function track(value: Yaml, at: YamlPath, seen: Tracked[]): unknown {
  if (Array.isArray(value)) return value.map((v, i) => track(v, [...at, i], seen));
  if (!value || typeof value !== 'object') return value;
  const node: Tracked = { path: at, keys: Object.keys(value), read: new Set(), listed: false };
  seen.push(node);
  const target = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, track(v, [...at, k], seen)]));
  return new Proxy(target, {
    get: (t, k, r) => (typeof k === 'string' && node.read.add(k), Reflect.get(t, k, r)),
    has: (t, k) => (typeof k === 'string' && node.read.add(k), Reflect.has(t, k)),
    getOwnPropertyDescriptor: (t, k) => (typeof k === 'string' && node.read.add(k), Reflect.getOwnPropertyDescriptor(t, k)),
    ownKeys: (t) => ((node.listed = true), Reflect.ownKeys(t)),
  });
}

interface AjvError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

const at = (doc: Yaml, p: YamlPath): Yaml | undefined => p.reduce<Yaml | undefined>((v, k) => (v && typeof v === 'object' ? (v as Record<string, Yaml>)[k] : undefined), doc);

/** The schema problems of each object, with the line each starts on. */
export async function validateObjects(manifests: Manifest[], load: (specifier: string) => Promise<Record<string, unknown>>): Promise<Finding[]> {
  const findings: Finding[] = [];
  const modules = new Map<string, Promise<Record<string, unknown> | undefined>>();
  for (const m of manifests) {
    const { apiVersion, kind } = m.doc;
    const name = (m.doc.metadata as { name?: unknown } | undefined)?.name;
    const object = `${String(kind)} ${String(name)}`;
    const finding = (p: YamlPath, message: string): Finding => ({ file: m.file, line: m.lineOf?.(p), object, ...(p.length ? { field: fieldPath(p) } : {}), message });
    if (typeof apiVersion !== 'string' || typeof kind !== 'string') {
      findings.push(finding([], 'no apiVersion or kind'));
      continue;
    }
    if (!(API_VERSIONS as readonly string[]).includes(apiVersion)) {
      findings.push(finding(['apiVersion'], `${apiVersion} is not an API version this project deploys with (${API_VERSIONS.join(', ')}): removed, beta or unknown`));
      continue;
    }
    const specifier = moduleOf(apiVersion);
    if (!modules.has(specifier)) modules.set(specifier, load(specifier).catch(() => undefined));
    const model = (await modules.get(specifier))?.[kind] as Model | undefined;
    if (!model || model.apiVersion !== apiVersion || model.kind !== kind) {
      findings.push(finding(['kind'], `${apiVersion} has no kind ${kind} (${SCHEMAS.map((s) => s.of).join(', ')})`));
      continue;
    }
    const seen: Tracked[] = [];
    try {
      model.prototype.validate.call(track(m.doc, [], seen));
    } catch (error) {
      const errors = (error as { errors?: AjvError[] }).errors;
      if (!errors) throw error;
      const said = new Set<string>();
      for (const e of errors) {
        // ajv's JSON pointer, as our path: an index into a list is a number.
        const typed: YamlPath = [];
        for (const segment of e.instancePath.split('/').slice(1)) {
          const key = segment.replace(/~1/g, '/').replace(/~0/g, '~');
          typed.push(/^\d+$/.test(key) && Array.isArray(at(m.doc, typed)) ? Number(key) : key);
        }
        const missing = e.keyword === 'required' ? String(e.params.missingProperty) : undefined;
        const value = at(m.doc, typed);
        const text = missing ? `required field ${missing} is missing` : `${e.message ?? e.keyword}${e.keyword === 'type' || e.keyword === 'format' || e.keyword === 'enum' ? ` (is ${JSON.stringify(value)})` : ''}${e.keyword === 'enum' ? `: ${JSON.stringify(e.params.allowedValues)}` : ''}`;
        const id = `${fieldPath(typed)} ${text}`;
        if (said.has(id)) continue;
        said.add(id);
        findings.push(finding(typed, text));
      }
    }
    for (const node of seen) {
      if (node.listed || node.read.size === 0) continue;
      for (const key of node.keys) if (!node.read.has(key)) findings.push(finding([...node.path, key], 'unknown field (the API server refuses it: strict field validation)'));
    }
  }
  return findings;
}
