import type { SectionDefinition } from '@qf/shared/react';
import { translations } from './translations';
import { EventRegistration } from './views/EventRegistration';
import { NewsletterSignup } from './views/NewsletterSignup';

export const section: SectionDefinition = {
  name: 'mf-forms',
  translations,
  views: { NewsletterSignup, EventRegistration },
};
