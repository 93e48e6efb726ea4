const path = require('node:path');
const { AssetListPlugin, createShellConfigs } = require('@qf/shared/build');

const [client, server] = createShellConfigs({ dir: __dirname });

/**
 * The service worker: one small file with no federation runtime and no React, served by the shell
 * server at /sw.js (its scope must be the whole site, so it cannot live under /_shell/). The server
 * stamps the build's version into it.
 */
const serviceWorker = {
  name: 'shell-sw',
  mode: client.mode,
  context: __dirname,
  target: 'webworker',
  entry: { sw: path.join(__dirname, 'src', 'sw', 'index.ts') },
  output: { path: path.join(__dirname, 'dist', 'sw'), filename: 'sw.js', clean: true },
  resolve: { extensions: ['.ts', '.js'] },
  module: { rules: [client.module.rules[0]] },
  devtool: false,
  performance: { hints: false },
  stats: 'errors-warnings',
};

/**
 * The page's first script: a few KB that drive the chrome needing no framework and fetch the app
 * (client.entry, with the federation runtime and React) only when the visitor first needs it. Built
 * without federation, so nothing of the runtime comes with it. Served at /_shell/boot/.
 */
const boot = {
  name: 'shell-boot',
  mode: client.mode,
  context: __dirname,
  target: 'web',
  entry: { boot: path.join(__dirname, 'src', 'boot', 'entry.ts') },
  output: { path: path.join(__dirname, 'dist', 'boot'), publicPath: '/_shell/boot/', filename: '[name].[contenthash:10].js', clean: true },
  resolve: client.resolve,
  module: { rules: [client.module.rules[0]] },
  cache: { ...client.cache, name: 'shell-boot' },
  devtool: client.devtool,
  plugins: [new AssetListPlugin(path.join(__dirname, 'dist', 'boot-assets.json'))],
  optimization: { chunkIds: 'deterministic', moduleIds: 'deterministic' },
  performance: { hints: false },
  stats: 'errors-warnings',
};

module.exports = [client, server, serviceWorker, boot];
