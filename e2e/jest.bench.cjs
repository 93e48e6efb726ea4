// Benchmarks print figures; they are not part of `npm test`.
module.exports = require('../jest.base.cjs')(__dirname, { testMatch: ['<rootDir>/bench/**/*.bench.ts'], testTimeout: 300_000 });
