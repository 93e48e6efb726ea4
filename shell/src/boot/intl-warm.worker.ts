/**
 * A dedicated worker that makes, once, every date and number formatter the site's pages use, in both
 * languages, then ends. The browser's first Intl formatter of a page loads its ICU data (about 150 ms
 * on a phone: Lighthouse's CPU, measured in Chromium), and ICU's data and caches are the renderer
 * process's, not a thread's: made here, on another core, while the app's code downloads, the first
 * page a client-side navigation renders finds them loaded (its formatters then cost 1-6 ms, not
 * 150-180; issue 34). Nothing in it is kept or sent back but the word that it is done.
 */
import { DATE_STYLES, dohaDay, formatDate } from '@qf/shared/dates';
import { localDigits, type Lang } from '@qf/shared/i18n';

const scope = self as unknown as { postMessage(message: unknown): void; close(): void };
const instant = Date.UTC(2026, 2, 12, 15, 30);
// The languages written out: the i18n module's list comes with its schema (zod), which this file does not need.
for (const lang of ['en', 'ar'] as const satisfies readonly Lang[]) {
  for (const style of DATE_STYLES) formatDate(lang, instant, style);
  localDigits(lang, 12);
  new Intl.PluralRules(lang).select(2);
  new Intl.NumberFormat(lang === 'ar' ? 'ar-QA' : 'en-GB', { minimumIntegerDigits: 2, useGrouping: false }).format(5);
}
dohaDay(instant);
scope.postMessage('warm');
scope.close();
