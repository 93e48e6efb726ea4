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
    area: () => import('./views/Area').then((m) => m.Area),
    programs: () => import('./views/ProgramList').then((m) => m.ProgramList),
    // The five detail templates share one view, so one chunk.
    program: () => import('./views/Detail').then((m) => m.Detail),
    place: () => import('./views/Detail').then((m) => m.Detail),
    school: () => import('./views/Detail').then((m) => m.Detail),
    university: () => import('./views/Detail').then((m) => m.Detail),
    person: () => import('./views/Detail').then((m) => m.Detail),
    tapStories: () => import('./views/TapStories').then((m) => m.TapStories),
    tapStory: () => import('./views/TapStory').then((m) => m.TapStory),
    stories: () => import('./views/StoryList').then((m) => m.StoryList),
    category: () => import('./views/CategoryList').then((m) => m.CategoryList),
    campaign: () => import('./views/Campaign').then((m) => m.Campaign),
  },
);
export const { bootstrap, mount, unmount, update } = parcel;
