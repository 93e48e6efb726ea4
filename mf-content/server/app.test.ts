import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createFileStore, type Entry } from '@qf/shared/content';
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

/** An editor's preview (issue 35): the story as its draft says, for the shell that shows the preview secret only. */
describe('mf-content preview pages', () => {
  const secret = 'a-preview-secret-of-at-least-32-characters';
  let drafts: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    const published = path.resolve(__dirname, '../../content');
    drafts = mkdtempSync(path.join(os.tmpdir(), 'qf-drafts-'));
    cpSync(path.join(published, 'entries'), path.join(drafts, 'entries'), { recursive: true });
    const file = path.join(drafts, 'entries', 'article.json');
    const stories = JSON.parse(readFileSync(file, 'utf8')) as Entry[];
    stories[0]!.fields.title = { 'en-US': 'A draft title the visitors have not seen', 'ar-QA': 'عنوان مسودة لم يره الزوار' };
    writeFileSync(file, JSON.stringify(stories));
    ({ app } = await buildContentServer({ dir: path.resolve(__dirname, '..'), content: createFileStore(published), previewContent: createFileStore(drafts), env: { CONTENT_PREVIEW_SECRET: secret } }));
  });
  afterAll(async () => {
    await app.close();
    rmSync(drafts, { recursive: true, force: true });
  });

  const story = (lang: string, headers: Record<string, string> = {}) => app.inject({ url: `/_qf/page?path=/stories/qatar-foundation-opens-new-learning-commons&lang=${lang}`, headers });

  it('makes the story from its draft for the preview secret, and from the published content for anyone else', async () => {
    expect((await story('en')).json().page.head.title).toBe('Qatar Foundation opens new Learning Commons in Education City');
    expect((await story('en', { 'x-qf-preview': secret })).json().page.head.title).toBe('A draft title the visitors have not seen');
    expect((await story('ar', { 'x-qf-preview': secret })).json().page.head.title).toBe('عنوان مسودة لم يره الزوار');
    expect((await story('en', { 'x-qf-preview': 'a-guess-of-at-least-32-characters-long' })).statusCode).toBe(403);
    expect((await story('en')).json().page.head.title).toBe('Qatar Foundation opens new Learning Commons in Education City');
  });
});
