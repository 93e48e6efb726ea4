// Lets the repository's command-line scripts run TypeScript directly: each .ts/.tsx file is compiled
// by SWC (already a build dependency) when required. Used with `node -r ./scripts/ts-register.cjs`.
const { transformSync } = require('@swc/core');
const fs = require('node:fs');

for (const ext of ['.ts', '.tsx']) {
  require.extensions[ext] = (module, filename) => {
    const { code } = transformSync(fs.readFileSync(filename, 'utf8'), {
      filename,
      jsc: { parser: { syntax: 'typescript', tsx: ext === '.tsx' }, target: 'es2022', transform: { react: { runtime: 'automatic' } } },
      module: { type: 'commonjs' },
      sourceMaps: 'inline',
    });
    module._compile(code, filename);
  };
}
