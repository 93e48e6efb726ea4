import * as z from '@qf/shared/zod';

/**
 * The page's CSP has no 'unsafe-eval'. zod compiles object parsers with `new Function` when it may, and
 * the first object parse of each bundle probes for that, which the browser reports as a CSP violation
 * (seen on every IDKT page). zod keeps its settings on `globalThis`, shared by the zod of every bundle
 * on the page, so the shell turns the compiler off once, before it or any section parses anything.
 */
export function parseWithoutEval(): void {
  z.config({ jitless: true });
}
