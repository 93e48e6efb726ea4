import { createSectionParcel } from '@qf/shared/parcel';
import { translations } from './translations';

// Each form is its own chunk: a page downloads only the forms it places.
const parcel = createSectionParcel(
  { name: 'mf-forms', translations, views: {} },
  {
    NewsletterSignup: () => import(/* webpackChunkName: "NewsletterSignup" */ './views/NewsletterSignup').then((m) => m.NewsletterSignup),
    EventRegistration: () => import(/* webpackChunkName: "EventRegistration" */ './views/EventRegistration').then((m) => m.EventRegistration),
    ArtEntry: () => import(/* webpackChunkName: "ArtEntry" */ './views/ArtEntry').then((m) => m.ArtEntry),
    Scholarship: () => import(/* webpackChunkName: "Scholarship" */ './views/Scholarship').then((m) => m.Scholarship),
    PushNotifications: () => import(/* webpackChunkName: "PushNotifications" */ './views/PushNotifications').then((m) => m.PushNotifications),
    AlumniSignup: () => import(/* webpackChunkName: "AlumniSignup" */ './views/AlumniSignup').then((m) => m.AlumniSignup),
    Poll: () => import(/* webpackChunkName: "Poll" */ './views/Poll').then((m) => m.Poll),
    SurveyPopup: () => import(/* webpackChunkName: "SurveyPopup" */ './views/SurveyPopup').then((m) => m.SurveyPopup),
    BrandSurveyPrompt: () => import(/* webpackChunkName: "BrandSurveyPrompt" */ './views/BrandSurveyPrompt').then((m) => m.BrandSurveyPrompt),
    EcssQuestion: () => import(/* webpackChunkName: "EcssQuestion" */ './views/EcssQuestion').then((m) => m.EcssQuestion),
  },
);
export const { bootstrap, mount, unmount, update, preload, timeouts } = parcel;
