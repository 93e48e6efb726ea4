import { createSectionParcel } from '@qf/shared/parcel';
import { translations } from './translations';
import { ExpertsList } from './views/ExpertsList';
import { ExpertProfile } from './views/ExpertProfile';

// The expert pages ship with the entry; the galleries, press releases and mentions are chunks of their
// own, fetched only when one of those pages is shown (a story's visitor never downloads them).
const parcel = createSectionParcel(
  { name: 'mf-media-center', translations, views: { experts: ExpertsList, expert: ExpertProfile } },
  {
    galleries: () => import(/* webpackChunkName: "galleries" */ './views/MediaList').then((m) => m.MediaList),
    news: () => import(/* webpackChunkName: "news" */ './views/MediaList').then((m) => m.MediaList),
    mentions: () => import(/* webpackChunkName: "mentions" */ './views/MediaList').then((m) => m.MediaList),
    gallery: () => import(/* webpackChunkName: "gallery" */ './views/Gallery').then((m) => m.Gallery),
    pressRelease: () => import(/* webpackChunkName: "pressRelease" */ './views/PressRelease').then((m) => m.PressRelease),
    landing: () => import(/* webpackChunkName: "landing" */ './views/MediaCenter').then((m) => m.MediaCenter),
  },
);
export const { bootstrap, mount, unmount, update, preload, timeouts } = parcel;
