import { defineRoutes } from '@qf/shared/section';

/**
 * The pages mf-content owns, declared once (manifest, links, matcher). Patterns have no language
 * prefix; precedence is by specificity (`/stories/tap` before `/stories/:slug`, `/education/schools`
 * before `/education/:slug`, `/education` before `/:slug`), not by the order below.
 */
export const routes = defineRoutes(
  'mf-content',
  {
    home: { pattern: '/', hydration: 'interaction' },
    search: { pattern: '/search', hydration: 'fragment' },
    story: { pattern: '/stories/:slug', hydration: 'interaction' },
    stories: { pattern: '/stories', hydration: 'interaction', query: ['area', 'type', 'tag', 'page'] },
    tapStories: { pattern: '/stories/tap', hydration: 'interaction' },
    tapStory: { pattern: '/stories/tap/:slug', hydration: 'visible' },
    // The area pages (every path contentPath() gives these kinds), named so other sections link to one
    // by its route id (`mf-content/area.research`).
    area: { pattern: { education: '/education', research: '/research', community: '/community', worldCup: '/world-cup' }, hydration: 'interaction' },
    // The areas' categories, as the menu and the area sub-menu bar link them (`/{area}/{category}`).
    category: {
      pattern: ['/education/schools', '/education/education-city', '/research/entities', '/community/entities', '/community/places', '/world-cup/:category'],
      hydration: 'interaction',
    },
    campaign: { pattern: '/campaign/:slug', hydration: 'interaction' },
    programs: { pattern: '/program', hydration: 'interaction', query: ['school', 'degree'] },
    program: { pattern: '/program/:slug', hydration: 'interaction' },
    place: { pattern: '/place/:slug', hydration: 'interaction' },
    school: { pattern: '/education/schools/:slug', hydration: 'interaction' },
    university: { pattern: '/education/education-city/:slug', hydration: 'interaction' },
    people: { pattern: '/people', hydration: 'interaction' },
    person: { pattern: '/people/:slug', hydration: 'interaction' },
    // Pages under a parent segment (SPEC §2 route builder): /about/profile and the areas' specific pages,
    // and the root-level pages and entities.
    page: { pattern: ['/about/:slug', '/education/:slug', '/research/:slug', '/community/:slug', '/:slug'], hydration: 'interaction' },
  },
  {},
  // The other sections' pages mf-content links to (the area pages' further links).
  { links: ['mf-idkt/technologies', 'mf-idkt/landing', 'mf-events/events'] },
);
