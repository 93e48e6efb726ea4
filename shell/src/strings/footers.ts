/**
 * Shell strings for the main footer, IDKT footer chrome, breadcrumb and area bars. Spread into the shell namespace by ../translations.ts: use top-level
 * keys of your own (e.g. `footers: { ... }`) so no other module's keys are overwritten.
 */
export const footers = {
  en: {},
  ar: {},
} as const;
