import path from 'node:path';
import { createFileStore } from '@qf/shared/content';
import { contentPath } from '@qf/shared/routing';
import { sectionProblems, sitemapProblems } from '@qf/shared/section';
import { routes } from '../src/routes';
import { section } from '../src/section';
import { createMediaCenterSectionPages } from './pages';

const content = createFileStore(path.resolve(__dirname, '../../content'));
const pages = createMediaCenterSectionPages(content);

it('keeps the section contract: a view, a resolver and sitemap paths per template', () => {
  expect(sectionProblems({ routes, section, pages })).toEqual([]);
});

it('owns the galleries and press releases where the shared content routes put them', () => {
  expect(routes.match(contentPath('gallery', 'convocation'))[0]).toMatchObject({ template: 'gallery', params: { slug: 'convocation' } });
  expect(routes.match(contentPath('press_release', 'a-release'))[0]).toMatchObject({ template: 'pressRelease', params: { slug: 'a-release' } });
});

it('answers every page its sitemap lists, in both languages, with the template whose pattern it is', async () => {
  expect(await sitemapProblems({ routes, pages })).toEqual([]);
});
