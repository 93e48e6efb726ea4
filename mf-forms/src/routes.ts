import { defineRoutes } from '@qf/shared/section';

/** mf-forms owns no pages: its forms are widgets other sections place, declared once here. */
export const routes = defineRoutes(
  'mf-forms',
  {},
  {
    // It posts without JavaScript: its code (react-hook-form, the schema) loads when a visitor uses it.
    NewsletterSignup: { hydration: 'interaction' },
    EventRegistration: { hydration: 'visible' },
    ArtEntry: { hydration: 'visible' },
    Scholarship: { hydration: 'visible' },
    PushNotifications: { hydration: 'visible' },
    AlumniSignup: { hydration: 'visible' },
    Poll: { hydration: 'visible' },
    EcssQuestion: { hydration: 'visible' },
    // Both render nothing on the server (the browser's storage decides whether they show).
    SurveyPopup: { hydration: 'idle' },
    BrandSurveyPrompt: { hydration: 'idle' },
  },
);
