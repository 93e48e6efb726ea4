/**
 * Shell strings for the header panels (search, explore, assistant, accessibility), theme, cookie banner and site-wide behaviour. Spread into the shell namespace by ../translations.ts: use top-level
 * keys of your own (e.g. `panels: { ... }`) so no other module's keys are overwritten.
 */
export const panels = {
  en: {},
  ar: {},
} as const;
