/**
 * Shell strings for the service worker, offline page, prefetch and delayed-load notice. Spread into the shell namespace by ../translations.ts: use top-level
 * keys of your own (e.g. `offline: { ... }`) so no other module's keys are overwritten.
 */
export const offline = {
  en: {},
  ar: {},
} as const;
