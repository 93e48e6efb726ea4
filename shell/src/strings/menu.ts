/**
 * Shell strings for the mega menu, mobile menu and map mode. Spread into the shell namespace by ../translations.ts: use top-level
 * keys of your own (e.g. `menu: { ... }`) so no other module's keys are overwritten.
 */
export const menu = {
  en: {},
  ar: {},
} as const;
