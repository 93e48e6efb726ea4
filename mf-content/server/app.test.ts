import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createFileStore } from '@qf/shared/content';
import { buildContentServer } from './app';

/** The page contract through HTTP: the query reaches the list, an unknown page is a 404. */
describe('mf-content page resolver over HTTP', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    ({ app } = await buildContentServer({ dir: path.resolve(__dirname, '..'), content: createFileStore(path.resolve(__dirname, '../../content')), env: {} }));
  });
  afterAll(() => app.close());

  it('filters the programme list by the query it is given', async () => {
    const res = await app.inject(`/_qf/page?path=/program&lang=ar&query=${encodeURIComponent('degree=master&school=hamad-bin-khalifa-university')}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().page.data.filter).toEqual({ degree: 'master', school: 'hamad-bin-khalifa-university' });
  });

  it.each(['/place/nowhere', '/program/none', '/people/nobody', '/stories/tap/none', '/education/schools/none'])('answers 404 for %s', async (p) => {
    const res = await app.inject(`/_qf/page?path=${encodeURIComponent(p)}&lang=en`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ found: false });
  });

  it('lists the new pages for the sitemap', async () => {
    const paths = (await app.inject('/_qf/paths')).json() as { en: string; ar: string }[];
    for (const p of ['/education', '/research', '/community', '/program', '/program/executive-mba', '/place/minaretein', '/people/sara-benali', '/stories/tap', '/stories/tap/from-lab-to-market'])
      expect(paths).toContainEqual(expect.objectContaining({ en: p, ar: `/ar${p}` }));
  });
});
