import { mkdtempSync, mkdirSync, writeFileSync, rmSync, utimesSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createFileStore, entryOf, entrySchema, fieldOf, plainField, requiredField } from '@qf/shared/content';

const entry = (id: string, contentType = 'article') => ({ sys: { id, contentType }, fields: { title: { 'en-US': `Title ${id}`, 'ar-QA': `عنوان ${id}` }, slug: { 'en-US': id } } });

/** Asks `check` every 10 ms until it holds; fails after two seconds. */
async function until(check: () => Promise<boolean>): Promise<void> {
  for (const started = Date.now(); !(await check()); await new Promise((r) => setTimeout(r, 10))) {
    if (Date.now() - started > 2000) throw new Error('never held');
  }
}

describe('the embedded file store', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'qf-content-'));
    mkdirSync(path.join(dir, 'entries'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('reads entries by type and id, with localised and plain fields', async () => {
    writeFileSync(path.join(dir, 'entries', 'a.json'), JSON.stringify([entry('one'), entry('two', 'event')]));
    const store = createFileStore(dir);
    const [one] = await store.entries('article');
    expect(one && fieldOf(one, 'title', 'ar')).toBe('عنوان one');
    expect(one && plainField(one, 'slug')).toBe('one');
    expect((await store.entry('two'))?.sys.contentType).toBe('event');
    expect(await store.entries('missing')).toEqual([]);
  });

  it('picks up edited files without a restart, looking for changes at most once per interval and never making a read wait', async () => {
    const file = path.join(dir, 'entries', 'a.json');
    writeFileSync(file, JSON.stringify([entry('one')]));
    const store = createFileStore(dir, { checkIntervalMs: 200 });
    expect(await store.entries('article')).toHaveLength(1);
    writeFileSync(file, JSON.stringify([entry('one'), entry('two')]));
    utimesSync(file, new Date(), new Date(Date.now() + 5000));
    expect(await store.entries('article')).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 250));
    // The first read after the interval is answered from what is loaded, and starts the look.
    expect(await store.entries('article')).toHaveLength(1);
    await until(async () => (await store.entries('article')).length === 2);
    expect((await store.entry('two'))?.sys.id).toBe('two');
  });

  it('says which entries changed between two versions: edited, added, removed, and those of a deleted file; nothing for a version it never saw', async () => {
    const a = path.join(dir, 'entries', 'a.json');
    const b = path.join(dir, 'entries', 'b.json');
    writeFileSync(a, JSON.stringify([entry('one'), entry('two'), entry('three')]));
    writeFileSync(b, JSON.stringify([entry('four')]));
    const store = createFileStore(dir, { checkIntervalMs: 20 });
    await store.entries('article');
    const first = await store.version!();
    expect(await store.changedSince!(first)).toEqual(new Set());

    const edited = { ...entry('two'), fields: { ...entry('two').fields, title: { 'en-US': 'Edited', 'ar-QA': 'معدل' } } };
    writeFileSync(a, JSON.stringify([entry('one'), edited, entry('five')]));
    utimesSync(a, new Date(), new Date(Date.now() + 5000));
    await until(async () => (await store.version!()) !== first);
    const second = await store.version!();
    expect(await store.changedSince!(first)).toEqual(new Set(['two', 'three', 'five']));

    rmSync(b);
    await until(async () => (await store.version!()) !== second);
    expect(await store.changedSince!(second)).toEqual(new Set(['four']));
    expect(await store.changedSince!(first)).toEqual(new Set(['two', 'three', 'five', 'four']));
    expect(await store.changedSince!('a version this store never had')).toBeUndefined();
    expect(await store.entry('four')).toBeUndefined();
    expect((await store.entry('two')) && fieldOf((await store.entry('two'))!, 'title', 'en')).toBe('Edited');
  });

  it('gives the version of what the server read: an edit of a file of other types leaves it; a type read first moves it if it changed since; an id missed makes every change count', async () => {
    const [articles, events, both] = [path.join(dir, 'entries', 'articles.json'), path.join(dir, 'entries', 'events.json'), path.join(dir, 'entries', 'both.json')];
    writeFileSync(articles, JSON.stringify([entry('a1')]));
    writeFileSync(events, JSON.stringify([entry('e1', 'event')]));
    writeFileSync(both, JSON.stringify([entry('p1', 'place')]));
    const store = createFileStore(dir, { checkIntervalMs: 20 });
    const edit = async (file: string, entries: unknown[]) => {
      writeFileSync(file, JSON.stringify(entries));
      utimesSync(file, new Date(), new Date(Date.now() + 5000 + Math.random() * 100_000));
      await store.refresh!();
    };
    await store.entries('article');
    const first = await store.version!();
    expect(await store.version!()).toBe(first);

    // An edit of the events only: not a change of what this server read.
    await edit(events, [entry('e1', 'event'), entry('e2', 'event')]);
    expect(await store.version!()).toBe(first);
    // An article added to a file that held none: its version changes, and it says what changed since the first.
    await edit(both, [entry('p1', 'place'), entry('a2')]);
    const second = await store.version!();
    expect(second).not.toBe(first);
    expect(await store.changedSince!(first)).toEqual(new Set(['e2', 'a2']));
    expect(await store.changedSince!(second)).toEqual(new Set());

    // The events read for the first time: they changed before this version's change, which covers them.
    expect(await store.entries('event')).toHaveLength(2);
    expect(await store.version!()).toBe(second);
    await edit(events, [entry('e1', 'event')]);
    const third = await store.version!();
    expect(third).not.toBe(second);
    // Places, not read yet, changed after it: read now, the version moves to their change.
    await edit(path.join(dir, 'entries', 'places.json'), [entry('p2', 'place')]);
    expect(await store.version!()).toBe(third);
    expect(await store.entries('place')).toHaveLength(2);
    expect(await store.version!()).not.toBe(third);

    // An id no entry has: any file may be the one to add it; every change is this server's from then on.
    await store.entry('missing');
    const fourth = await store.version!();
    await edit(path.join(dir, 'entries', 'more.json'), [entry('x1', 'expert')]);
    expect(await store.version!()).not.toBe(fourth);
  });

  it('keeps the list of a type no changed file holds as the same array (what servers derive from it stays), and lists a changed type anew', async () => {
    const a = path.join(dir, 'entries', 'a.json');
    writeFileSync(a, JSON.stringify([entry('one'), entry('e1', 'event')]));
    writeFileSync(path.join(dir, 'entries', 'b.json'), JSON.stringify([entry('p1', 'place'), entry('two')]));
    const store = createFileStore(dir, { checkIntervalMs: 20 });
    const [articles, events, places] = [await store.entries('article'), await store.entries('event'), await store.entries('place')];
    writeFileSync(a, JSON.stringify([entry('one'), entry('three'), entry('e1', 'event')]));
    utimesSync(a, new Date(), new Date(Date.now() + 5000));
    await until(async () => (await store.entries('article')).length === 3);
    expect((await store.entries('article')).map((e) => e.sys.id)).toEqual(['one', 'three', 'two']);
    expect(await store.entries('place')).toBe(places);
    expect(await store.entries('event')).not.toBe(events);
    expect(await store.entries('event')).toEqual(events);
    expect(articles.map((e) => e.sys.id)).toEqual(['one', 'two']);
  });

  it('parses again only the entries of a big file whose bytes changed, and says which ones changed', async () => {
    const file = path.join(dir, 'entries', 'big.json');
    const many = Array.from({ length: 40 }, (_, i) => entry(`s${i}`));
    writeFileSync(file, JSON.stringify(many, null, 2));
    const store = createFileStore(dir, { checkIntervalMs: 20, elementsFromBytes: 1 });
    const before = await store.entries('article');
    const first = await store.version!();
    const edited = { ...entry('s7'), fields: { ...entry('s7').fields, title: { 'en-US': 'Edited', 'ar-QA': 'معدل' } } };
    // s7 edited, s12 removed, n1 added, the rest in another order.
    const after = [entry('n1'), ...many.filter((e) => e.sys.id !== 's12').map((e) => (e.sys.id === 's7' ? edited : e)).reverse()];
    writeFileSync(file, JSON.stringify(after, null, 2));
    utimesSync(file, new Date(), new Date(Date.now() + 5000));
    await until(async () => (await store.version!()) !== first);
    expect(await store.changedSince!(first)).toEqual(new Set(['s7', 's12', 'n1']));
    const now = await store.entries('article');
    expect(now.map((e) => e.sys.id)).toEqual(after.map((e) => e.sys.id));
    expect(fieldOf((await store.entry('s7'))!, 'title', 'ar')).toBe('معدل');
    // What did not change is the entry read before, not a parse of it again.
    expect(now.find((e) => e.sys.id === 's3')).toBe(before.find((e) => e.sys.id === 's3'));
    expect(now.find((e) => e.sys.id === 's7')).not.toBe(before.find((e) => e.sys.id === 's7'));
  });

  it('reads a big file rewritten in another formatting whole, and says which entries changed in content', async () => {
    const file = path.join(dir, 'entries', 'big.json');
    const many = Array.from({ length: 12 }, (_, i) => entry(`s${i}`));
    writeFileSync(file, JSON.stringify(many));
    const store = createFileStore(dir, { checkIntervalMs: 20, elementsFromBytes: 1 });
    await store.entries('article');
    const first = await store.version!();
    const edited = { ...entry('s4'), fields: { ...entry('s4').fields, title: { 'en-US': 'Edited', 'ar-QA': 'معدل' } } };
    writeFileSync(file, JSON.stringify(many.map((e) => (e.sys.id === 's4' ? edited : e)), null, 2));
    utimesSync(file, new Date(), new Date(Date.now() + 5000));
    await until(async () => (await store.version!()) !== first);
    expect(await store.changedSince!(first)).toEqual(new Set(['s4']));
    expect(fieldOf((await store.entry('s4'))!, 'title', 'en')).toBe('Edited');
  });

  it('keeps the content it has when a big file is edited into invalid JSON, naming the file and entry', async () => {
    const file = path.join(dir, 'entries', 'big.json');
    // Enough entries that one edited is read alone (a file mostly new is read whole).
    const many = ['one', 'two', 'three', ...Array.from({ length: 9 }, (_, i) => `more${i}`)].map((id) => entry(id));
    const ids = many.map((e) => e.sys.id);
    writeFileSync(file, JSON.stringify(many));
    const warn = jest.fn();
    const store = createFileStore(dir, { checkIntervalMs: 20, warn, elementsFromBytes: 1 });
    expect(await store.entries('article')).toHaveLength(12);
    const edits = [
      [JSON.stringify(many).replace('"Title two"', '"Title two'), /content\/entries\/big\.json/],
      [JSON.stringify(many).replace('},{', '}{'), /JSON/],
      [JSON.stringify(many).replace('"Title three"', '"Title three",'), /content\/entries\/big\.json\[2\]/],
      [JSON.stringify([...many, { sys: { id: '' }, fields: {} }]), /content\/entries\/big\.json\[12\]/],
      [JSON.stringify([...many, entry('one')]), /duplicate id one/],
    ] as const;
    for (const [i, [text, why]] of edits.entries()) {
      warn.mockClear();
      writeFileSync(file, text);
      utimesSync(file, new Date(), new Date(Date.now() + 5000 + i * 1000));
      await until(async () => (await store.entries('article'), warn.mock.calls.length > 0));
      expect(warn.mock.calls[0]![0]).toMatch(why);
      expect((await store.entries('article')).map((e) => e.sys.id)).toEqual(ids);
    }
    writeFileSync(file, JSON.stringify([...many, entry('four')]));
    utimesSync(file, new Date(), new Date(Date.now() + 20000));
    await until(async () => (await store.entries('article')).length === 13);
  });

  it('looks at once when refreshed (a webhook), whatever the interval', async () => {
    const file = path.join(dir, 'entries', 'a.json');
    writeFileSync(file, JSON.stringify([entry('one')]));
    const store = createFileStore(dir, { checkIntervalMs: 60_000 });
    expect(await store.entries('article')).toHaveLength(1);
    writeFileSync(file, JSON.stringify([entry('one'), entry('two')]));
    utimesSync(file, new Date(), new Date(Date.now() + 5000));
    expect(await store.entries('article')).toHaveLength(1);
    await store.refresh!();
    expect(await store.entries('article')).toHaveLength(2);
  });

  it('keeps the content it has when an edited file cannot be read, says why once, and reads the file again once it is fixed', async () => {
    const file = path.join(dir, 'entries', 'a.json');
    writeFileSync(file, JSON.stringify([entry('one')]));
    const warn = jest.fn();
    const store = createFileStore(dir, { checkIntervalMs: 20, warn });
    expect(await store.entries('article')).toHaveLength(1);
    writeFileSync(file, '[{"sys": ');
    utimesSync(file, new Date(), new Date(Date.now() + 5000));
    await until(async () => (await store.entries('article'), warn.mock.calls.length > 0));
    await new Promise((r) => setTimeout(r, 60));
    expect(await store.entries('article')).toHaveLength(1);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toMatch(/^content not re-read, the content loaded before is kept: /);
    writeFileSync(file, JSON.stringify([entry('one'), entry('two')]));
    utimesSync(file, new Date(), new Date(Date.now() + 10000));
    await until(async () => (await store.entries('article')).length === 2);
  });

  it('names the file and entry of invalid content', async () => {
    writeFileSync(path.join(dir, 'entries', 'bad.json'), JSON.stringify([entry('ok'), { sys: { id: '' }, fields: {} }]));
    await expect(createFileStore(dir).entries('article')).rejects.toThrow('content/entries/bad.json[1]');
  });

  it('reads an entry as the entry schema does, and refuses what it refuses', () => {
    const cases: unknown[] = [
      entry('plain'),
      { sys: { id: 'a', contentType: 'article', updatedAt: '2026-12-07T10:00:00Z', createdAt: 'dropped', revision: 3 }, fields: { title: { 'en-US': 'T' } }, metadata: { tags: [] } },
      { sys: { id: 'a', contentType: 'article' }, fields: {} },
      { sys: { id: 'a', contentType: 'article', updatedAt: null }, fields: {} },
      { sys: { id: '', contentType: 'article' }, fields: {} },
      { sys: { id: 'a', contentType: '' }, fields: {} },
      { sys: { id: 7, contentType: 'article' }, fields: {} },
      { sys: { id: 'a', contentType: 'article' }, fields: { title: 'not per locale' } },
      { sys: { id: 'a', contentType: 'article' }, fields: { title: ['x'] } },
      { sys: { id: 'a', contentType: 'article' }, fields: { title: null } },
      { sys: { id: 'a', contentType: 'article' }, fields: [] },
      { sys: { id: 'a', contentType: 'article' } },
      { sys: 'a', fields: {} },
      null,
      [],
      'entry',
    ];
    for (const item of cases) {
      const parsed = entrySchema.safeParse(item);
      expect(entryOf(item)).toEqual(parsed.success ? parsed.data : undefined);
    }
  });

  it('refuses duplicate ids', async () => {
    writeFileSync(path.join(dir, 'entries', 'a.json'), JSON.stringify([entry('same')]));
    writeFileSync(path.join(dir, 'entries', 'b.json'), JSON.stringify([entry('same')]));
    await expect(createFileStore(dir).entries('article')).rejects.toThrow('duplicate id same');
  });

  it('says which field is missing in which language', () => {
    const e = { sys: { id: 'x', contentType: 'article' }, fields: { title: { 'en-US': 'Only English' } } };
    expect(() => requiredField(e, 'title', 'ar')).toThrow('article x has no ar-QA value for "title"');
  });

  it('validates the repository content set', async () => {
    const store = createFileStore(path.resolve(__dirname, '../../../content'));
    expect((await store.entries('article')).length).toBeGreaterThanOrEqual(6);
    expect(await store.entry('site-globals')).toBeDefined();
  });
});
