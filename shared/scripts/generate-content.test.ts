import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkContent } from '../src/content/check';
import { generate, GENERATED_TYPES } from './generate-content';

const CONTENT = path.resolve(__dirname, '../../content');
jest.setTimeout(60_000);

describe('content:generate (issue 35, item 1)', () => {
  let work: string;
  beforeAll(() => (work = mkdtempSync(path.join(os.tmpdir(), 'qf-generate-'))));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('writes a whole store of the size asked that content:check passes: the real content, then every listed type in its real proportions', async () => {
    const out = path.join(work, 'a');
    const made = await generate(4000, out, CONTENT);
    expect(made.real + made.generated).toBe(4000);
    expect(Object.keys(made.byType).sort()).toEqual([...GENERATED_TYPES].sort());
    expect(await checkContent(out)).toEqual({ problems: [], entries: 4000 });
    // The real store's share of each type, within one entry of rounding.
    const real = readdirSync(path.join(CONTENT, 'entries')).flatMap((f) => JSON.parse(readFileSync(path.join(CONTENT, 'entries', f), 'utf8')) as { sys: { contentType: string } }[]);
    const listed = real.filter((e) => (GENERATED_TYPES as readonly string[]).includes(e.sys.contentType));
    const share = (type: string) => listed.filter((e) => e.sys.contentType === type).length / listed.length;
    expect(Math.abs(made.byType.article! - share('article') * made.generated)).toBeLessThanOrEqual(1);
    expect(Math.abs(made.byType.event! - share('event') * made.generated)).toBeLessThanOrEqual(1);
  });

  it('makes each entry its own (id, slug, text in both languages) from a real one, linked as real content is, and the same store for the same size', async () => {
    await generate(1500, path.join(work, 'b'), CONTENT);
    await generate(1500, path.join(work, 'c'), CONTENT);
    const events = (dir: string) => readFileSync(path.join(work, dir, 'entries', 'generated-event.json'), 'utf8');
    expect(events('b')).toBe(events('c'));
    const [first, second] = JSON.parse(events('b')) as { sys: { id: string }; fields: Record<string, Record<string, unknown>> }[];
    expect(first!.sys.id).not.toBe(second!.sys.id);
    expect(first!.fields.slug!['en-US']).toMatch(/-g\d+$/);
    expect(first!.fields.title!['ar-QA']).toMatch(/[\u0600-\u06FF]/);
    expect(first!.fields.title!['en-US']).not.toMatch(/[\u0600-\u06FF]/);
    expect(first!.fields.startDate!['en-US']).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?\+03:00$/);
  });
});
