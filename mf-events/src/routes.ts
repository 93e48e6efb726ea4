import { CONTRACT_VERSION, type RouteManifest } from '@qf/shared/contracts';

/** The pages mf-events owns. Patterns have no language prefix; `/ar` is the shell's concern. */
export const routes = {
  contractVersion: CONTRACT_VERSION,
  remote: 'mf-events',
  routes: [
    { template: 'events', pattern: '/events', hydration: 'interaction' },
    { template: 'event', pattern: '/events/:slug', hydration: 'interaction' },
    // The speaker-series overview: the path of the series' `ecss` entry (contentPath('ecss', slug)).
    { template: 'series', pattern: '/education-city-speaker-series', hydration: 'visible' },
    // The series' speakers (SPEC §2 "speaker-series tag items"): where contentPath('spokes_people', slug) puts them.
    { template: 'speakers', pattern: '/education-city-speaker-series/experts', hydration: 'interaction' },
    { template: 'speaker', pattern: '/education-city-speaker-series/experts/:slug', hydration: 'interaction' },
  ],
  widgets: [],
} as const satisfies RouteManifest;
