// A journey that fails is run once more, and its first failure is printed either way
// (logErrorsBeforeRetry), so a flake is visible in the log without failing the whole pipeline,
// and a real failure still fails: it fails twice. The retry runs at once (retryImmediately), in the
// state the journey was written for: run after the rest of its file, it met what later journeys did
// (the cluster's content test retried after another had killed a shell: ECONNREFUSED, not its flake).
jest.retryTimes(1, { logErrorsBeforeRetry: true, retryImmediately: true });
