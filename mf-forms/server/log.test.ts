import { runInNewContext } from 'node:vm';
import { loggedError } from './log';

describe('loggedError', () => {
  it("keeps an error's type, message, code and stack, and none of the driver's fields quoting the row", () => {
    const error = Object.assign(new Error('duplicate key value violates unique constraint "newsletter_subscriptions_list_email"'), {
      code: '23505',
      detail: 'Key (list, email_normalized)=(general, someone@example.org) already exists.',
      parameters: ['someone@example.org'],
    });
    const logged = loggedError(error);
    expect(logged).toMatchObject({ message: error.message, code: '23505', stack: error.stack });
    expect(JSON.stringify({ ...logged, stack: logged.stack })).not.toContain('someone@example.org');
  });

  it("takes errors of another realm (Node's own, seen from a test's sandbox) as errors", () => {
    const foreign = runInNewContext('new TypeError("fetch failed")') as Error;
    expect(foreign instanceof Error).toBe(false);
    expect(loggedError(foreign).message).toBe('fetch failed');
    expect(loggedError({ message: 'not an error' }).message).toBe('a value that is not an Error was thrown');
  });
});
