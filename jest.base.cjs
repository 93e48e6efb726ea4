// One Jest configuration for every workspace: TypeScript and TSX through SWC, tests next to the code.
const path = require('node:path');

/** @param {string} dir the workspace folder @param {object} [overrides] */
module.exports = function jestConfig(dir, overrides = {}) {
  return {
    rootDir: dir,
    testEnvironment: 'node',
    testMatch: ['<rootDir>/**/*.test.ts', '<rootDir>/**/*.test.tsx'],
    testPathIgnorePatterns: ['/node_modules/', '/dist/'],
    transform: {
      '^.+\\.(t|j)sx?$': [
        require.resolve('@swc/jest'),
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic' } },
            target: 'es2022',
          },
          module: { type: 'commonjs' },
        },
      ],
    },
    setupFilesAfterEnv: [path.join(__dirname, 'scripts/jest-setup.cjs')],
    moduleNameMapper: { '\\.css$': path.join(__dirname, 'scripts/jest-css-stub.cjs') },
    ...overrides,
  };
};
