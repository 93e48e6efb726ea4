import { defineRoutes } from '@qf/shared/section';

/**
 * The pages mf-idkt owns, declared once (manifest, links, matcher). Patterns have no language prefix;
 * the fixed pages (`/idkt/technologies`, `/idkt/info-bank`) win over `/idkt/:slug` by specificity.
 */
export const routes = defineRoutes(
  'mf-idkt',
  {
    landing: { pattern: '/idkt', hydration: 'interaction' },
    subpage: { pattern: '/idkt/:slug', hydration: 'interaction' },
    // The technology database and the info bank.
    technologies: { pattern: '/idkt/technologies', hydration: 'interaction', query: ['field', 'status'] },
    technology: { pattern: '/idkt/technologies/:slug', hydration: 'interaction' },
    infoBank: { pattern: '/idkt/info-bank', hydration: 'interaction' },
    document: { pattern: '/idkt/info-bank/:slug', hydration: 'interaction' },
  },
  /** IdktFooter: the shell shows it instead of its main footer on the pages that ask for it (`chrome.footer`). */
  { IdktFooter: { hydration: 'visible' } },
  // The foundation's pages the IDKT footer's general column links to (mf-content's).
  { links: ['mf-content/page', 'mf-content/area.education', 'mf-content/area.research', 'mf-content/area.community'] },
);
