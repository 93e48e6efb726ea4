// A journey that fails is run once more, and its first failure is printed either way
// (logErrorsBeforeRetry), so a flake is visible in the log without failing the whole pipeline,
// and a real failure still fails: it fails twice.
jest.retryTimes(1, { logErrorsBeforeRetry: true });
