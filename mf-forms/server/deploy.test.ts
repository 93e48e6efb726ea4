// mf-forms' container image and Kubernetes manifests, checked statically (deploy/README.md).
import { defaultPorts, REMOTE_ENV } from '@qf/shared/server';
import { FORMS_ENV } from './config';
import {
  checkDockerfile,
  checkServerManifests,
  contentEnv,
  deploymentEnv,
  parseManifests,
  PLATFORM_ENV,
  projectNodeMajor,
  readDockerfile,
  readK8s,
  secretRefs,
  type ServerSpec,
} from '../../deploy/check/check';

const spec: ServerSpec = { name: 'mf-forms', defaultPort: defaultPorts['mf-forms'], known: new Set([...FORMS_ENV, ...REMOTE_ENV, ...contentEnv(), ...PLATFORM_ENV]) };
const manifests = parseManifests(readK8s());
const nodeMajor = projectNodeMajor();

describe('deploy: mf-forms', () => {
  it('the Dockerfile builds on the project\'s Node, runs dist/app/main.js as a non-root user and checks /healthz', () => {
    expect(checkDockerfile(readDockerfile('mf-forms'), spec, nodeMajor)).toEqual([]);
  });

  it('the Rollout, Services, HorizontalPodAutoscaler and PodDisruptionBudget pass', () => {
    expect(checkServerManifests(manifests, spec)).toEqual([]);
  });

  it('runs in cluster mode with the shared database, secret and VAPID keys from a Secret, by reference', () => {
    const env = deploymentEnv(manifests, 'mf-forms');
    expect(env.get('QF_CLUSTER')).toBe('1');
    expect(env.get('SITE_URL')).toMatch(/^https:\/\//);
    const fromSecret = secretRefs(manifests).get('mf-forms-secrets');
    for (const name of ['DATABASE_URL', 'FORMS_SECRET', 'VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY']) {
      expect({ name, set: env.has(name), literal: env.get(name) }).toEqual({ name, set: true, literal: undefined });
      expect(fromSecret?.has(name)).toBe(true);
    }
  });

  it('writes only under the mounted volume', () => {
    const env = deploymentEnv(manifests, 'mf-forms');
    const text = readK8s()['mf-forms.yaml']!;
    for (const name of ['DATA_DIR', 'UPLOADS_DIR']) expect(env.get(name)).toMatch(/^\/data\//);
    expect(text).toMatch(/- name: data\n\s+mountPath: \/data\n/);
    expect(readDockerfile('mf-forms')).toMatch(/^VOLUME \["\/data"\]$/m);
  });

  it('refuses a literal secret and a variable mf-forms does not read', () => {
    const text = readK8s()['mf-forms.yaml']!.replace(
      '            - name: FORMS_SECRET\n              valueFrom:\n                secretKeyRef:\n                  name: mf-forms-secrets\n                  key: FORMS_SECRET\n',
      '            - name: FORMS_SECRET\n              value: "0123456789abcdef0123456789abcdef"\n            - name: FORMS_RATELIMIT\n              value: "60"\n',
    );
    expect(checkServerManifests(parseManifests({ 'mf-forms.yaml': text, 'analysis-template.yaml': readK8s()['analysis-template.yaml']! }), spec)).toEqual([
      expect.stringContaining('env FORMS_SECRET: a literal secret; use secretKeyRef'),
      expect.stringContaining('FORMS_RATELIMIT is not a variable mf-forms reads'),
    ]);
  });
});
