import { CONTRACT_VERSION, type RouteManifest } from '@qf/shared/contracts';

/** The pages mf-events owns. Patterns have no language prefix; `/ar` is the shell's concern. */
export const routes = {
  contractVersion: CONTRACT_VERSION,
  remote: 'mf-events',
  routes: [
    { template: 'events', pattern: '/events', hydration: 'idle' },
    { template: 'event', pattern: '/events/:slug', hydration: 'idle' },
    // The speaker-series overview: the path of the series' `ecss` entry (contentPath('ecss', slug)).
    { template: 'series', pattern: '/education-city-speaker-series', hydration: 'idle' },
  ],
  widgets: [],
} as const satisfies RouteManifest;
