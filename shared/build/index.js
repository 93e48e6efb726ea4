// Webpack configuration shared by every workspace that webpack builds: the shell and the five remotes.
// Declaring the shared singletons here, once, is what keeps one React, one i18next and one bus per page.
'use strict';
const path = require('node:path');
const fs = require('node:fs');
const crypto = require('node:crypto');
const { spawnSync } = require('node:child_process');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { sourceDate, sourceDateEpoch } = require('./source-date');
const { ChunkIntegrityPlugin } = require('./chunk-integrity');

const repoRoot = path.resolve(__dirname, '..', '..');
const sharedPkg = require('../package.json');

/** The contract version the shared contracts declare (`CONTRACT_VERSION` in contracts/remotes.ts). */
function contractVersion() {
  const source = fs.readFileSync(path.join(__dirname, '..', 'src', 'contracts', 'remotes.ts'), 'utf8');
  const found = /export const CONTRACT_VERSION = (\d+);/.exec(source);
  if (!found) throw new Error('CONTRACT_VERSION not found in shared/src/contracts/remotes.ts');
  return Number(found[1]);
}

/**
 * What a build says it was made against, for the release gate and the shell's check at run time
 * (`compatibilityProblems`, shared/src/server/compat.ts): the contract version, and per shared
 * singleton the version installed for this workspace and the range it declares.
 */
function compatibilityInfo(pkg, dir) {
  const installed = (name) => JSON.parse(fs.readFileSync(require.resolve(`${name}/package.json`, { paths: [dir] }), 'utf8')).version;
  const shared = {};
  for (const name of ['react', 'react-dom', 'i18next']) shared[name] = { version: installed(name), requiredVersion: versionOf(name, pkg) };
  shared['@qf/shared'] = { version: sharedPkg.version, requiredVersion: `^${sharedPkg.version}` };
  return { contractVersion: contractVersion(), shared };
}

/** Version range the shared singleton must satisfy, read from the package.json that declares it. */
function versionOf(dependency, pkg) {
  const range = (pkg.dependencies || {})[dependency] || (pkg.devDependencies || {})[dependency];
  if (!range) throw new Error(`${pkg.name} does not declare ${dependency}; shared singletons must be declared dependencies`);
  return range;
}

/**
 * The share scope. Only libraries that remotes really use at run time are shared: a shared module is
 * shipped whole (no tree shaking), so the shell's store is deliberately absent. zod is shared through
 * `@qf/shared/zod`, which names the functions our code uses (sharing `zod/mini` itself would ship all
 * of it, ~80 KB gzip; each bundle's tree-shaken copy was ~9.5 KB, and a story page loaded two). The
 * sections' parcel glue (with single-spa-react) is shared so a page with two sections loads it once.
 */
function sharedSingletons(pkg) {
  const singleton = (name, requiredVersion) => ({ singleton: true, requiredVersion, strictVersion: false });
  const shared = {
    react: singleton('react', versionOf('react', pkg)),
    'react/jsx-runtime': singleton('react', versionOf('react', pkg)),
    'react-dom': singleton('react-dom', versionOf('react-dom', pkg)),
    'react-dom/client': singleton('react-dom', versionOf('react-dom', pkg)),
    i18next: singleton('i18next', versionOf('i18next', pkg)),
  };
  for (const entry of ['bus', 'contracts', 'i18n', 'react', 'routing', 'parcel', 'zod']) {
    shared[`@qf/shared/${entry}`] = { singleton: true, requiredVersion: `^${sharedPkg.version}`, version: sharedPkg.version };
  }
  return shared;
}

const swcRule = (target) => ({
  test: /\.[jt]sx?$/,
  exclude: /node_modules/,
  use: {
    loader: require.resolve('swc-loader'),
    options: {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic' } },
        target: target === 'web' ? 'es2020' : 'es2022',
      },
    },
  },
});

const cssRule = (target) => ({
  test: /\.css$/,
  use:
    target === 'web'
      ? [MiniCssExtractPlugin.loader, { loader: require.resolve('css-loader'), options: { modules: { auto: /\.module\.css$/, localIdentName: '[hash:base64:6]', namedExport: false, exportLocalsConvention: 'as-is' } } }]
      : [{ loader: require.resolve('css-loader'), options: { modules: { auto: /\.module\.css$/, localIdentName: '[hash:base64:6]', exportOnlyLocals: true, namedExport: false, exportLocalsConvention: 'as-is' } } }],
});

function base({ dir, name, target, mode }) {
  return {
    name,
    mode,
    context: dir,
    devtool: mode === 'production' ? 'source-map' : 'eval-cheap-module-source-map',
    resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs', '.json'] },
    module: { rules: [swcRule(target), cssRule(target)] },
    cache: { type: 'filesystem', cacheDirectory: path.join(dir, 'node_modules', '.cache', 'webpack'), name: `${name}-${mode}`, buildDependencies: { config: [__filename] } },
    performance: { hints: false },
    infrastructureLogging: { level: 'warn' },
    stats: 'errors-warnings',
  };
}

/**
 * The stylesheets of each named lazy chunk (a view or widget loaded with `import(/* webpackChunkName:
 * "<view>" *\/ …)`), with those of the chunks it shares with others: the shell links them in the head of
 * a page that server-renders that view, so the server-rendered HTML is styled at first paint instead of
 * when the section's script arrives (it used to be unstyled until then).
 */
function cssOfNamedChunks(compilation) {
  const css = {};
  for (const [name, group] of compilation.namedChunkGroups) {
    const files = group.chunks.flatMap((chunk) => [...chunk.files].filter((f) => f.endsWith('.css')));
    // In the group's chunk order, the order the browser runtime loads them in (it decides the cascade).
    if (files.length) css[name] = [...new Set(files)];
  }
  return css;
}

/** A JSON file the builds of one workspace add to (each compiler its part), or `empty` before the first. */
function readJsonOr(file, empty) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return empty;
  }
}

/**
 * The files one compiler emitted in this build (`dist/build-files.json`, by compiler name): a browser
 * or Node folder also holds earlier builds' files (clean: false, for pages rendered before a deploy),
 * so a release (`npm run release`, shared/scripts/release.ts) copies exactly these.
 */
function recordBuildFiles(file, compiler, compilation, build, manifestCopy, routesWritten) {
  const existing = readJsonOr(file, {});
  const dir = path.relative(path.dirname(file), compiler.options.output.path).split(path.sep).join('/');
  const files = Object.keys(compilation.assets);
  if (manifestCopy && compiler.options.name.endsWith('-browser')) files.push(`mf-manifest.${build}.json`);
  if (routesWritten) files.push('routes.json', `routes.${build}.json`);
  existing[compiler.options.name] = { build, dir, files: [...new Set(files)].sort() };
  fs.writeFileSync(file, JSON.stringify(existing, null, 2));
}

/**
 * The route manifest a remote publishes with its browser build: `routes.json` and a copy named by the
 * build (`routes.<build>.json`, which never changes), next to `mf-manifest.json`. The shell finds every
 * page's owner from these (shell/server/registry.ts), and a release's copy in the store is there even
 * while the section's server is down. It is the module the remote exposes as `./routes` (its
 * `defineRoutes`), evaluated in a Node process of its own, so a watched build sees each edit.
 */
function publishRoutes(routesModule, outDir, build) {
  const script = `const r = require(${JSON.stringify(routesModule)}).routes; process.stdout.write(JSON.stringify({ contractVersion: r.contractVersion, remote: r.remote, routes: r.routes, widgets: r.widgets, ...(r.links && r.links.length ? { links: r.links } : {}) }));`;
  const run = spawnSync(process.execPath, ['-r', path.join(repoRoot, 'scripts', 'ts-register.cjs'), '-e', script], { cwd: path.dirname(routesModule), encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`the route manifest of ${routesModule} could not be read:\n${run.stderr}`);
  const text = `${JSON.stringify(JSON.parse(run.stdout), null, 2)}\n`;
  fs.writeFileSync(path.join(outDir, 'routes.json'), text);
  fs.writeFileSync(path.join(outDir, `routes.${build}.json`), text);
}

/**
 * The build ids of a workspace's compilers once `name`'s build is `id`, by compiler name in a fixed
 * order: the build id hashes this object, so it must not depend on which compiler finished first.
 */
function withBuild(builds, name, id) {
  const all = { ...builds, [name]: id };
  return Object.fromEntries(Object.keys(all).sort().map((key) => [key, all[key]]));
}

/**
 * The text of build-info.json: what the workspace declares (`info`), its compilers' build ids, the
 * build id they make together, and `builtAt` (source-date.js: the commit's time for a build of a clean
 * checkout). Nothing else of the moment goes in, so the same source builds the same file.
 */
function buildInfoText(info, builds, builtAt) {
  const buildId = crypto.createHash('sha256').update(JSON.stringify(builds)).digest('hex').slice(0, 12);
  return JSON.stringify({ ...info, builds, buildId, builtAt }, null, 2);
}

/**
 * Records what a build is (`build-info.json`: its name, its package version, what it was made against
 * and the compilation hash of each compiler) and which files it emitted (`build-files.json`).
 */
class BuildInfoPlugin {
  constructor(file, info) {
    this.file = file;
    this.info = info;
    // A malformed SOURCE_DATE_EPOCH stops the build before it compiles anything.
    sourceDateEpoch(process.env);
  }
  apply(compiler) {
    compiler.hooks.done.tap('BuildInfoPlugin', (stats) => {
      // The compilation hash covers every module and asset: equal hashes mean equal output.
      const part = { buildId: String(stats.hash).slice(0, 16), builtAt: sourceDate({ cwd: compiler.context }).builtAt };
      const existing = readJsonOr(this.file, {});
      const builds = withBuild(existing.builds || {}, compiler.options.name, part.buildId);
      if (this.info.manifestCopy && compiler.options.name.endsWith('-browser')) {
        // An immutable copy of the manifest, named by the build: the browser loads exactly the build
        // the page was rendered with, even after a newer one is deployed.
        const manifest = path.join(compiler.options.output.path, 'mf-manifest.json');
        if (fs.existsSync(manifest)) {
          const withCss = { ...JSON.parse(fs.readFileSync(manifest, 'utf8')), qfCss: cssOfNamedChunks(stats.compilation) };
          fs.writeFileSync(manifest, JSON.stringify(withCss));
          fs.writeFileSync(path.join(compiler.options.output.path, `mf-manifest.${part.buildId}.json`), JSON.stringify(withCss));
        }
      }
      const routesWritten = Boolean(this.info.routesModule && compiler.options.name.endsWith('-browser') && !stats.hasErrors());
      if (routesWritten) publishRoutes(this.info.routesModule, compiler.options.output.path, part.buildId);
      fs.mkdirSync(path.dirname(this.file), { recursive: true });
      recordBuildFiles(path.join(path.dirname(this.file), 'build-files.json'), compiler, stats.compilation, part.buildId, this.info.manifestCopy, routesWritten);
      const { manifestCopy: _copy, routesModule: _routes, ...info } = this.info;
      fs.writeFileSync(this.file, buildInfoText(info, builds, part.builtAt));
    });
  }
}

const nodeExternals = ({ request }, callback) => {
  if (!request || request.startsWith('.') || path.isAbsolute(request) || request.startsWith('@qf/shared') || request.startsWith('!')) return callback();
  return callback(null, `commonjs ${request}`);
};

/**
 * Where a remote's build goes: `<dir>/dist`, or QF_DIST_DIR (a release made elsewhere, as the deploy
 * journey does; the section's server finds its files two folders above its `app/main.js` either way).
 */
const distDir = (dir) => (process.env.QF_DIST_DIR ? path.resolve(process.env.QF_DIST_DIR) : path.join(dir, 'dist'));

/**
 * QF_HASH_SALT salts every content hash of the build (webpack's output.hashSalt): the same code built
 * as another release, with its own file names and build id (the deploy journey's second release).
 */
const hashSalt = () => (process.env.QF_HASH_SALT ? { hashSalt: process.env.QF_HASH_SALT } : {});

/**
 * A remote: a browser build (mf-manifest.json, remoteEntry.js, hashed chunks, CSS), a Node build of
 * the same views for server rendering, and its own HTTP server (page resolver, API, static files).
 */
function createRemoteConfigs({ dir, exposes, serverExposes }) {
  const pkg = require(path.join(dir, 'package.json'));
  const name = pkg.name.replace(/^@qf\//, '');
  const federatedName = name.replace(/-/g, '_');
  const mode = process.env.NODE_ENV === 'development' ? 'development' : 'production';
  const shared = sharedSingletons(pkg);
  const dist = distDir(dir);
  const routesModule = exposes['./routes'] ? path.resolve(dir, exposes['./routes']) : undefined;
  const info = new BuildInfoPlugin(path.join(dist, 'build-info.json'), { name, version: pkg.version, ...compatibilityInfo(pkg, dir), manifestCopy: true, routesModule });

  const browser = {
    ...base({ dir, name: `${name}-browser`, target: 'web', mode }),
    target: 'web',
    entry: {},
    output: {
      path: path.join(dist, 'browser'),
      publicPath: 'auto',
      ...hashSalt(),
      filename: '[name].[contenthash:10].js',
      chunkFilename: '[name].[contenthash:10].js',
      uniqueName: federatedName,
      clean: false,
      // Scripts and stylesheets of another origin (the section's host, the store) are fetched with CORS,
      // which their integrity check needs (chunk-integrity.js); the section's servers and the store allow it.
      crossOriginLoading: 'anonymous',
    },
    plugins: [
      new MiniCssExtractPlugin({ filename: '[name].[contenthash:10].css', chunkFilename: '[name].[contenthash:10].css' }),
      new ChunkIntegrityPlugin(),
      new ModuleFederationPlugin({
        name: federatedName,
        filename: 'remoteEntry.[fullhash:10].js',
        exposes,
        shared,
        manifest: true,
        dts: false,
        shareStrategy: 'loaded-first',
        experiments: { externalRuntime: true, optimization: { target: 'web', disableRemote: true } },
      }),
      info,
    ],
    optimization: { chunkIds: 'deterministic', moduleIds: 'deterministic' },
  };

  const node = {
    ...base({ dir, name: `${name}-node`, target: 'node', mode }),
    target: 'async-node',
    entry: {},
    output: {
      path: path.join(dist, 'server'),
      publicPath: 'auto',
      ...hashSalt(),
      filename: '[name].js',
      chunkFilename: '[name].[contenthash:10].js',
      library: { type: 'commonjs-module' },
      uniqueName: `${federatedName}_node`,
      clean: false,
    },
    plugins: [
      new ModuleFederationPlugin({
        name: federatedName,
        filename: 'remoteEntry.js',
        library: { type: 'commonjs-module' },
        remoteType: 'script',
        exposes: serverExposes,
        shared,
        manifest: false,
        dts: false,
        shareStrategy: 'loaded-first',
        runtimePlugins: [require.resolve('@module-federation/node/runtimePlugin')],
      }),
      info,
    ],
    optimization: { minimize: false, chunkIds: 'deterministic', moduleIds: 'deterministic' },
  };
  // The Node build renders synchronously: a view the browser fetches as a chunk of its own
  // (`lazyView(() => import(…))`) is part of the server's one file, its import() resolving at once
  // (the renderer's `ready`), instead of a chunk read over HTTP on the first render.
  node.module = { ...node.module, parser: { javascript: { dynamicImportMode: 'eager' } } };

  const app = {
    ...base({ dir, name: `${name}-app`, target: 'node', mode }),
    target: 'node20',
    entry: { main: path.join(dir, 'server', 'main.ts') },
    output: { path: path.join(dist, 'app'), filename: '[name].js', library: { type: 'commonjs2' }, clean: true },
    externals: [nodeExternals],
    externalsPresets: { node: true },
    optimization: { minimize: false },
    node: { __dirname: false, __filename: false },
    // Its compilation is part of the build id: a change to the section's server alone (its search, its
    // API) is a new release. Left out, such a build had the id of the release in the store with other
    // files, and `npm start` refused it ("a release is never rewritten").
    plugins: [info],
  };

  return [browser, node, app];
}

/**
 * The federation entry webpack generates imports the runtime-core provider plugin by its CommonJS file
 * (`dist/index.cjs`), whose requires pull the CommonJS build of the whole runtime (runtime, runtime-core,
 * sdk, error-codes) next to the ES build the bundler runtime and our code import: two runtimes in the
 * shell's main chunk (~21 KB gzip of its 46) and, worse, the plugin handed the remotes the other copy.
 * The alias points that one import at the plugin's ES build, so every import resolves to one runtime.
 */
function oneFederationRuntime() {
  const cjs = require.resolve('@module-federation/inject-external-runtime-core-plugin');
  const esm = cjs.replace(/\.cjs$/, '.js');
  return cjs !== esm && fs.existsSync(esm) ? { [cjs]: esm } : {};
}

/** The shell: a browser host that provides the one federation runtime, and its Fastify server. */
function createShellConfigs({ dir }) {
  const pkg = require(path.join(dir, 'package.json'));
  const mode = process.env.NODE_ENV === 'development' ? 'development' : 'production';
  const shared = sharedSingletons(pkg);
  const info = new BuildInfoPlugin(path.join(dir, 'dist', 'build-info.json'), { name: 'shell', version: pkg.version, ...compatibilityInfo(pkg, dir) });

  const clientBase = base({ dir, name: 'shell-client', target: 'web', mode });
  const client = {
    ...clientBase,
    target: 'web',
    resolve: { ...clientBase.resolve, alias: oneFederationRuntime() },
    entry: { main: path.join(dir, 'src', 'index.ts') },
    output: {
      path: path.join(dir, 'dist', 'client'),
      publicPath: '/_shell/',
      // The federation runtime chunk cannot carry a content hash; the compilation hash works.
      filename: '[name].[fullhash:10].js',
      chunkFilename: '[name].[contenthash:10].js',
      uniqueName: 'qf_shell',
      clean: true,
    },
    plugins: [
      new MiniCssExtractPlugin({ filename: '[name].[contenthash:10].css', chunkFilename: '[name].[contenthash:10].css' }),
      new ModuleFederationPlugin({
        name: 'qf_shell',
        remotes: {},
        shared,
        dts: false,
        manifest: false,
        shareStrategy: 'loaded-first',
        experiments: { provideExternalRuntime: true, optimization: { target: 'web', disableSnapshot: true } },
      }),
      new AssetListPlugin(path.join(dir, 'dist', 'client-assets.json')),
      info,
    ],
    optimization: { chunkIds: 'deterministic', moduleIds: 'deterministic' },
  };

  const server = {
    ...base({ dir, name: 'shell-server', target: 'node', mode }),
    target: 'async-node',
    entry: { main: path.join(dir, 'server', 'main.ts') },
    output: { path: path.join(dir, 'dist', 'server'), filename: '[name].js', chunkFilename: '[name].[contenthash:10].js', library: { type: 'commonjs2' }, clean: true, uniqueName: 'qf_shell_server' },
    externals: [({ request }, cb) => (/^(fastify|@fastify\/|pino|avvio)/.test(request || '') ? cb(null, `commonjs ${request}`) : cb())],
    externalsPresets: { node: true },
    plugins: [
      new ModuleFederationPlugin({
        name: 'qf_shell_server',
        remotes: {},
        shared,
        dts: false,
        manifest: false,
        remoteType: 'script',
        shareStrategy: 'loaded-first',
        library: { type: 'commonjs2' },
        runtimePlugins: [require.resolve('@module-federation/node/runtimePlugin')],
      }),
      info,
    ],
    optimization: { minimize: false },
    node: { __dirname: false, __filename: false },
  };
  return [client, server];
}

/** Writes the initial JS and CSS files of each entry, so the server can link and preload them. */
class AssetListPlugin {
  constructor(file) {
    this.file = file;
  }
  apply(compiler) {
    compiler.hooks.afterEmit.tap('AssetListPlugin', (compilation) => {
      const entries = {};
      for (const [entryName, entry] of compilation.entrypoints) {
        const files = entry.getFiles().filter((f) => !f.endsWith('.map') && !f.endsWith('.hot-update.js'));
        // The shell's styles sit behind its async boundary; the server links them all so the first
        // paint is styled and nothing shifts when the bootstrap chunk arrives.
        const css = new Set(files.filter((f) => f.endsWith('.css')));
        for (const chunk of entry.chunks) for (const async of chunk.getAllAsyncChunks()) for (const f of async.files) if (f.endsWith('.css')) css.add(f);
        entries[entryName] = { js: files.filter((f) => f.endsWith('.js')), css: [...css] };
      }
      fs.mkdirSync(path.dirname(this.file), { recursive: true });
      fs.writeFileSync(this.file, JSON.stringify({ publicPath: compilation.outputOptions.publicPath, entries }, null, 2));
    });
  }
}

module.exports = { createRemoteConfigs, createShellConfigs, sharedSingletons, cssOfNamedChunks, repoRoot, AssetListPlugin, BuildInfoPlugin, buildInfoText, withBuild };
