import { createSectionParcel } from '@qf/shared/parcel';
import { translations } from './translations';

// Each form is its own chunk: a page downloads only the forms it places.
const parcel = createSectionParcel(
  { name: 'mf-forms', translations, views: {} },
  {
    NewsletterSignup: () => import('./views/NewsletterSignup').then((m) => m.NewsletterSignup),
    EventRegistration: () => import('./views/EventRegistration').then((m) => m.EventRegistration),
  },
);
export const { bootstrap, mount, unmount, update } = parcel;
