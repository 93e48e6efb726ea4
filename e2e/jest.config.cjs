// The journeys run one at a time against one composed production build.
module.exports = require('../jest.base.cjs')(__dirname, { testMatch: ['<rootDir>/journeys/**/*.test.ts'], testTimeout: 180_000 });
