import { arrayElements, elementHash, ElementScanner } from './json-elements';

const bytes = (text: string) => Buffer.from(text, 'utf8');
/** The elements' texts as the scan finds them. */
const elementsOf = (text: string) => {
  const b = bytes(text);
  const ranges = arrayElements(b)?.ranges;
  return ranges && Array.from({ length: ranges.length / 2 }, (_, i) => b.toString('utf8', ranges[2 * i], ranges[2 * i + 1]));
};

describe('arrayElements', () => {
  it('finds each object of an array, whatever its formatting, strings and nesting', () => {
    const items = [
      { sys: { id: 'a' }, fields: { title: { 'en-US': 'A } tricky ] "quoted" \\ title {', 'ar-QA': 'عنوان ] } مع "علامات"' } } },
      { sys: { id: 'b' }, fields: { list: [[1, 2], { x: [] }], empty: {} } },
      { sys: { id: 'c' }, fields: { ends: { 'en-US': 'a backslash \\' } } },
    ];
    for (const text of [JSON.stringify(items), JSON.stringify(items, null, 2), `\n  ${JSON.stringify(items, null, '\t')}\r\n`]) {
      expect(elementsOf(text)?.map((t) => JSON.parse(t))).toEqual(items);
    }
    expect(elementsOf('[]')).toEqual([]);
    expect(arrayElements(bytes('[]'))).toEqual({ ranges: [], hashes: [] });
    expect(elementsOf(' [ \n ] \n')).toEqual([]);
  });

  it('hashes each element by its bytes: the same bytes the same hash wherever they are, any change another', () => {
    const one = '{"sys": {"id": "a"}, "fields": {"title": {"en-US": "A \\"title\\""}}}';
    const others = [one.replace('A ', 'B '), one.replace('"a"', '"b"'), one.replace('{"sys"', '{ "sys"'), one.replace('\\"title', '\\\\"title')];
    const { hashes } = arrayElements(bytes(`[${one}, ${others.join(',')},\n${one}]`))!;
    expect(hashes).toHaveLength(others.length + 2);
    expect(hashes[0]).toBe(hashes.at(-1));
    expect(new Set(hashes).size).toBe(others.length + 1);
  });

  it('finds the same elements and hashes fed in chunks of any size as at once, and elementHash agrees', () => {
    const items = [
      { sys: { id: 'a' }, fields: { title: { 'en-US': 'ends with \\', 'ar-QA': 'عنوان "مقتبس" \\"' } } },
      { sys: { id: 'b' }, fields: { list: [[1], { x: '}]' }] } },
    ];
    const text = bytes(` [\n${items.map((i) => JSON.stringify(i, null, 1)).join(' ,\n')}\n] `);
    const whole = arrayElements(text)!;
    expect(whole.ranges).toHaveLength(4);
    for (let size = 1; size <= text.length; size += size < 8 ? 1 : 7) {
      const scanner = new ElementScanner();
      for (let at = 0; at < text.length; at += size) scanner.feed(text.subarray(at, at + size));
      expect([size, scanner.end()]).toEqual([size, whole]);
    }
    expect(whole.hashes).toEqual([0, 1].map((i) => elementHash(text.subarray(whole.ranges[2 * i], whole.ranges[2 * i + 1]))));
  });

  it('vouches for nothing it cannot split as a JSON array of objects', () => {
    for (const text of [
      '{"sys": {}}',
      '',
      '[',
      '[{"a": 1}',
      '[{"a": 1},]',
      '[{"a": 1} {"b": 2}]',
      '[{"a": 1},, {"b": 2}]',
      '[{"a": 1}] trailing',
      '[{"a": 1}]]',
      '[1, 2]',
      '["a"]',
      '[{"a": "never closed}]',
      '[{"a": {"b": 1}]',
    ]) {
      expect([text, arrayElements(bytes(text))]).toEqual([text, undefined]);
    }
  });
});
