import { CONTRACT_VERSION, type RouteManifest } from '@qf/shared/contracts';

/** The pages mf-media-center owns. Patterns have no language prefix; `/ar` is the shell's concern. */
export const routes = {
  contractVersion: CONTRACT_VERSION,
  remote: 'mf-media-center',
  routes: [
    { template: 'experts', pattern: '/media-center/experts', hydration: 'idle' },
    { template: 'expert', pattern: '/media-center/experts/:slug', hydration: 'idle' },
    { template: 'galleries', pattern: '/media-center/media-galleries', hydration: 'idle' },
    { template: 'gallery', pattern: '/media-center/media-galleries/:slug', hydration: 'idle' },
    { template: 'news', pattern: '/media-center/news', hydration: 'idle' },
    { template: 'pressRelease', pattern: '/media-center/news/:slug', hydration: 'idle' },
    { template: 'mentions', pattern: '/media-center/media-mentions', hydration: 'idle' },
    // Last: ./views/paths.ts reads the experts' routes by position.
    { template: 'landing', pattern: '/media-center', hydration: 'idle' },
  ],
  widgets: [],
} as const satisfies RouteManifest;
