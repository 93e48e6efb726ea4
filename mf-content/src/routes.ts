import { CONTRACT_VERSION, type RouteManifest } from '@qf/shared/contracts';

/** The pages mf-content owns. Patterns have no language prefix; `/ar` is the shell's concern. */
export const routes = {
  contractVersion: CONTRACT_VERSION,
  remote: 'mf-content',
  routes: [
    { template: 'story', pattern: '/stories/:slug', hydration: 'idle' },
    { template: 'home', pattern: '/', hydration: 'idle' },
    { template: 'search', pattern: '/search', hydration: 'eager' },
    { template: 'page', pattern: '/:slug', hydration: 'idle' },
  ],
  widgets: [],
} as const satisfies RouteManifest;
