/**
 * mf-forms strings for the art entry and scholarship forms. Spread into the forms namespace by ../translations.ts: use
 * top-level keys of your own so no other module's keys are overwritten.
 */
export const uploads = {
  en: {},
  ar: {},
} as const;
