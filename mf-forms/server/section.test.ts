import { sectionProblems } from '@qf/shared/section';
import { routes } from '../src/routes';
import { section } from '../src/section';
import { createFormsSectionPages } from './pages';

it('keeps the section contract: no page template, a view for every widget other sections place', () => {
  expect(sectionProblems({ routes, section, pages: createFormsSectionPages() })).toEqual([]);
  expect(routes.routes).toEqual([]);
});

it('renders every widget on the server once its chunk is in', async () => {
  await section.loadAll();
  expect(Object.keys(section.views).sort()).toEqual(routes.widgets.map((w) => w.name).sort());
});
