import { defineSection, lazyView } from '@qf/shared/section';
import { routes } from './routes';
import { translations } from './translations';
import { IdktFooter } from './views/IdktFooter';
import { Landing } from './views/Landing';
import { Subpage } from './views/Subpage';

/**
 * A view per template and widget of the routes. The technology database and the info bank are chunks
 * of their own, fetched only when one of their pages is shown; the other IDKT pages ship with the entry.
 */
export const section = defineSection(routes, {
  translations,
  views: {
    landing: Landing,
    subpage: Subpage,
    IdktFooter,
    technologies: lazyView(() => import(/* webpackChunkName: "technologies" */ './views/Technologies').then((m) => m.Technologies)),
    technology: lazyView(() => import(/* webpackChunkName: "technology" */ './views/IdktItem').then((m) => m.IdktItem)),
    infoBank: lazyView(() => import(/* webpackChunkName: "infoBank" */ './views/InfoBank').then((m) => m.InfoBank)),
    document: lazyView(() => import(/* webpackChunkName: "document" */ './views/IdktItem').then((m) => m.IdktItem)),
  },
});
