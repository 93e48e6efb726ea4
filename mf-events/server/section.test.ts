import path from 'node:path';
import { createFileStore } from '@qf/shared/content';
import { contentPath, contentRoutes } from '@qf/shared/routing';
import { sectionProblems, sitemapProblems } from '@qf/shared/section';
import { routes } from '../src/routes';
import { section } from '../src/section';
import { createEventsSectionPages } from './pages';

const content = createFileStore(path.resolve(__dirname, '../../content'));
const pages = createEventsSectionPages(content, { now: () => new Date('2026-11-22T09:00:00Z') });

it('keeps the section contract: a view, a resolver and sitemap paths per template', () => {
  expect(sectionProblems({ routes, section, pages })).toEqual([]);
});

it('owns the series and its speakers where the shared content routes put ecss and spokes_people entries', () => {
  expect(routes.match(contentPath('spokes_people', 'layla-al-mansouri'))).toEqual([expect.objectContaining({ template: 'speaker', params: { slug: 'layla-al-mansouri' } })]);
  expect(routes.path('speakers')).toBe(contentRoutes.spokes_people);
  expect(routes.path('series')).toBe(contentPath('ecss', 'education-city-speaker-series'));
});

it('answers every page its sitemap lists, in both languages, with the template whose pattern it is', async () => {
  expect(await sitemapProblems({ routes, pages })).toEqual([]);
});
