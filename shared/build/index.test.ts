import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { sharedSingletons } = require('./index.js') as { sharedSingletons: (pkg: object) => Record<string, { singleton: boolean; requiredVersion: string }> };

describe('shared singletons', () => {
  const pkg = { name: '@qf/x', dependencies: { react: '19.3.1', 'react-dom': '19.3.1', i18next: '27.1.2', zod: '4.6.7' } };

  it('takes each required version from the package.json that declares it', () => {
    const shared = sharedSingletons(pkg);
    expect(shared.react).toMatchObject({ singleton: true, requiredVersion: '19.3.1' });
    expect(shared['@qf/shared/bus']).toMatchObject({ singleton: true, requiredVersion: '^1.0.0' });
  });

  it('shares only what remotes use at run time', () => {
    expect(Object.keys(sharedSingletons(pkg)).sort()).toEqual(
      ['@qf/shared/bus', '@qf/shared/contracts', '@qf/shared/i18n', '@qf/shared/parcel', '@qf/shared/react', '@qf/shared/routing', '@qf/shared/zod', 'i18next', 'react', 'react-dom', 'react-dom/client', 'react/jsx-runtime'].sort(),
    );
  });

  it('refuses a singleton the workspace does not declare', () => {
    expect(() => sharedSingletons({ name: '@qf/y', dependencies: {} })).toThrow('@qf/y does not declare react');
  });
});

describe('the shell build', () => {
  it('resolves the runtime-core provider plugin to its ES build, so the page has one federation runtime', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { createShellConfigs } = require('./index.js') as { createShellConfigs: (o: { dir: string }) => [{ resolve: { alias: Record<string, string> } }] };
    const [client] = createShellConfigs({ dir: path.join(__dirname, '..', '..', 'shell') });
    const aliases = Object.entries(client.resolve.alias);
    // Without the alias (a renamed file, a changed package), the CommonJS runtime comes back next to the ES one.
    expect(aliases).toHaveLength(1);
    const [[from, to]] = aliases as [[string, string]];
    expect(from).toMatch(/inject-external-runtime-core-plugin[\\/]dist[\\/]index\.cjs$/);
    expect(to).toMatch(/index\.js$/);
    expect(existsSync(to)).toBe(true);
  });
});

describe('package-lock.json', () => {
  it('lists every optional platform package, so npm ci accepts it (run `npm run lock:fix` after npm install)', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const lock = require('../../package-lock.json') as { packages: Record<string, { optionalDependencies?: Record<string, string> }> };
    const missing: string[] = [];
    for (const [key, pkg] of Object.entries(lock.packages))
      for (const name of Object.keys(pkg.optionalDependencies ?? {}))
        if (!lock.packages[`node_modules/${name}`] && !lock.packages[`${key}/node_modules/${name}`]) missing.push(name);
    expect(missing).toEqual([]);
  });
});

describe('stylesheets of named lazy chunks', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { cssOfNamedChunks } = require('./index.js') as { cssOfNamedChunks: (compilation: unknown) => Record<string, string[]> };
  const chunk = (...files: string[]) => ({ files: new Set(files) });

  it('lists each named view with the stylesheets of all its chunks, shared ones included, and skips groups without any', () => {
    const shared = chunk('12.aaa.js', '12.aaa.css');
    const compilation = {
      namedChunkGroups: new Map([
        ['story', { chunks: [shared, chunk('story.bbb.js', 'story.bbb.css')] }],
        ['home', { chunks: [chunk('home.ccc.css', 'home.ccc.js'), shared] }],
        ['routes', { chunks: [chunk('routes.ddd.js')] }],
      ]),
    };
    expect(cssOfNamedChunks(compilation)).toEqual({ story: ['12.aaa.css', 'story.bbb.css'], home: ['home.ccc.css', '12.aaa.css'] });
  });
});

describe('build-info.json', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { BuildInfoPlugin } = require('./index.js') as { BuildInfoPlugin: new (file: string, info: object) => { apply(compiler: unknown): void } };
  const committedAt = '2026-11-30T08:00:00.000Z';
  let repo: string;
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=qf', '-c', 'user.email=qf@example.org', '-c', 'commit.gpgsign=false', ...args], { cwd: repo, env: { ...process.env, GIT_AUTHOR_DATE: committedAt, GIT_COMMITTER_DATE: committedAt }, encoding: 'utf8' });

  /** A workspace committed in a git checkout of its own, dist/ ignored as in the repository. */
  beforeEach(() => {
    repo = mkdtempSync(path.join(os.tmpdir(), 'qf-build-info-'));
    writeFileSync(path.join(repo, '.gitignore'), 'dist/\ndist-again/\n');
    writeFileSync(path.join(repo, 'index.ts'), 'export const x = 1;\n');
    git('init', '-q');
    git('add', '.');
    git('commit', '-q', '-m', 'a section');
  });
  afterEach(() => rmSync(repo, { recursive: true, force: true }));

  /** One build of the workspace into `dist`: each compiler's done hook, in the order they finish. */
  function build(dist: string, finished: [name: string, hash: string][]): string {
    const plugin = new BuildInfoPlugin(path.join(dist, 'build-info.json'), { name: 'mf-idkt', version: '1.0.0', contractVersion: 1 });
    for (const [name, hash] of finished) {
      let done: (stats: unknown) => void = () => undefined;
      plugin.apply({ context: repo, options: { name, output: { path: path.join(dist, name.endsWith('-browser') ? 'browser' : 'server') } }, hooks: { done: { tap: (_: string, fn: typeof done) => (done = fn) } } });
      done({ hash, compilation: { assets: { [`${name}.js`]: {} } }, hasErrors: () => false });
    }
    return readFileSync(path.join(dist, 'build-info.json'), 'utf8');
  }
  const node: [string, string] = ['mf-idkt-node', '90523dc38ad04a92ffff'];
  const browser: [string, string] = ['mf-idkt-browser', '6ee48b6e47a5fff9ffff'];

  it("is the same bytes for two builds of one commit, whichever compiler finished first, with the commit's time as builtAt", () => {
    const first = build(path.join(repo, 'dist'), [node, browser]);
    const second = build(path.join(repo, 'dist-again'), [browser, node]);
    expect(second).toBe(first);
    const info = JSON.parse(first) as { builtAt: string; builds: Record<string, string>; buildId: string };
    expect(info.builtAt).toBe(committedAt);
    expect(Object.keys(info.builds)).toEqual(['mf-idkt-browser', 'mf-idkt-node']);
    // Built again over its own dist (as `npm run build` does), nothing changes either.
    expect(build(path.join(repo, 'dist'), [browser, node])).toBe(first);
  });

  it("takes the build's time, not the commit's, when the tree has changes no commit holds", () => {
    writeFileSync(path.join(repo, 'index.ts'), 'export const x = 2;\n');
    const before = Date.now();
    const { builtAt } = JSON.parse(build(path.join(repo, 'dist'), [node, browser])) as { builtAt: string };
    expect(Date.parse(builtAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(builtAt).not.toBe(committedAt);
  });

  it('takes SOURCE_DATE_EPOCH when it is set', () => {
    mkdirSync(path.join(repo, 'dist'));
    process.env.SOURCE_DATE_EPOCH = '1767225600';
    try {
      expect(JSON.parse(build(path.join(repo, 'dist'), [node, browser]))).toMatchObject({ builtAt: '2026-01-01T00:00:00.000Z' });
    } finally {
      delete process.env.SOURCE_DATE_EPOCH;
    }
  });
});
