import type { RemoteFailure } from './slots';

/** Beacons one page sends at most: a section that fails keeps failing, and one report per kind says it. */
const MAX_PER_PAGE = 10;
let sent = 0;

/**
 * A failure of the page's code: logged, and when it is a remote's (its code did not mount, or a view of
 * it threw), reported to the shell (`POST /_qf/beacon`, same origin, sent even as the page goes away),
 * which counts it for the release of that remote this visitor gets (release health, issue 12).
 */
export function reportFailure(error: unknown, failure?: RemoteFailure, send: (url: string, body: string) => boolean = beacon): void {
  console.error(error);
  if (!failure || sent >= MAX_PER_PAGE) return;
  sent++;
  send('/_qf/beacon', JSON.stringify({ remote: failure.remote, kind: failure.kind }));
}

function beacon(url: string, body: string): boolean {
  try {
    return typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, body);
  } catch {
    return false;
  }
}

/** For tests: a fresh page. */
export function resetReportsForTest(): void {
  sent = 0;
}
