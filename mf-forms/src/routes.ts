import { CONTRACT_VERSION, type RouteManifest } from '@qf/shared/contracts';

/** mf-forms owns no pages: its forms are widgets other sections place. */
export const routes = {
  contractVersion: CONTRACT_VERSION,
  remote: 'mf-forms',
  routes: [],
  widgets: [
    // It posts without JavaScript: its code (react-hook-form, the schema) loads when a visitor uses it.
    { name: 'NewsletterSignup', hydration: 'interaction' },
    { name: 'EventRegistration', hydration: 'visible' },
    { name: 'ArtEntry', hydration: 'visible' },
    { name: 'Scholarship', hydration: 'visible' },
    { name: 'PushNotifications', hydration: 'visible' },
    { name: 'AlumniSignup', hydration: 'visible' },
    { name: 'Poll', hydration: 'visible' },
    { name: 'EcssQuestion', hydration: 'visible' },
    // Both render nothing on the server (the browser's storage decides whether they show).
    { name: 'SurveyPopup', hydration: 'idle' },
    { name: 'BrandSurveyPrompt', hydration: 'idle' },
  ],
} as const satisfies RouteManifest;
