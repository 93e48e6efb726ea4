import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createFileStore } from '@qf/shared/content';
import { pagePathsSchema, resolverAnswerSchema } from '@qf/shared/contracts';
import { buildIdktServer } from './app';
import { IDKT_FOOTER } from './footer';

let app: FastifyInstance;
beforeAll(async () => {
  ({ app } = await buildIdktServer({ dir: path.resolve(__dirname, '..'), content: createFileStore(path.resolve(__dirname, '../../content')), env: {} }));
});
afterAll(() => app.close());

const page = (p: string, lang: 'en' | 'ar', query = '') => app.inject(`/_qf/page?path=${encodeURIComponent(p)}&lang=${lang}&query=${encodeURIComponent(query)}`);

describe('the mf-idkt server, through the page contract', () => {
  it('answers each kind of IDKT page with its template, and asks for the IDKT footer on every one', async () => {
    const cases = [
      ['/idkt', 'landing'],
      ['/idkt/about', 'subpage'],
      ['/idkt/technologies', 'technologies'],
      ['/idkt/info-bank', 'infoBank'],
    ] as const;
    for (const [p, template] of cases) {
      const res = await page(p, 'ar');
      expect(res.statusCode).toBe(200);
      const answer = resolverAnswerSchema.parse(res.json());
      expect([p, answer.page.template, answer.page.chrome?.footer?.id]).toEqual([p, template, IDKT_FOOTER]);
    }
  });

  it('passes the query to the technology list', async () => {
    const answer = resolverAnswerSchema.parse((await page('/idkt/technologies', 'en', 'field=water')).json());
    expect(answer.page.data).toMatchObject({ filter: { field: 'water' } });
  });

  it('answers 404 for a page it does not have', async () => {
    expect((await page('/idkt/technologies/none', 'en')).statusCode).toBe(404);
    expect((await page('/idkt/no-such-page', 'ar')).statusCode).toBe(404);
  });

  it('lists its pages for the sitemap, the listing pages with their heads in both languages', async () => {
    const paths = pagePathsSchema.parse((await app.inject('/_qf/paths')).json());
    expect(paths.find((p) => p.en === '/idkt/technologies')?.head?.ar.title).toMatch(/[\u0600-\u06FF]/);
    expect(paths.map((p) => p.en)).toContain('/idkt/about');
  });
});
