import { CONTRACT_VERSION, type RouteManifest } from '@qf/shared/contracts';

/** The pages mf-media-center owns. Patterns have no language prefix; `/ar` is the shell's concern. */
export const routes = {
  contractVersion: CONTRACT_VERSION,
  remote: 'mf-media-center',
  routes: [
    { template: 'experts', pattern: '/media-center/experts', hydration: 'interaction' },
    { template: 'expert', pattern: '/media-center/experts/:slug', hydration: 'interaction' },
    { template: 'galleries', pattern: '/media-center/media-galleries', hydration: 'interaction' },
    { template: 'gallery', pattern: '/media-center/media-galleries/:slug', hydration: 'interaction' },
    { template: 'news', pattern: '/media-center/news', hydration: 'interaction' },
    { template: 'pressRelease', pattern: '/media-center/news/:slug', hydration: 'interaction' },
    { template: 'mentions', pattern: '/media-center/media-mentions', hydration: 'interaction' },
    // Last: ./views/paths.ts reads the experts' routes by position.
    { template: 'landing', pattern: '/media-center', hydration: 'interaction' },
  ],
  widgets: [],
} as const satisfies RouteManifest;
