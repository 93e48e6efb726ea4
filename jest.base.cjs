// One Jest configuration for every workspace: TypeScript and TSX through SWC, tests next to the code.
const path = require('node:path');

const swc = {
  jsc: {
    parser: { syntax: 'typescript', tsx: true },
    transform: { react: { runtime: 'automatic' } },
    target: 'es2022',
  },
  module: { type: 'commonjs' },
};

/** @param {string} dir the workspace folder @param {object} [overrides] */
module.exports = function jestConfig(dir, overrides = {}) {
  return {
    rootDir: dir,
    testEnvironment: 'node',
    testMatch: ['<rootDir>/**/*.test.ts', '<rootDir>/**/*.test.tsx'],
    testPathIgnorePatterns: ['/node_modules/', '/dist/'],
    transform: { '^.+\\.(t|j)sx?$': [require.resolve('@swc/jest'), swc] },
    // A few of Fastify's dependencies ship ES modules only; Node 20 loads them, Jest needs them compiled.
    transformIgnorePatterns: ['/node_modules/(?!(content-disposition|cookie|@fastify/send)/)'],
    setupFilesAfterEnv: [path.join(__dirname, 'scripts/jest-setup.cjs')],
    moduleNameMapper: { '\\.css$': path.join(__dirname, 'scripts/jest-css-stub.cjs') },
    ...overrides,
  };
};
