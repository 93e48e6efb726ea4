import { CONTRACT_VERSION, type RouteManifest } from '@qf/shared/contracts';

/** The pages mf-idkt owns. Patterns have no language prefix; `/ar` is the shell's concern. */
export const routes = {
  contractVersion: CONTRACT_VERSION,
  remote: 'mf-idkt',
  routes: [
    { template: 'landing', pattern: '/idkt', hydration: 'idle' },
    { template: 'subpage', pattern: '/idkt/:slug', hydration: 'idle' },
  ],
  widgets: [],
} as const satisfies RouteManifest;
