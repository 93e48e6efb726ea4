import { defineRoutes } from '@qf/shared/section';

/**
 * The pages mf-events owns, declared once: the route manifest the shell reads, the links the views
 * build and the matcher its server dispatches with. Patterns have no language prefix (`/ar` is the
 * shell's concern); precedence is by specificity, not by order.
 */
export const routes = defineRoutes('mf-events', {
  events: { pattern: '/events', hydration: 'interaction', query: ['location', 'upcoming', 'past'] },
  event: { pattern: '/events/:slug', hydration: 'interaction' },
  // The speaker-series overview: the path of the series' `ecss` entry (contentPath('ecss', slug)).
  series: { pattern: '/education-city-speaker-series', hydration: 'visible' },
  // The series' speakers (SPEC §2 "speaker-series tag items"): where contentPath('spokes_people', slug) puts them.
  speakers: { pattern: '/education-city-speaker-series/experts', hydration: 'interaction' },
  speaker: { pattern: '/education-city-speaker-series/experts/:slug', hydration: 'interaction' },
});
