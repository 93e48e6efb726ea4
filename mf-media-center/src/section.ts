import { defineSection, lazyView } from '@qf/shared/section';
import { routes } from './routes';
import { translations } from './translations';
import { ExpertProfile } from './views/ExpertProfile';
import { ExpertsList } from './views/ExpertsList';

/**
 * A view per template of the routes. The expert pages ship with the entry; the landing, the galleries,
 * press releases and mentions are chunks of their own, fetched only when one of those pages is shown.
 */
export const section = defineSection(routes, {
  translations,
  views: {
    experts: ExpertsList,
    expert: ExpertProfile,
    galleries: lazyView(() => import(/* webpackChunkName: "galleries" */ './views/MediaList').then((m) => m.MediaList)),
    news: lazyView(() => import(/* webpackChunkName: "news" */ './views/MediaList').then((m) => m.MediaList)),
    mentions: lazyView(() => import(/* webpackChunkName: "mentions" */ './views/MediaList').then((m) => m.MediaList)),
    gallery: lazyView(() => import(/* webpackChunkName: "gallery" */ './views/Gallery').then((m) => m.Gallery)),
    pressRelease: lazyView(() => import(/* webpackChunkName: "pressRelease" */ './views/PressRelease').then((m) => m.PressRelease)),
    landing: lazyView(() => import(/* webpackChunkName: "landing" */ './views/MediaCenter').then((m) => m.MediaCenter)),
  },
});
