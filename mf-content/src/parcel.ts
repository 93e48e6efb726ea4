import { createSectionParcel } from '@qf/shared/parcel';
import { translations } from './translations';

// Each template is its own chunk: a story does not download the home page's code, nor the reverse.
const parcel = createSectionParcel(
  { name: 'mf-content', translations, views: {} },
  {
    story: () => import('./views/Story').then((m) => m.Story),
    home: () => import('./views/Home').then((m) => m.Home),
    search: () => import('./views/Search').then((m) => m.Search),
    page: () => import('./views/Page').then((m) => m.Page),
  },
);
export const { bootstrap, mount, unmount, update } = parcel;
