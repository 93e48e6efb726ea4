/**
 * mf-forms strings for the push notification toggle. Spread into the forms namespace by ../translations.ts: use
 * top-level keys of your own so no other module's keys are overwritten.
 */
export const push = {
  en: {},
  ar: {},
} as const;
