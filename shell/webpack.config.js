const path = require('node:path');
const { createShellConfigs } = require('@qf/shared/build');

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

module.exports = [client, server, serviceWorker];
