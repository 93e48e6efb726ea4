// The store `npm run content:generate -- --entries N [--out DIR]` writes (scripts/content/generate.ts): a whole bilingual store of N entries that
// `npm run content:check -- --dir DIR` passes and `CONTENT_DIR=DIR npm start` serves (issue 35, item 1):
// the real content (menus, settings, pages, assets and every entry), then generated entries up to N
// over every listed content type in the real store's proportions. Each is made from a real entry of its
// type (its fields' shapes, enumerations and links, so it is linked as real content is), with its own
// id and slug, new text made of the real content's words in each language, and its dates moved.
import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

function random(seed: number) {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 4294967296;
}

interface StoreEntry {
  sys: { id: string; contentType: string; updatedAt?: string };
  fields: Record<string, Record<string, unknown>>;
}

/**
 * The content types a site has many of (what editors publish every week), generated in their real
 * proportions. Not generated: settings and menus (one each), pages (each is an address of its own,
 * written by hand), assets (generated entries reuse the real images), form windows, the speaker series.
 */
export const GENERATED_TYPES = [
  'article',
  'event',
  'expert_profile',
  'program',
  'place',
  'entity',
  'press_release',
  'press_media_mention',
  'people',
  'university',
  'school',
  'gallery',
  'campaign',
  'idkt_technology',
  'idkt_info_bank',
  'spokes_people',
] as const;

/** The fields written anew (prose); the rest (addresses, phones, enumerations, links) are the template's. */
const PROSE = new Set(['title', 'name', 'subtitle', 'summary', 'excerpt', 'body', 'description', 'bio', 'overview', 'intro', 'role']);

const ISO = /^(\d{4}-\d{2}-\d{2})(T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?(Z|[+-]\d{2}:\d{2})?$/;

/** An ISO date or instant `days` later, written as it was (date only, or with the same offset). */
function shifted(value: string, days: number): string {
  const m = ISO.exec(value);
  if (!m) return value;
  const [, day, time, offset] = m;
  if (!time) return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  const zone = offset ?? 'Z';
  const at = Date.parse(`${day}${time}${zone}`) + days * 86_400_000;
  // Written back in the same offset: the wall-clock time the editor chose stays.
  const minutes = zone === 'Z' ? 0 : (zone[0] === '-' ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4, 6)));
  const local = new Date(at + minutes * 60_000).toISOString();
  const seconds = time.length > 6 ? local.slice(16, 19 + (time.includes('.') ? 4 : 0)) : '';
  return `${local.slice(0, 16)}${seconds}${offset ?? ''}`;
}

export async function generate(entries: number, out: string, sourceDir: string): Promise<{ real: number; generated: number; byType: Record<string, number> }> {
  const dir = path.join(sourceDir, 'entries');
  const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
  const real: StoreEntry[] = files.flatMap((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as StoreEntry[]);
  const rnd = random(entries);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;

  // The words of the real content, per language, to write new text with.
  const words = { 'en-US': [] as string[], 'ar-QA': [] as string[] };
  const collect = (locale: keyof typeof words, value: unknown) => {
    if (typeof value === 'string') words[locale].push(...value.split(/\s+/).filter((w) => w && !/[<>{}[\]]/.test(w)));
    else if (Array.isArray(value)) for (const v of value) collect(locale, v);
  };
  for (const e of real) if (e.sys.contentType === 'article') for (const field of Object.values(e.fields)) for (const locale of ['en-US', 'ar-QA'] as const) collect(locale, field[locale]);
  const sentence = (locale: keyof typeof words, n: number) => Array.from({ length: Math.max(1, n) }, () => pick(words[locale])).join(' ');

  /** New text of the same shape: a string of about as many words, an array of as many strings. */
  const rewrite = (locale: keyof typeof words, value: unknown): unknown => {
    if (typeof value === 'string') return value.split(/\s+/).length >= 3 ? sentence(locale, value.split(/\s+/).length) : value;
    if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value.map((v) => rewrite(locale, v));
    return value;
  };

  const templates = new Map<string, StoreEntry[]>();
  for (const e of real) if ((GENERATED_TYPES as readonly string[]).includes(e.sys.contentType)) templates.set(e.sys.contentType, [...(templates.get(e.sys.contentType) ?? []), e]);
  const weights = [...templates].map(([type, list]) => ({ type, weight: list.length }));
  const total = weights.reduce((a, w) => a + w.weight, 0);
  const wanted = Math.max(0, entries - real.length);

  const byType: Record<string, StoreEntry[]> = {};
  let made = 0;
  for (const { type, weight } of weights) {
    // Each type its share; the last one what rounding left.
    const count = type === weights.at(-1)!.type ? wanted - made : Math.round((wanted * weight) / total);
    for (let i = 0; i < count; i++) {
      const template = pick(templates.get(type)!);
      const n = made + i;
      const days = Math.floor(rnd() * 2000) - 1000;
      const fields: StoreEntry['fields'] = {};
      for (const [name, value] of Object.entries(template.fields)) {
        const next: Record<string, unknown> = {};
        for (const [locale, v] of Object.entries(value)) {
          if (name === 'slug' && typeof v === 'string') next[locale] = `${v}-g${n}`;
          else if (typeof v === 'string' && ISO.test(v)) next[locale] = shifted(v, days);
          else if (PROSE.has(name) && (locale === 'en-US' || locale === 'ar-QA')) next[locale] = rewrite(locale, v);
          else next[locale] = v;
        }
        fields[name] = next;
      }
      (byType[type] ??= []).push({ sys: { id: `gen-${type}-${n}`, contentType: type, updatedAt: '2026-12-01T00:00:00Z' }, fields });
    }
    made += Math.max(0, count);
  }

  cpSync(sourceDir, out, { recursive: true });
  for (const [type, list] of Object.entries(byType)) writeFileSync(path.join(out, 'entries', `generated-${type}.json`), JSON.stringify(list));
  return { real: real.length, generated: made, byType: Object.fromEntries(Object.entries(byType).map(([t, l]) => [t, l.length])) };
}
