import { defineSection, lazyView } from '@qf/shared/section';
import { routes } from './routes';
import { translations } from './translations';

/**
 * A view per template of the routes. Each template is its own chunk: a story does not download the
 * home page's code, nor the reverse. Chunks are named after their template: the shell links the
 * stylesheets of the template it rendered by that name (the manifest's `qfCss`), so the server's HTML
 * is styled before this code arrives. The five detail templates share one view, so one chunk.
 */
export const section = defineSection(routes, {
  translations,
  views: {
    story: lazyView(() => import(/* webpackChunkName: "story" */ './views/Story').then((m) => m.Story)),
    home: lazyView(() => import(/* webpackChunkName: "home" */ './views/Home').then((m) => m.Home)),
    search: lazyView(() => import(/* webpackChunkName: "search" */ './views/Search').then((m) => m.Search)),
    page: lazyView(() => import(/* webpackChunkName: "page" */ './views/Page').then((m) => m.Page)),
    area: lazyView(() => import(/* webpackChunkName: "area" */ './views/Area').then((m) => m.Area)),
    programs: lazyView(() => import(/* webpackChunkName: "programs" */ './views/ProgramList').then((m) => m.ProgramList)),
    program: lazyView(() => import(/* webpackChunkName: "program" */ './views/Detail').then((m) => m.Detail)),
    place: lazyView(() => import(/* webpackChunkName: "place" */ './views/Detail').then((m) => m.Detail)),
    school: lazyView(() => import(/* webpackChunkName: "school" */ './views/Detail').then((m) => m.Detail)),
    university: lazyView(() => import(/* webpackChunkName: "university" */ './views/Detail').then((m) => m.Detail)),
    person: lazyView(() => import(/* webpackChunkName: "person" */ './views/Detail').then((m) => m.Detail)),
    tapStories: lazyView(() => import(/* webpackChunkName: "tapStories" */ './views/TapStories').then((m) => m.TapStories)),
    tapStory: lazyView(() => import(/* webpackChunkName: "tapStory" */ './views/TapStory').then((m) => m.TapStory)),
    stories: lazyView(() => import(/* webpackChunkName: "stories" */ './views/StoryList').then((m) => m.StoryList)),
    category: lazyView(() => import(/* webpackChunkName: "category" */ './views/CategoryList').then((m) => m.CategoryList)),
    campaign: lazyView(() => import(/* webpackChunkName: "campaign" */ './views/Campaign').then((m) => m.Campaign)),
    people: lazyView(() => import(/* webpackChunkName: "people" */ './views/People').then((m) => m.People)),
  },
});
