import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createFileStore } from '@qf/shared/content';
import { pagePathsSchema, resolverAnswerSchema } from '@qf/shared/contracts';
import { buildMediaCenterServer } from './app';

let app: FastifyInstance;
beforeAll(async () => {
  ({ app } = await buildMediaCenterServer({ dir: path.resolve(__dirname, '..'), content: createFileStore(path.resolve(__dirname, '../../content')), env: {} }));
});
afterAll(() => app.close());

const page = (p: string, lang: 'en' | 'ar') => app.inject(`/_qf/page?path=${encodeURIComponent(p)}&lang=${lang}`);

describe('the mf-media-center server, through the page contract', () => {
  it('answers each list and the landing with its template, in both languages', async () => {
    const cases = [
      ['/media-center', 'landing'],
      ['/media-center/experts', 'experts'],
      ['/media-center/media-galleries', 'galleries'],
      ['/media-center/news', 'news'],
      ['/media-center/media-mentions', 'mentions'],
    ] as const;
    for (const [p, template] of cases) {
      for (const lang of ['en', 'ar'] as const) {
        const res = await page(p, lang);
        expect([p, lang, res.statusCode]).toEqual([p, lang, 200]);
        expect(resolverAnswerSchema.parse(res.json()).page.template).toBe(template);
      }
    }
  });

  it('answers 404 for a page it does not have', async () => {
    for (const p of ['/media-center/news/none', '/media-center/experts/nobody', '/media-center/other']) expect((await page(p, 'en')).statusCode).toBe(404);
  });

  it('lists its pages for the sitemap, the lists with their heads in both languages', async () => {
    const paths = pagePathsSchema.parse((await app.inject('/_qf/paths')).json());
    const lists = paths.filter((p) => p.listing).map((p) => p.en);
    expect(lists.sort()).toEqual(['/media-center', '/media-center/experts', '/media-center/media-galleries', '/media-center/media-mentions', '/media-center/news']);
    expect(paths.filter((p) => p.listing).every((p) => p.head?.en.title && p.head.ar.title)).toBe(true);
  });
});
