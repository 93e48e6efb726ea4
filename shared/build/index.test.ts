import { existsSync } from 'node:fs';
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
