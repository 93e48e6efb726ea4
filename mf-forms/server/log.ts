import { types } from 'node:util';

/**
 * An error as mf-forms logs it (`log.error({ err: loggedError(error) }, '…')`): its type, message, code
 * and stack, nothing else. A database driver's error carries more (`detail` quotes the row's values:
 * `Key (email_normalized)=(someone@example.org) already exists`, `parameters`, `where`), and pino's
 * error serializer would write every such field: no log line holds a visitor's data.
 */
export function loggedError(error: unknown): Error {
  // Errors of another realm (Node's own, seen from a test's sandbox) are not `instanceof Error` there.
  if (!(error instanceof Error || types.isNativeError(error))) return new Error(typeof error === 'string' ? error : 'a value that is not an Error was thrown');
  const copy = new Error(error.message);
  copy.name = error.name;
  copy.stack = error.stack;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' || typeof code === 'number') Object.assign(copy, { code });
  return copy;
}
