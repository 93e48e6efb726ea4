// DOM matchers (toHaveTextContent, toBeVisible…) for component tests; harmless in node tests.
require('@testing-library/jest-dom');
// Servers built in tests write no access log unless a test asks for one (it then gives its own
// destination or LOG_LEVEL): a line per request would bury the test report.
process.env.LOG_LEVEL ??= 'silent';
