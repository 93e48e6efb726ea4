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
  ],
  widgets: [],
} as const satisfies RouteManifest;
