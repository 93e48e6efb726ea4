import { CONTRACT_VERSION, type RouteManifest } from '@qf/shared/contracts';

/** The pages mf-content owns. Patterns have no language prefix; `/ar` is the shell's concern. */
export const routes = {
  contractVersion: CONTRACT_VERSION,
  remote: 'mf-content',
  routes: [
    { template: 'story', pattern: '/stories/:slug', hydration: 'interaction' },
    { template: 'home', pattern: '/', hydration: 'interaction' },
    { template: 'search', pattern: '/search', hydration: 'fragment' },
    // The area pages and the directory (every path contentPath() gives these kinds); before `/:slug`.
    { template: 'area', pattern: '/education', hydration: 'interaction' },
    { template: 'area', pattern: '/research', hydration: 'interaction' },
    { template: 'area', pattern: '/community', hydration: 'interaction' },
    { template: 'area', pattern: '/world-cup', hydration: 'interaction' },
    // The areas' categories, as the menu and the area sub-menu bar link them (`/{area}/{category}`).
    { template: 'category', pattern: '/education/schools', hydration: 'interaction' },
    { template: 'category', pattern: '/education/education-city', hydration: 'interaction' },
    { template: 'category', pattern: '/research/entities', hydration: 'interaction' },
    { template: 'category', pattern: '/community/entities', hydration: 'interaction' },
    { template: 'category', pattern: '/community/places', hydration: 'interaction' },
    { template: 'category', pattern: '/world-cup/:category', hydration: 'interaction' },
    { template: 'stories', pattern: '/stories', hydration: 'interaction' },
    { template: 'campaign', pattern: '/campaign/:slug', hydration: 'interaction' },
    { template: 'programs', pattern: '/program', hydration: 'interaction' },
    { template: 'program', pattern: '/program/:slug', hydration: 'interaction' },
    { template: 'place', pattern: '/place/:slug', hydration: 'interaction' },
    { template: 'school', pattern: '/education/schools/:slug', hydration: 'interaction' },
    { template: 'university', pattern: '/education/education-city/:slug', hydration: 'interaction' },
    { template: 'people', pattern: '/people', hydration: 'interaction' },
    { template: 'person', pattern: '/people/:slug', hydration: 'interaction' },
    { template: 'tapStories', pattern: '/stories/tap', hydration: 'interaction' },
    { template: 'tapStory', pattern: '/stories/tap/:slug', hydration: 'visible' },
    // Pages under a parent segment (SPEC §2 route builder): /about/profile and the areas' specific pages.
    { template: 'page', pattern: '/about/:slug', hydration: 'interaction' },
    { template: 'page', pattern: '/education/:slug', hydration: 'interaction' },
    { template: 'page', pattern: '/research/:slug', hydration: 'interaction' },
    { template: 'page', pattern: '/community/:slug', hydration: 'interaction' },
    { template: 'page', pattern: '/:slug', hydration: 'interaction' },
  ],
  widgets: [],
} as const satisfies RouteManifest;
