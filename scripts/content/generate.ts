// `npm run content:generate -- --entries N [--out DIR]`: a synthetic store of N entries in both
// languages (stories mostly, with events, experts, entities and programmes), made of the words of the
// real content, for measuring search at scale. Point a server at it with CONTENT_DIR=DIR.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createFileStore, fieldOf, type Entry } from '@qf/shared/content';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}

function random(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 4294967296);
}

export async function generate(entries: number, out: string, sourceDir: string): Promise<void> {
  const source = createFileStore(sourceDir);
  const words = { en: [] as string[], ar: [] as string[] };
  for (const e of await source.entries('article'))
    for (const lang of ['en', 'ar'] as const) words[lang].push(...(fieldOf<string[]>(e, 'body', lang) ?? []).join(' ').split(/\s+/).filter(Boolean));
  const rnd = random(entries);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
  const sentence = (lang: 'en' | 'ar', n: number) => Array.from({ length: n }, () => pick(words[lang])).join(' ');
  const both = (n: number) => ({ 'en-US': sentence('en', n), 'ar-QA': sentence('ar', n) });
  const tags = [
    ['Sustainability', 'الاستدامة'],
    ['Health', 'الصحة'],
    ['Innovation', 'الابتكار'],
    ['Community', 'المجتمع'],
    ['Sport', 'الرياضة'],
  ] as const;
  const verticals = ['education', 'research', 'community', 'worldcup'];
  const byType: Record<string, Entry[]> = {};
  for (let i = 0; i < entries; i++) {
    const kind = i % 10 < 7 ? 'article' : (['event', 'expert_profile', 'entity'] as const)[i % 3]!;
    const date = new Date(Date.UTC(2020 + (i % 7), i % 12, 1 + (i % 28))).toISOString().replace('.000Z', '+00:00');
    const slug = `${kind.replace('_', '-')}-${i}`;
    const tag = pick(tags);
    const fields: Entry['fields'] =
      kind === 'article'
        ? { title: both(6), slug: { 'en-US': slug }, date: { 'en-US': date }, vertical: { 'en-US': pick(verticals) }, excerpt: both(20), body: { 'en-US': [sentence('en', 60), sentence('en', 60)], 'ar-QA': [sentence('ar', 50), sentence('ar', 50)] }, tags: { 'en-US': [tag[0]], 'ar-QA': [tag[1]] } }
        : kind === 'event'
          ? { title: both(6), slug: { 'en-US': slug }, startDate: { 'en-US': date }, summary: both(20), body: { 'en-US': [sentence('en', 50)], 'ar-QA': [sentence('ar', 40)] } }
          : kind === 'expert_profile'
            ? { name: both(3), slug: { 'en-US': slug }, role: both(6), bio: { 'en-US': [sentence('en', 50)], 'ar-QA': [sentence('ar', 40)] } }
            : { title: both(4), slug: { 'en-US': slug }, subtitle: both(8), description: { 'en-US': [sentence('en', 50)], 'ar-QA': [sentence('ar', 40)] }, partOfQatar: { 'en-US': i % 2 === 0 } };
    (byType[kind] ??= []).push({ sys: { id: `${kind}-${i}`, contentType: kind }, fields });
  }
  mkdirSync(path.join(out, 'entries'), { recursive: true });
  for (const [type, list] of Object.entries(byType)) writeFileSync(path.join(out, 'entries', `${type}.json`), JSON.stringify(list));
}

if (require.main === module) {
  const entries = Number(arg('entries', '1000'));
  const out = path.resolve(arg('out', path.join('data', `content-${entries}`)));
  generate(entries, out, path.join(__dirname, '..', '..', 'content')).then(
    () => console.log(`content:generate: ${entries} entries written to ${out}`),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
