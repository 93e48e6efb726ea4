import { CONTRACT_VERSION, type RouteManifest } from '@qf/shared/contracts';

/** The pages mf-idkt owns. Patterns have no language prefix; `/ar` is the shell's concern. */
export const routes = {
  contractVersion: CONTRACT_VERSION,
  remote: 'mf-idkt',
  routes: [
    { template: 'landing', pattern: '/idkt', hydration: 'interaction' },
    { template: 'subpage', pattern: '/idkt/:slug', hydration: 'interaction' },
    // The technology database and the info bank; their resolvers answer before the subpages'.
    { template: 'technologies', pattern: '/idkt/technologies', hydration: 'interaction' },
    { template: 'technology', pattern: '/idkt/technologies/:slug', hydration: 'interaction' },
    { template: 'infoBank', pattern: '/idkt/info-bank', hydration: 'interaction' },
    { template: 'document', pattern: '/idkt/info-bank/:slug', hydration: 'interaction' },
  ],
  /** IdktFooter: the shell shows it instead of its main footer on the pages that ask for it (`chrome.footer`). */
  widgets: [{ name: 'IdktFooter', hydration: 'visible' }],
} as const satisfies RouteManifest;
