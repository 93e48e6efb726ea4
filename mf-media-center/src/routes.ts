import { CONTRACT_VERSION, type RouteManifest } from '@qf/shared/contracts';

/** The pages mf-media-center owns. Patterns have no language prefix; `/ar` is the shell's concern. */
export const routes = {
  contractVersion: CONTRACT_VERSION,
  remote: 'mf-media-center',
  routes: [
    { template: 'experts', pattern: '/media-center/experts', hydration: 'idle' },
    { template: 'expert', pattern: '/media-center/experts/:slug', hydration: 'idle' },
  ],
  widgets: [],
} as const satisfies RouteManifest;
