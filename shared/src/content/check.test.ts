import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkContent, formatProblem } from '@qf/shared/content';

const repoContent = path.resolve(__dirname, '../../../content');

describe('content:check', () => {
  let dir: string;
  const file = (name: string) => path.join(dir, 'content', 'entries', name);
  const edit = (name: string, change: (entries: { sys: { id: string }; fields: Record<string, Record<string, unknown>> }[]) => void) => {
    const entries = JSON.parse(readFileSync(file(name), 'utf8'));
    change(entries);
    writeFileSync(file(name), JSON.stringify(entries));
  };
  const problems = async () => (await checkContent(path.join(dir, 'content'))).problems.map(formatProblem);

  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'qf-check-'));
    cpSync(repoContent, path.join(dir, 'content'), { recursive: true });
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('finds nothing wrong with the repository content', async () => {
    expect(await problems()).toEqual([]);
  });

  it('reports a broken reference with file, entry and field', async () => {
    edit('article.json', (e) => {
      e[0]!.fields.campaign = { 'en-US': { sys: { type: 'Link', linkType: 'Entry', id: 'campaign-nowhere' } } };
    });
    expect(await problems()).toContainEqual(`content/entries/article.json: story-1 (article) field "campaign": links to campaign-nowhere, which does not exist`);
  });

  it('reports a link to the wrong type', async () => {
    edit('article.json', (e) => {
      e[0]!.fields.campaign = { 'en-US': { sys: { type: 'Link', linkType: 'Entry', id: 'event-1' } } };
    });
    expect(await problems()).toContainEqual(`content/entries/article.json: story-1 (article) field "campaign": links to event-1, a event; expected campaign`);
  });

  it('reports a missing translation', async () => {
    edit('article.json', (e) => {
      delete e[1]!.fields.excerpt!['ar-QA'];
    });
    expect(await problems()).toEqual([`content/entries/article.json: story-2 (article) field "excerpt": missing Arabic (ar-QA) value`]);
  });

  it('reports a duplicate slug once', async () => {
    edit('article.json', (e) => {
      e[2]!.fields.slug = e[1]!.fields.slug!;
    });
    const found = await problems();
    expect(found.filter((p) => p.includes('duplicate slug'))).toHaveLength(1);
    expect(found[0]).toMatch(/^content\/entries\/article\.json: story-3 \(article\) field "slug": duplicate slug "[a-z0-9-]+" \(en-US\) also used by story-2/);
  });

  it('reports an image without dimensions', async () => {
    writeFileSync(file('asset-test.json'), JSON.stringify([{ sys: { id: 'img-test', contentType: 'asset' }, fields: { title: { 'en-US': 'A test image', 'ar-QA': 'صورة اختبار' }, file: { 'en-US': { fileName: 'img-test' } } } }]));
    expect(await problems()).toContainEqual('content/entries/asset-test.json: img-test (asset) field "file": image without dimensions (width and height)');
  });

  it('reports unknown types and fields, duplicate ids and broken JSON', async () => {
    writeFileSync(file('zz-broken.json'), '{not json');
    writeFileSync(
      file('zz-more.json'),
      JSON.stringify([
        { sys: { id: 'x-1', contentType: 'podcast' }, fields: {} },
        { sys: { id: 'story-1', contentType: 'campaign' }, fields: {} },
      ]),
    );
    edit('event.json', (e) => {
      e[0]!.fields.colour = { 'en-US': 'red' };
    });
    const found = await problems();
    expect(found).toContainEqual(expect.stringMatching(/^content\/entries\/zz-broken\.json: is not valid JSON/));
    expect(found).toContainEqual('content/entries/zz-more.json: x-1 (podcast): unknown content type "podcast"');
    expect(found).toContainEqual('content/entries/zz-more.json: story-1: duplicate id (also in content/entries/article.json)');
    expect(found).toContainEqual('content/entries/event.json: event-1 (event) field "colour": is not a field of event');
  });
});

describe('npm run content:check', () => {
  const root = path.resolve(__dirname, '../../..');
  const run = (contentDir: string) => spawnSync(process.execPath, ['-r', './scripts/ts-register.cjs', 'scripts/content/check.ts', '--dir', contentDir], { cwd: root, encoding: 'utf8' });

  it('passes on the repository content and fails, naming the problem, on a broken copy', () => {
    const ok = run(repoContent);
    expect(ok.status).toBe(0);
    expect(ok.stdout).toMatch(/content check: \d+ entries, no problems/);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'qf-check-cli-'));
    try {
      cpSync(repoContent, path.join(dir, 'content'), { recursive: true, filter: (src) => !src.includes(`${path.sep}media`) });
      const f = path.join(dir, 'content', 'entries', 'event.json');
      const events = JSON.parse(readFileSync(f, 'utf8'));
      delete events[0].fields.title['ar-QA'];
      writeFileSync(f, JSON.stringify(events));
      const broken = run(path.join(dir, 'content'));
      expect(broken.status).toBe(1);
      expect(broken.stderr).toContain('content/entries/event.json: event-1 (event) field "title": missing Arabic (ar-QA) value');
      expect(broken.stderr).toContain('content check: 1 problem in');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
