// The content sections' container images and Kubernetes manifests, checked statically
// (deploy/README.md). mf-forms and the shell are checked in their own workspaces.
import path from 'node:path';
import { sectionNames } from '../../../scripts/workspaces.cjs';
import { defaultPortOf, defaultPorts, REMOTE_ENV } from './remote-server';
import {
  checkDockerfile,
  checkServerManifests,
  contentEnv,
  deploymentEnv,
  envReadsIn,
  parseManifests,
  PLATFORM_ENV,
  projectNodeMajor,
  readDockerfile,
  readK8s,
  repoRoot,
  type ServerSpec,
} from '../../../deploy/check/check';

/** Every section of the workspaces but mf-forms (checked in its own workspace, with its own variables). */
const remotes = sectionNames.filter((name) => name !== 'mf-forms');
const manifests = parseManifests(readK8s());
const nodeMajor = projectNodeMajor();

/** What a content section reads: the shared server's schema, the content source's, and its own `env.X`. */
const specOf = (name: (typeof remotes)[number]): ServerSpec => ({
  name,
  defaultPort: defaultPortOf(name)!,
  known: new Set([...REMOTE_ENV, ...contentEnv(), ...PLATFORM_ENV, ...envReadsIn(path.join(repoRoot, name, 'server'))]),
});

describe.each(remotes)('deploy: %s', (name) => {
  const spec = specOf(name);

  it('the Dockerfile builds on the project\'s Node, runs dist/app/main.js as a non-root user and checks /healthz', () => {
    expect(checkDockerfile(readDockerfile(name), spec, nodeMajor)).toEqual([]);
  });

  it('the Rollout, Services, HorizontalPodAutoscaler and PodDisruptionBudget pass', () => {
    expect(checkServerManifests(manifests, spec)).toEqual([]);
  });

  it('lets the site read its assets and believes the forwarded address of the shells', () => {
    const env = deploymentEnv(manifests, name);
    expect(env.get('SHELL_ORIGINS')).toMatch(/^https:\/\//);
    expect(env.get('TRUSTED_PROXIES')).toBeTruthy();
  });
});

describe('deploy: the content sections', () => {
  it('know the shared variables and their own', () => {
    expect([...REMOTE_ENV].sort()).toEqual(['CONTENT_PREVIEW_SECRET', 'CONTENT_WEBHOOK_SECRET', 'HEADERS_TIMEOUT_MS', 'HOST', 'LOG_FORMAT', 'LOG_LEVEL', 'METRICS_HOST', 'METRICS_PORT', 'PORT', 'REQUEST_TIMEOUT_MS', 'SHELL_ORIGINS', 'TRUSTED_PROXIES']);
    expect(specOf('mf-events').known.has('FORMS_URL')).toBe(true);
    expect(specOf('mf-content').known.has('FORMS_URL')).toBe(false);
  });

  it('mf-events asks mf-forms\' Service for seats, on its port', () => {
    expect(deploymentEnv(manifests, 'mf-events').get('FORMS_URL')).toBe(`http://mf-forms:${defaultPorts['mf-forms']}`);
  });

  it('a variable another server reads is refused here', () => {
    const withForms = readK8s()['mf-content.yaml']!.replace('  CONTENT_SOURCE: "files"\n', '  CONTENT_SOURCE: "files"\n  DATABASE_URL_FILE: "/x"\n');
    expect(checkServerManifests(parseManifests({ 'mf-content.yaml': withForms, 'shell.yaml': readK8s()['shell.yaml']!, 'analysis-template.yaml': readK8s()['analysis-template.yaml']! }), specOf('mf-content'))).toEqual([expect.stringContaining('DATABASE_URL_FILE is not a variable mf-content reads')]);
    const dockerfile = readDockerfile('mf-idkt').replace('EXPOSE 3004', 'EXPOSE 3001').replace('dist/app/main.js"]', 'dist/server/main.js"]');
    expect(checkDockerfile(dockerfile, specOf('mf-idkt'), nodeMajor)).toEqual(['EXPOSE 3001: mf-idkt listens on 3004', expect.stringContaining('the build produces mf-idkt/dist/app/main.js')]);
  });
});
