import path from 'node:path';
import { createFileStore } from '@qf/shared/content';
import { contentPath } from '@qf/shared/routing';
import { sectionProblems, sitemapProblems } from '@qf/shared/section';
import { routes } from '../src/routes';
import { section } from '../src/section';
import { createIdktSectionPages } from './pages';

const content = createFileStore(path.resolve(__dirname, '../../content'));
const pages = createIdktSectionPages(content);

it('keeps the section contract: a view, a resolver and sitemap paths per template, a view for its footer', () => {
  expect(sectionProblems({ routes, section, pages })).toEqual([]);
});

it('owns the technologies and documents where the shared content routes put them, before the IDKT pages', () => {
  expect(routes.match(contentPath('idkt_technology', 'solar'))[0]).toMatchObject({ template: 'technology', params: { slug: 'solar' } });
  expect(routes.match(contentPath('idkt_info_bank', 'faq'))[0]).toMatchObject({ template: 'document', params: { slug: 'faq' } });
  expect(routes.match(contentPath('page', 'idkt-about'))[0]?.template).toBe('subpage');
});

it('answers every page its sitemap lists, in both languages, with the template whose pattern it is', async () => {
  expect(await sitemapProblems({ routes, pages })).toEqual([]);
});
