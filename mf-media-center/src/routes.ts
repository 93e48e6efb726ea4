import { defineRoutes } from '@qf/shared/section';

/** The pages mf-media-center owns, declared once (manifest, links, matcher). Patterns have no language prefix. */
export const routes = defineRoutes('mf-media-center', {
  landing: { pattern: '/media-center', hydration: 'interaction' },
  experts: { pattern: '/media-center/experts', hydration: 'interaction' },
  expert: { pattern: '/media-center/experts/:slug', hydration: 'interaction' },
  galleries: { pattern: '/media-center/media-galleries', hydration: 'interaction' },
  gallery: { pattern: '/media-center/media-galleries/:slug', hydration: 'interaction' },
  news: { pattern: '/media-center/news', hydration: 'interaction' },
  pressRelease: { pattern: '/media-center/news/:slug', hydration: 'interaction' },
  mentions: { pattern: '/media-center/media-mentions', hydration: 'interaction' },
});
