import { createSectionParcel } from '@qf/shared/parcel';
import { translations } from './translations';
import { IdktFooter } from './views/IdktFooter';
import { Landing } from './views/Landing';
import { Subpage } from './views/Subpage';

// The technology database and the info bank are chunks of their own, fetched only when one of their
// pages is shown; every other IDKT page ships with the entry as before.
const parcel = createSectionParcel(
  { name: 'mf-idkt', translations, views: { landing: Landing, subpage: Subpage, IdktFooter } },
  {
    technologies: () => import(/* webpackChunkName: "technologies" */ './views/Technologies').then((m) => m.Technologies),
    technology: () => import(/* webpackChunkName: "technology" */ './views/IdktItem').then((m) => m.IdktItem),
    infoBank: () => import(/* webpackChunkName: "infoBank" */ './views/InfoBank').then((m) => m.InfoBank),
    document: () => import(/* webpackChunkName: "document" */ './views/IdktItem').then((m) => m.IdktItem),
  },
);
export const { bootstrap, mount, unmount, update, preload, timeouts } = parcel;
