// The journeys run one at a time against one composed production build.
const path = require('node:path');
const base = require('../jest.base.cjs')(__dirname, { testMatch: ['<rootDir>/journeys/**/*.test.ts'], testTimeout: 180_000 });
module.exports = { ...base, testEnvironment: path.join(__dirname, 'environment.cjs'), setupFilesAfterEnv: [...base.setupFilesAfterEnv, path.join(__dirname, 'jest-retry.cjs')] };
