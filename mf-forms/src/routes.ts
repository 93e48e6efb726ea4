import { CONTRACT_VERSION, type RouteManifest } from '@qf/shared/contracts';

/** mf-forms owns no pages: its forms are widgets other sections place. */
export const routes = {
  contractVersion: CONTRACT_VERSION,
  remote: 'mf-forms',
  routes: [],
  widgets: [
    { name: 'NewsletterSignup', hydration: 'visible' },
    { name: 'EventRegistration', hydration: 'visible' },
  ],
} as const satisfies RouteManifest;
