import { createSectionParcel } from '@qf/shared/parcel';
import { translations } from './translations';

// Each template is its own chunk: a story does not download the home page's code, nor the reverse.
// Chunks are named after their template: the shell links the stylesheets of the template it rendered
// by that name (the manifest's `qfCss`), so the server's HTML is styled before this code arrives.
const parcel = createSectionParcel(
  { name: 'mf-content', translations, views: {} },
  {
    story: () => import(/* webpackChunkName: "story" */ './views/Story').then((m) => m.Story),
    home: () => import(/* webpackChunkName: "home" */ './views/Home').then((m) => m.Home),
    search: () => import(/* webpackChunkName: "search" */ './views/Search').then((m) => m.Search),
    page: () => import(/* webpackChunkName: "page" */ './views/Page').then((m) => m.Page),
    area: () => import(/* webpackChunkName: "area" */ './views/Area').then((m) => m.Area),
    programs: () => import(/* webpackChunkName: "programs" */ './views/ProgramList').then((m) => m.ProgramList),
    // The five detail templates share one view, so one chunk.
    program: () => import(/* webpackChunkName: "program" */ './views/Detail').then((m) => m.Detail),
    place: () => import(/* webpackChunkName: "place" */ './views/Detail').then((m) => m.Detail),
    school: () => import(/* webpackChunkName: "school" */ './views/Detail').then((m) => m.Detail),
    university: () => import(/* webpackChunkName: "university" */ './views/Detail').then((m) => m.Detail),
    person: () => import(/* webpackChunkName: "person" */ './views/Detail').then((m) => m.Detail),
    tapStories: () => import(/* webpackChunkName: "tapStories" */ './views/TapStories').then((m) => m.TapStories),
    tapStory: () => import(/* webpackChunkName: "tapStory" */ './views/TapStory').then((m) => m.TapStory),
    stories: () => import(/* webpackChunkName: "stories" */ './views/StoryList').then((m) => m.StoryList),
    category: () => import(/* webpackChunkName: "category" */ './views/CategoryList').then((m) => m.CategoryList),
    campaign: () => import(/* webpackChunkName: "campaign" */ './views/Campaign').then((m) => m.Campaign),
    people: () => import(/* webpackChunkName: "people" */ './views/People').then((m) => m.People),
  },
);
export const { bootstrap, mount, unmount, update, preload, timeouts } = parcel;
