// The shell's container image and Kubernetes manifests, checked statically (deploy/README.md), and the
// checks every manifest must pass whatever server it is for.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { registrySchema } from '@qf/shared/contracts';
import { sectionNames } from '../../scripts/workspaces.cjs';
import { loadConfig, SHELL_ENV } from './config';
import {
  checkAll,
  checkDockerfile,
  checkServerManifests,
  contentEnv,
  deploymentEnv,
  kindOf,
  nameOf,
  parseManifests,
  parseYaml,
  PLATFORM_ENV,
  projectNodeMajor,
  reads,
  readDockerfile,
  readK8s,
  repoRoot,
  secretRefs,
  type ServerSpec,
} from '../../deploy/check/check';

const spec: ServerSpec = { name: 'shell', defaultPort: loadConfig({}).PORT, known: new Set([...SHELL_ENV, ...contentEnv(), ...PLATFORM_ENV]) };
const files = readK8s();
const manifests = parseManifests(files);
const nodeMajor = projectNodeMajor();

describe('deploy: shell', () => {
  it('knows its own variables and port from the code', () => {
    expect(spec.defaultPort).toBe(3000);
    for (const name of ['REGISTRY', 'SITE_URL', 'TRUSTED_PROXIES', 'CONTENT_DIR', 'CONTENTFUL_ACCESS_TOKEN']) expect(spec.known.has(name)).toBe(true);
    expect(nodeMajor).toBe(24);
  });

  it("accepts OpenTelemetry's own settings in a manifest (the SDK reads them), and nothing else unknown", () => {
    for (const name of ['OTEL_EXPORTER_OTLP_ENDPOINT', 'OTEL_SERVICE_NAME', 'OTEL_TRACES_SAMPLER_ARG', 'LOG_LEVEL', 'METRICS_PORT']) expect(reads(spec, name)).toBe(true);
    for (const name of ['OTEL', 'OTELX_ENDPOINT', 'otel_service_name', 'METRICS_PATH']) expect(reads(spec, name)).toBe(false);
  });

  it('the Dockerfile builds on Node 24, runs dist/server/main.js as a non-root user and checks /healthz', () => {
    expect(checkDockerfile(readDockerfile('shell'), spec, nodeMajor)).toEqual([]);
  });

  it('the Deployment, Service, HorizontalPodAutoscaler and PodDisruptionBudget pass', () => {
    expect(checkServerManifests(manifests, spec)).toEqual([]);
  });

  it('gets SITE_URL and TRUSTED_PROXIES, and REGISTRY names the mounted registry', () => {
    const env = deploymentEnv(manifests, 'shell');
    expect(env.get('SITE_URL')).toMatch(/^https:\/\//);
    expect(env.get('TRUSTED_PROXIES')).toBeTruthy();
    const deployment = manifests.find((m) => kindOf(m) === 'Deployment' && nameOf(m) === 'shell')!;
    const pod = (deployment.doc.spec as { template: { spec: { volumes: { name: string; configMap?: { name: string } }[]; containers: { volumeMounts: { name: string; mountPath: string }[] }[] } } }).template.spec;
    const volume = pod.volumes.find((v) => v.configMap?.name === 'shell-registry')!;
    const mount = pod.containers[0]!.volumeMounts.find((m) => m.name === volume.name)!;
    expect(env.get('REGISTRY')).toBe(`${mount.mountPath}/registry.json`);
  });

  it('the registry ConfigMap is a valid registry naming every remote of registry.json at its stable Service, its release pinned on the CDN (issue 33)', () => {
    const cm = manifests.find((m) => kindOf(m) === 'ConfigMap' && nameOf(m) === 'shell-registry')!;
    const registry = registrySchema.parse(JSON.parse((cm.doc.data as Record<string, string>)['registry.json']!));
    const local = registrySchema.parse(JSON.parse(readFileSync(path.join(repoRoot, 'registry.json'), 'utf8')));
    expect(Object.keys(registry.remotes).sort()).toEqual(Object.keys(local.remotes).sort());
    for (const [remote, entry] of Object.entries(registry.remotes)) {
      // The shells ask the section inside the cluster, on its Service's port; no browser reaches it.
      const service = manifests.find((m) => kindOf(m) === 'Service' && nameOf(m) === `${remote}-stable`)!;
      const port = (service.doc.spec as { ports: { port: number }[] }).ports[0]!.port;
      expect([remote, entry!.url]).toEqual([remote, `http://${remote}-stable:${port}`]);
      // Browsers and the shells fetch its code from the browser-build store's CDN, one release's prefix for all four.
      const pins = [entry!.manifest, entry!.serverEntry, entry!.routes, entry!.buildInfo];
      for (const pin of pins) expect([remote, pin]).toEqual([remote, expect.stringMatching(new RegExp(`^https://cdn\\.qf\\.org\\.qa/${remote}/[^/]+/`))]);
      expect(new Set(pins.map((p) => p!.split('/').slice(0, 5).join('/'))).size).toBe(1);
      // …and the shells run that container only as its release's digests say (issue 37, item 5).
      expect([remote, Object.keys(entry!.serverIntegrity ?? {})]).toEqual([remote, expect.arrayContaining(['remoteEntry.js'])]);
    }
    expect(deploymentEnv(manifests, 'shell').get('REMOTE_CODE_DIGESTS')).toBe('required');
  });
});

describe('deploy: every manifest', () => {
  it('passes the checks of any manifest (no Secret with data, ConfigMap values are strings)', () => {
    expect(manifests.length).toBeGreaterThanOrEqual(6 * 5 + 1);
    expect(checkAll(manifests)).toEqual([]);
  });

  it('kustomization.yaml lists every manifest file', () => {
    const [kustomization] = parseYaml(readFileSync(path.join(repoRoot, 'deploy/k8s/kustomization.yaml'), 'utf8')) as { resources: string[] }[];
    expect([...kustomization!.resources].sort()).toEqual(readdirSync(path.join(repoRoot, 'deploy/k8s')).filter((f) => f.endsWith('.yaml') && f !== 'kustomization.yaml').sort());
    expect(Object.keys(files).sort()).toEqual([...kustomization!.resources].sort());
  });

  it('deploy/README.md names every Secret the manifests reference, with its keys', () => {
    const readme = readFileSync(path.join(repoRoot, 'deploy/README.md'), 'utf8');
    const refs = secretRefs(manifests);
    expect([...refs.keys()].sort()).toEqual(['mf-forms-secrets', 'qf-contentful']);
    for (const [name, keys] of refs) for (const key of [name, ...keys]) expect({ key, inReadme: readme.includes(`\`${key}\``) }).toEqual({ key, inReadme: true });
  });

  it('there is a Dockerfile for the shell and each section of the workspaces, and nothing else', () => {
    expect(readdirSync(path.join(repoRoot, 'deploy/docker')).sort()).toEqual(['shell', ...sectionNames].sort().map((n) => `${n}.Dockerfile`));
  });
});

describe('deploy: the checks fail when they should', () => {
  const deployment = (env: string, extra = '') => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: shell
spec:
  replicas: 2
  selector:
    matchLabels:
      app: shell
  template:
    metadata:
      labels:
        app: shell
    spec:
      securityContext:
        runAsNonRoot: true
      containers:
        - name: shell
          image: qf/shell
          ports:
            - containerPort: 3000
          env:
${env}          securityContext:
            allowPrivilegeEscalation: false
            readOnlyRootFilesystem: true
          resources:
            requests:
              cpu: 100m
            limits:
              memory: 1Gi
          readinessProbe:
            httpGet:
              path: /healthz
              port: 3000
          livenessProbe:
            httpGet:
              path: /livez
              port: 3000
${extra}`;
  const problems = (text: string) => checkServerManifests(parseManifests({ 'test.yaml': text }), spec).filter((p) => !/^no (Service|HorizontalPodAutoscaler|PodDisruptionBudget)/.test(p));

  it('passes a correct Deployment', () => {
    expect(problems(deployment('            - name: SITE_URL\n              value: "https://www.qf.org.qa"\n'))).toEqual([]);
  });

  it('refuses a variable the shell does not read', () => {
    expect(problems(deployment('            - name: SITE_ULR\n              value: "https://www.qf.org.qa"\n'))).toEqual([expect.stringContaining('SITE_ULR is not a variable shell reads')]);
  });

  it('refuses a PORT the container port and probes do not follow', () => {
    expect(problems(deployment('            - name: PORT\n              value: "8080"\n')).join('\n')).toMatch(/containerPort 3000, shell listens on 8080[\s\S]*readinessProbe port 3000/);
  });

  it('refuses another probe path and a writable root file system', () => {
    const text = deployment('            - name: HOST\n              value: "0.0.0.0"\n').replace('path: /healthz', 'path: /').replace('readOnlyRootFilesystem: true', 'readOnlyRootFilesystem: false');
    expect(problems(text)).toEqual([expect.stringContaining('readOnlyRootFilesystem is not true'), expect.stringContaining('readinessProbe asks /, not /healthz')]);
  });

  it('refuses a liveness probe on readiness (/healthz): a server still starting would be restarted (issue 35)', () => {
    const text = deployment('            - name: HOST\n              value: "0.0.0.0"\n').replace('path: /livez', 'path: /healthz');
    expect(problems(text)).toEqual([expect.stringContaining('livenessProbe asks /healthz, not /livez')]);
  });

  it('refuses a Secret with data and a secret in a ConfigMap', () => {
    const secret = 'apiVersion: v1\nkind: Secret\nmetadata:\n  name: s\nstringData:\n  FORMS_SECRET: "abc"\n---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\ndata:\n  SMTP_URL: "smtp://u:p@h"\n  PORT: 3000\n';
    expect(checkAll(parseManifests({ 'test.yaml': secret }))).toEqual([
      expect.stringContaining('Secret s holds literal stringData'),
      expect.stringContaining('holds SMTP_URL, a secret'),
      expect.stringContaining('PORT is not a string'),
    ]);
  });

  it('refuses Dockerfiles with another entry point, Node major, port, user or health path', () => {
    const good = readDockerfile('shell');
    expect(checkDockerfile(good.replace('"dist/server/main.js"', '"dist/app/main.js"'), spec, nodeMajor)).toEqual([expect.stringContaining('the build produces shell/dist/server/main.js')]);
    expect(checkDockerfile(good.replaceAll('node:24-bookworm-slim', 'node:22-bookworm-slim'), spec, nodeMajor).length).toBeGreaterThan(0);
    expect(checkDockerfile(good.replace('EXPOSE 3000', 'EXPOSE 8080'), spec, nodeMajor)).toEqual(['EXPOSE 8080: shell listens on 3000']);
    expect(checkDockerfile(good.replace('USER 1000:1000', 'USER root'), spec, nodeMajor)).toEqual([expect.stringContaining('a non-root USER is expected')]);
    expect(checkDockerfile(good.replace("'/healthz'", "'/health'"), spec, nodeMajor)).toEqual(['HEALTHCHECK does not ask /healthz', 'HEALTHCHECK asks /health, not /healthz']);
    expect(checkDockerfile(good.replace('HOST=0.0.0.0', 'HOST=0.0.0.0 SITE_ULR=x'), spec, nodeMajor)).toEqual([expect.stringContaining('ENV SITE_ULR is not a variable shell reads')]);
  });

  it('reads YAML as Kubernetes does (the yaml package, YAML 1.1 scalars) and refuses what the cluster would', () => {
    expect(parseYaml('# c\na:\n  - b: "x # y"\n    c: 2\n  - d\nt: |\n  {"k": 1}\nf: [1, two]\n---\ne: true\n')).toEqual([{ a: [{ b: 'x # y', c: 2 }, 'd'], t: '{"k": 1}\n', f: [1, 'two'] }, { e: true }]);
    // go-yaml (sigs.k8s.io/yaml) reads these as YAML 1.1 does: booleans, not strings, so a ConfigMap refuses them.
    expect(parseYaml('a: on\nb: yes\nc: "on"\n')).toEqual([{ a: true, b: true, c: 'on' }]);
    expect(checkAll(parseManifests({ 'cm.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\ndata:\n  QF_CLUSTER: on\n' }))).toEqual([expect.stringContaining('QF_CLUSTER is not a string (quote it)')]);
    expect(() => parseYaml('a: 1\na: 2\n')).toThrow(/line 2.*unique|unique.*line 2/);
    expect(() => parseYaml('a: 1\n  b: 2\n')).toThrow(/line 1/);
    expect(() => parseYaml('a: [1, 2\n')).toThrow(/\]/);
    expect(() => parseManifests({ 'broken.yaml': 'kind: Service\n\tmetadata: {}\n' })).toThrow(/^broken\.yaml: .*[Tt]ab/);
    const [doc] = parseManifests({ 'lines.yaml': 'apiVersion: v1\nkind: Service\nmetadata:\n  name: s\nspec:\n  ports:\n    - port: 80\n      targetPort: 8080\n' });
    expect([doc!.lineOf!(['spec', 'ports', 0, 'targetPort']), doc!.lineOf!(['spec', 'ports', 0, 'missing']), doc!.lineOf!(['metadata', 'name'])]).toEqual([8, 7, 4]);
  });
});
