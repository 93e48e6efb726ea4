/**
 * mf-forms strings for the alumni sign-up, poll, survey popup, brand survey and speaker-series question forms. Spread into the forms namespace by ../translations.ts: use
 * top-level keys of your own so no other module's keys are overwritten.
 */
export const smallForms = {
  en: {},
  ar: {},
} as const;
