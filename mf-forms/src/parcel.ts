import { createSectionParcel } from '@qf/shared/parcel';
import { translations } from './translations';

// Each form is its own chunk: a page downloads only the forms it places.
const parcel = createSectionParcel(
  { name: 'mf-forms', translations, views: {} },
  {
    NewsletterSignup: () => import('./views/NewsletterSignup').then((m) => m.NewsletterSignup),
    EventRegistration: () => import('./views/EventRegistration').then((m) => m.EventRegistration),
    ArtEntry: () => import('./views/ArtEntry').then((m) => m.ArtEntry),
    Scholarship: () => import('./views/Scholarship').then((m) => m.Scholarship),
    PushNotifications: () => import('./views/PushNotifications').then((m) => m.PushNotifications),
    AlumniSignup: () => import('./views/AlumniSignup').then((m) => m.AlumniSignup),
    Poll: () => import('./views/Poll').then((m) => m.Poll),
    SurveyPopup: () => import('./views/SurveyPopup').then((m) => m.SurveyPopup),
    BrandSurveyPrompt: () => import('./views/BrandSurveyPrompt').then((m) => m.BrandSurveyPrompt),
    EcssQuestion: () => import('./views/EcssQuestion').then((m) => m.EcssQuestion),
  },
);
export const { bootstrap, mount, unmount, update } = parcel;
