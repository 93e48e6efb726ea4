import path from 'node:path';
import { createFileStore } from '@qf/shared/content';
import { contentPath } from '@qf/shared/routing';
import { sectionProblems, sitemapProblems } from '@qf/shared/section';
import { routes } from '../src/routes';
import { section } from '../src/section';
import { createContentSectionPages } from './pages';

const content = createFileStore(path.resolve(__dirname, '../../content'));
const pages = createContentSectionPages(content);

it('keeps the section contract: a view, a resolver and sitemap paths per template', () => {
  expect(sectionProblems({ routes, section, pages })).toEqual([]);
});

it('owns every content kind at the path the shared content routes give it, with the right template', () => {
  const cases = [
    [contentPath('article', 'a'), 'story'],
    [contentPath('tap_story', 'a'), 'tapStory'],
    [contentPath('campaign', 'a'), 'campaign'],
    [contentPath('program', 'a'), 'program'],
    [contentPath('place', 'a'), 'place'],
    [contentPath('school', 'a'), 'school'],
    [contentPath('university', 'a'), 'university'],
    [contentPath('people', 'a'), 'person'],
    [contentPath('entity', 'a'), 'page'],
    [contentPath('page', 'profile', 'about'), 'page'],
  ] as const;
  expect(cases.map(([p]) => [p, routes.match(p)[0]?.template])).toEqual(cases.map(([p, t]) => [p, t]));
});

it('puts fixed pages before the patterns they would otherwise fall under', () => {
  expect(routes.match('/stories/tap').map((m) => m.template)).toEqual(['tapStories', 'story']);
  expect(routes.match('/education/schools').map((m) => m.template)).toEqual(['category', 'page']);
  expect(routes.match('/education').map((m) => m.template)).toEqual(['area', 'page']);
});

it('answers every page its sitemap lists, in both languages, with the template whose pattern it is', async () => {
  expect(await sitemapProblems({ routes, pages })).toEqual([]);
});
