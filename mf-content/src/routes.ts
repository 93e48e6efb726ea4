import { CONTRACT_VERSION, type RouteManifest } from '@qf/shared/contracts';

/** The pages mf-content owns. Patterns have no language prefix; `/ar` is the shell's concern. */
export const routes = {
  contractVersion: CONTRACT_VERSION,
  remote: 'mf-content',
  routes: [
    { template: 'story', pattern: '/stories/:slug', hydration: 'idle' },
    { template: 'home', pattern: '/', hydration: 'idle' },
    { template: 'search', pattern: '/search', hydration: 'eager' },
    // The area pages and the directory (every path contentPath() gives these kinds); before `/:slug`.
    { template: 'area', pattern: '/education', hydration: 'idle' },
    { template: 'area', pattern: '/research', hydration: 'idle' },
    { template: 'area', pattern: '/community', hydration: 'idle' },
    { template: 'area', pattern: '/world-cup', hydration: 'idle' },
    // The areas' categories, as the menu and the area sub-menu bar link them (`/{area}/{category}`).
    { template: 'category', pattern: '/education/schools', hydration: 'idle' },
    { template: 'category', pattern: '/education/education-city', hydration: 'idle' },
    { template: 'category', pattern: '/research/entities', hydration: 'idle' },
    { template: 'category', pattern: '/community/entities', hydration: 'idle' },
    { template: 'category', pattern: '/community/places', hydration: 'idle' },
    { template: 'category', pattern: '/world-cup/:category', hydration: 'idle' },
    { template: 'stories', pattern: '/stories', hydration: 'idle' },
    { template: 'campaign', pattern: '/campaign/:slug', hydration: 'idle' },
    { template: 'programs', pattern: '/program', hydration: 'idle' },
    { template: 'program', pattern: '/program/:slug', hydration: 'idle' },
    { template: 'place', pattern: '/place/:slug', hydration: 'idle' },
    { template: 'school', pattern: '/education/schools/:slug', hydration: 'idle' },
    { template: 'university', pattern: '/education/education-city/:slug', hydration: 'idle' },
    { template: 'person', pattern: '/people/:slug', hydration: 'idle' },
    { template: 'tapStories', pattern: '/stories/tap', hydration: 'idle' },
    { template: 'tapStory', pattern: '/stories/tap/:slug', hydration: 'idle' },
    { template: 'page', pattern: '/:slug', hydration: 'idle' },
  ],
  widgets: [],
} as const satisfies RouteManifest;
