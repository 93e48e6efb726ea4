import { definePages, type SectionPages } from '@qf/shared/section';
import { routes } from '../src/routes';

/**
 * mf-forms owns no page template, so it has no resolver: the page contract answers 404 for every
 * path, as for any path a section does not own. A template added to the routes needs its entry here.
 */
export const createFormsSectionPages = (): SectionPages => definePages(routes, {});
