import type { SectionDefinition } from '@qf/shared/react';
import { translations } from './translations';
import { EventRegistration } from './views/EventRegistration';
import { ArtEntry } from './views/ArtEntry';
import { Scholarship } from './views/Scholarship';
import { NewsletterSignup } from './views/NewsletterSignup';
import { PushNotifications } from './views/PushNotifications';
import { AlumniSignup } from './views/AlumniSignup';
import { Poll } from './views/Poll';
import { SurveyPopup } from './views/SurveyPopup';
import { BrandSurveyPrompt } from './views/BrandSurveyPrompt';
import { EcssQuestion } from './views/EcssQuestion';

export const section: SectionDefinition = {
  name: 'mf-forms',
  translations,
  views: { NewsletterSignup, EventRegistration, ArtEntry, Scholarship, PushNotifications, AlumniSignup, Poll, SurveyPopup, BrandSurveyPrompt, EcssQuestion },
};
