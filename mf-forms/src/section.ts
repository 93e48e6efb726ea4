import { defineSection, lazyView } from '@qf/shared/section';
import { routes } from './routes';
import { translations } from './translations';

/** A view per widget of the routes. Each form is its own chunk: a page downloads only the forms it places. */
export const section = defineSection(routes, {
  translations,
  views: {
    NewsletterSignup: lazyView(() => import(/* webpackChunkName: "NewsletterSignup" */ './views/NewsletterSignup').then((m) => m.NewsletterSignup)),
    EventRegistration: lazyView(() => import(/* webpackChunkName: "EventRegistration" */ './views/EventRegistration').then((m) => m.EventRegistration)),
    ArtEntry: lazyView(() => import(/* webpackChunkName: "ArtEntry" */ './views/ArtEntry').then((m) => m.ArtEntry)),
    Scholarship: lazyView(() => import(/* webpackChunkName: "Scholarship" */ './views/Scholarship').then((m) => m.Scholarship)),
    PushNotifications: lazyView(() => import(/* webpackChunkName: "PushNotifications" */ './views/PushNotifications').then((m) => m.PushNotifications)),
    AlumniSignup: lazyView(() => import(/* webpackChunkName: "AlumniSignup" */ './views/AlumniSignup').then((m) => m.AlumniSignup)),
    Poll: lazyView(() => import(/* webpackChunkName: "Poll" */ './views/Poll').then((m) => m.Poll)),
    SurveyPopup: lazyView(() => import(/* webpackChunkName: "SurveyPopup" */ './views/SurveyPopup').then((m) => m.SurveyPopup)),
    BrandSurveyPrompt: lazyView(() => import(/* webpackChunkName: "BrandSurveyPrompt" */ './views/BrandSurveyPrompt').then((m) => m.BrandSurveyPrompt)),
    EcssQuestion: lazyView(() => import(/* webpackChunkName: "EcssQuestion" */ './views/EcssQuestion').then((m) => m.EcssQuestion)),
  },
});
