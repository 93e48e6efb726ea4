// DOM matchers (toHaveTextContent, toBeVisible…) for component tests; harmless in node tests.
require('@testing-library/jest-dom');
