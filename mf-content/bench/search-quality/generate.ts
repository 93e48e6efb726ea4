// One-off generator of the labelled query sets of `npm run bench:search-quality` (queries.en.json,
// queries.ar.json), kept so the sets can be regenerated when the content changes:
//   node -r ./scripts/ts-register.cjs mf-content/bench/search-quality/generate.ts [--list]
// Deterministic: the only randomness is a seeded generator (one seed per class). Every query is made
// from the title of one real page: 2-3 of its most distinctive words (the fewest other titles share
// them), then changed the way the class says. `expect` is that page plus any page with the same title
// (an event and its gallery, an entity and its place). The sets are checked in and were reviewed by
// eye; `--list` prints every query next to its source title for that review.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { createFileStore } from '@qf/shared/content';
import type { Lang } from '@qf/shared/i18n';
import { analyze, normalize } from '../../server/search/analyze';
import { searchDocuments } from '../../server/search/documents';
import type { SearchDoc } from '../../server/search/engine';
import { SYNONYMS } from '../../server/search/synonyms';

export interface LabelledQuery {
  q: string;
  class: string;
  expect: string[];
}

export const CLASSES: Record<Lang, string[]> = {
  en: ['title-words', 'synonym', 'plural-stem', 'typo', 'prefix'],
  ar: ['title-words', 'synonym', 'diacritics', 'hamza-alef', 'taa-marbuta', 'alef-maqsura', 'article', 'prefix-conj-prep', 'digits', 'typo'],
};

/** How many queries each class gets at most (every class gets fewer only where the content runs out). */
const TARGET: Record<Lang, Record<string, number>> = {
  en: { 'title-words': 60, synonym: 45, 'plural-stem': 50, typo: 50, prefix: 50 },
  ar: { 'title-words': 40, synonym: 30, diacritics: 25, 'hamza-alef': 25, 'taa-marbuta': 25, 'alef-maqsura': 25, article: 25, 'prefix-conj-prep': 25, digits: 30, typo: 30 },
};

function random(seed: number) {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 4294967296;
}
const seedOf = (text: string) => [...text].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0, 7);
function shuffled<T>(list: readonly T[], rnd: () => number): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const WORD = /[\p{L}\p{M}\p{N}]+/gu;
const TASHKEEL = /[\u064B-\u065F\u0670]/g;
const DIGITS = /^\d+$/;
const letters = (w: string) => normalize(w).length;

/**
 * Words nobody types to find a page (function words the stop lists keep, vague verbs and adjectives):
 * used only when a title has nothing better.
 */
const WEAK = new Set(
  [
    'new how why some every among back well just more less first through rather away ready getting around always there making keep keeping takes gives brings helps becomes lives time alive real second rare open across along earlier everyone gets things loved should know what must ten forty thousands ideas inside growing moves turns join joins makes made behind meet pursue win return returns out test using way world',
    'كيف لماذا بعض أكثر أقل جديد جديدة الجديد الجديدة داخل عبر أمام نحو لدى دائما بدلا أول الأولى حان الوقت تعلن تطلق تفتتح تنشر تدعو تحتفي تنضم تعود يمنح تجعل تعيد يسهم يتواصل تلقي ينتقل يطلق يطلقون تتحدث يناسب للجميع عمرها ثانية أنحاء أرجاء وجه ينتج جولة معرفته يحتاج يفتح يشاركون يحتفلون تمدد تحول تنقل',
  ]
    .join(' ')
    .split(' ')
    .map((w) => normalize(w)),
);

interface Doc {
  doc: SearchDoc;
  /** The words of the title as written (tashkeel removed), in order. */
  words: string[];
  /** The terms of each title word. */
  wordTerms: string[][];
  allTerms: Set<string>;
  titleTerms: Set<string>;
  sameTitle: string[];
}

/** Everything the transforms need for one language. */
class Corpus {
  readonly docs: Doc[];
  /** Normalised words of every text of the language: a variant found here is a real word. */
  readonly vocab = new Set<string>();
  private readonly tdf = new Map<string, number>();
  private readonly df = new Map<string, number>();

  constructor(
    readonly lang: Lang,
    docs: SearchDoc[],
  ) {
    const byTitle = new Map<string, string[]>();
    const key = (t: string) => normalize(t).replace(/\s+/g, ' ').trim();
    for (const d of docs) byTitle.set(key(d.title), [...(byTitle.get(key(d.title)) ?? []), d.id]);
    this.docs = docs.map((doc) => {
      const words = (doc.title.replace(TASHKEEL, '').match(WORD) ?? []).filter((w) => !/^\p{M}+$/u.test(w));
      const allTerms = new Set(Object.values(doc.text).flatMap((t) => analyze(t)));
      for (const t of Object.values(doc.text)) for (const w of t.match(WORD) ?? []) this.vocab.add(normalize(w));
      return { doc, words, wordTerms: words.map((w) => analyze(w)), allTerms, titleTerms: new Set(analyze(doc.title)), sameTitle: byTitle.get(key(doc.title))!.filter((id) => id !== doc.id) };
    });
    for (const d of this.docs) {
      for (const t of d.titleTerms) this.tdf.set(t, (this.tdf.get(t) ?? 0) + 1);
      for (const t of d.allTerms) this.df.set(t, (this.df.get(t) ?? 0) + 1);
    }
  }

  /** A word worth typing to find a page: not a stop word, three letters or more, not a number. */
  content(d: Doc, i: number): boolean {
    return d.wordTerms[i]!.length > 0 && letters(d.words[i]!) >= 3 && !DIGITS.test(normalize(d.words[i]!));
  }

  /** Most distinctive first: not a weak word, then the fewest pages with the word anywhere, then in their title. */
  private rank(d: Doc, i: number): [number, number, number] {
    const terms = d.wordTerms[i]!;
    const min = (m: Map<string, number>) => Math.min(...terms.map((t) => m.get(t) ?? 0));
    return [WEAK.has(normalize(d.words[i]!)) ? 1 : 0, min(this.df), min(this.tdf)];
  }

  /** Pages other than `d` and its same-title twins whose title has every word of `idx`. */
  ambiguity(d: Doc, idx: number[]): number {
    const twins = new Set([d.doc.id, ...d.sameTitle]);
    return this.docs.filter((o) => !twins.has(o.doc.id) && idx.every((i) => d.wordTerms[i]!.some((t) => o.titleTerms.has(t)))).length;
  }

  /**
   * 2-3 of the title's most distinctive content words (indices in title order) that `ok` accepts and
   * that no other title has all of (or, failing that, at most 3 others do), the word `must` among them.
   */
  /** Every word of the title, most distinctive first (content words before the rest). */
  order(d: Doc): number[] {
    const key = (i: number) => (this.content(d, i) ? this.rank(d, i) : [2, 0, 0]);
    return d.words
      .map((_, i) => i)
      .sort((a, b) => {
        const ra = key(a);
        const rb = key(b);
        return ra[0]! - rb[0]! || ra[1]! - rb[1]! || ra[2]! - rb[2]! || a - b;
      });
  }

  pick(d: Doc, opts: { must?: number; extra?: number[]; ok?: (idx: number[]) => boolean } = {}): number[] | null {
    const ranked = d.words
      .map((_, i) => i)
      .filter((i) => this.content(d, i) && i !== opts.must)
      .sort((a, b) => {
        const ra = this.rank(d, a);
        const rb = this.rank(d, b);
        return ra[0] - rb[0] || ra[1] - rb[1] || ra[2] - rb[2] || a - b;
      })
      .slice(0, 6);
    const fixed = [...(opts.must === undefined ? [] : [opts.must]), ...(opts.extra ?? [])];
    const combos: number[][] = [];
    for (const size of [2, 3]) {
      const need = size - fixed.length;
      if (need < 0) continue;
      if (need === 0) combos.push([...fixed]);
      if (need === 1) for (const a of ranked) combos.push([...fixed, a]);
      if (need === 2) for (let a = 0; a < ranked.length; a++) for (let b = a + 1; b < ranked.length; b++) combos.push([...fixed, ranked[a]!, ranked[b]!]);
      if (need === 3) for (let a = 0; a < ranked.length; a++) for (let b = a + 1; b < ranked.length; b++) for (let c = b + 1; c < ranked.length; c++) combos.push([ranked[a]!, ranked[b]!, ranked[c]!]);
    }
    const sorted = combos.map((c) => [...new Set(c)].sort((a, b) => a - b)).filter((c) => c.length >= 2 && (!opts.ok || opts.ok(c)));
    for (const limit of [0, 3]) {
      const found = sorted.find((c) => this.ambiguity(d, c) <= limit);
      if (found) return found;
    }
    return null;
  }

  expect(d: Doc): string[] {
    return [d.doc.id, ...d.sameTitle];
  }

  /** Words of the language, by the terms of their analysis, that a synonym group joins to `word`. */
  synonyms(word: string): string[] {
    const terms = new Set(analyze(word));
    const group = SYNONYMS[this.lang].find((g) => g.some((m) => analyze(m).some((t) => terms.has(t))));
    return group ? group.filter((m) => !analyze(m).some((t) => terms.has(t))) : [];
  }
}

type Transform = (c: Corpus, d: Doc, rnd: () => number) => string | null;

const text = (d: Doc, idx: number[], replace: Record<number, string> = {}, lower = false) =>
  idx.map((i) => replace[i] ?? (lower ? d.words[i]!.toLowerCase() : d.words[i]!)).join(' ');

/** Tries `make` on the title's words in the order of `order` until one gives a query. */
function first(d: Doc, order: number[], make: (i: number) => string | null): string | null {
  for (const i of order) {
    const q = make(i);
    if (q) return q;
  }
  return null;
}
const indices = (d: Doc) => d.words.map((_, i) => i);

/** The first query made by one of `changes` (tried in that order) applied to one content word of the title. */
function firstChange(c: Corpus, d: Doc, changes: ((word: string) => string | null)[]): string | null {
  for (const change of changes) {
    const q = first(d, c.order(d), (i) => {
      const v = c.content(d, i) ? change(d.words[i]!) : null;
      const idx = v && c.pick(d, { must: i });
      return idx ? text(d, idx, { [i]: v! }) : null;
    });
    if (q) return q;
  }
  return null;
}

// English

const IRREGULAR: Record<string, string> = { children: 'child', child: 'children', people: 'person', person: 'people', women: 'woman', men: 'man' };
/** Adjectives whose "plural" is another word (news) or not what anyone types (nationals). */
const NO_INFLECTION = new Set(['new', 'national', 'professional', 'international', 'biological', 'economic', 'islamic', 'graphic', 'primary']);

/** Other inflections of an English word: singular/plural, verb -s/-ing/-ed, most natural first. */
function inflections(w: string): string[] {
  if (IRREGULAR[w]) return [IRREGULAR[w]!];
  const out: string[] = [];
  if (w.endsWith('ies')) out.push(`${w.slice(0, -3)}y`);
  else if (/(ss|sh|ch|x)es$/.test(w)) out.push(w.slice(0, -2));
  else if (w.endsWith('s') && !/(ss|us|is)$/.test(w)) out.push(w.slice(0, -1));
  else if (w.endsWith('ing')) {
    const base = w.slice(0, -3);
    out.push(base, `${base}e`, base.slice(0, -1), `${base}s`);
  } else if (w.endsWith('ed')) {
    const base = w.slice(0, -2);
    out.push(base, w.slice(0, -1), base.slice(0, -1), `${base}ing`, `${w.slice(0, -1)}s`);
  } else if (/[^aeiou]y$/.test(w)) out.push(`${w.slice(0, -1)}ies`);
  else {
    out.push(/(s|sh|ch|x)$/.test(w) ? `${w}es` : `${w}s`);
    if (w.endsWith('e')) out.push(`${w.slice(0, -1)}ing`);
    else out.push(`${w}ing`);
  }
  return out;
}

const QWERTY = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm'];
const ARABIC_KEYS = ['ضصثقفغعهخحجد', 'شسيبلاتنمكط', 'رىةوزظ'];
function neighbours(rows: string[], ch: string): string[] {
  for (const row of rows) {
    const i = row.indexOf(ch);
    if (i >= 0) return [row[i - 1], row[i + 1]].filter((c): c is string => !!c);
  }
  return [];
}

/** One letter changed (to a key next to it), dropped, or swapped with the next; never the first letter. */
function typo(c: Corpus, word: string, rnd: () => number, ops: ('sub' | 'del' | 'swap')[]): string | null {
  const w = c.lang === 'en' ? word.toLowerCase() : word;
  const start = c.lang === 'ar' && w.startsWith('ال') ? 3 : 1;
  if (letters(w) < 5 || w.length - start < 2) return null;
  for (let attempt = 0; attempt < 20; attempt++) {
    const op = ops[Math.floor(rnd() * ops.length)]!;
    const i = start + Math.floor(rnd() * (w.length - start));
    let out: string | null = null;
    if (op === 'del') out = w.slice(0, i) + w.slice(i + 1);
    if (op === 'swap' && i + 1 < w.length && w[i] !== w[i + 1]) out = w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2);
    if (op === 'sub') {
      const near = neighbours(c.lang === 'en' ? QWERTY : ARABIC_KEYS, w[i]!).filter((n) => !'ىةا'.includes(n) || c.lang === 'en');
      if (near.length > 0) out = w.slice(0, i) + near[Math.floor(rnd() * near.length)] + w.slice(i + 1);
    }
    if (!out) continue;
    const n = normalize(out);
    // A typo is not a real word of the site, nor a form the analysis already joins to the word.
    if (n === normalize(w) || c.vocab.has(n) || analyze(out).some((t) => analyze(w).includes(t))) continue;
    return out;
  }
  return null;
}

const en: Record<string, Transform> = {
  'title-words': (c, d) => {
    const idx = c.pick(d);
    return idx && text(d, idx, {}, true);
  },
  synonym: (c, d) =>
    first(d, c.order(d), (i) => {
      // Not a part of a compound: early-career is not an early job, pre-university not a college.
      if (!c.content(d, i) || new RegExp(`-${d.words[i]}|${d.words[i]}-`, 'i').test(d.doc.title)) return null;
      const other = c.synonyms(d.words[i]!).find((s) => !analyze(s).some((t) => d.allTerms.has(t)));
      const idx = other && c.pick(d, { must: i });
      return idx ? text(d, idx, { [i]: other! }, true) : null;
    }),
  'plural-stem': (c, d) =>
    first(d, c.order(d), (i) => {
      const w = d.words[i]!.toLowerCase();
      if (!c.content(d, i) || !/^[a-z]+$/.test(w) || NO_INFLECTION.has(w)) return null;
      const other = inflections(w).find((v) => v !== w && v.length >= 3 && c.vocab.has(v));
      const idx = other && c.pick(d, { must: i });
      return idx ? text(d, idx, { [i]: other! }, true) : null;
    }),
  typo: (c, d, rnd) => {
    const idx = c.pick(d, { ok: (ix) => ix.some((i) => /^[a-z]{5,}$/i.test(d.words[i]!)) });
    if (!idx) return null;
    return first(d, idx.filter((i) => /^[a-z]{5,}$/i.test(d.words[i]!)), (i) => {
      const t = typo(c, d.words[i]!, rnd, ['sub', 'del', 'swap']);
      return t && text(d, idx, { [i]: t }, true);
    });
  },
  prefix: (c, d, rnd) => {
    const idx = c.pick(d, { ok: (ix) => /^[a-z]{5,}$/i.test(d.words[ix[ix.length - 1]!]!) });
    if (!idx) return null;
    const last = idx[idx.length - 1]!;
    return text(d, idx, { [last]: d.words[last]!.toLowerCase().slice(0, rnd() < 0.35 ? 3 : 4) }, true);
  },
};

// Arabic

const SUN = new Set('تثدذرزسشصضطظلن');
const [FATHA, DAMMA, KASRA, SUKUN, SHADDA] = ['\u064E', '\u064F', '\u0650', '\u0652', '\u0651'];

/**
 * The word with tashkeel as a careful writer adds it: the article's lam with sukun (or the next letter
 * with shadda for a sun letter), the vowel before a long vowel matching it, a final damma. Grammar is
 * not the point (the vowels are not always right); the marks are.
 */
function vocalise(word: string): string {
  let out = '';
  let i = 0;
  if (word.startsWith('ال') && word.length > 3) {
    if (SUN.has(word[2]!)) {
      out = `ال${word[2]}${SHADDA}${FATHA}`;
      i = 3;
    } else {
      out = `ال${SUKUN}`;
      i = 2;
    }
  }
  for (; i < word.length; i++) {
    const ch = word[i]!;
    const next = word[i + 1];
    out += ch;
    if ('اآأإىة'.includes(ch) && i === word.length - 1 && ch !== 'ة') continue;
    if ('اآ'.includes(ch) || (ch === 'ى' && !next)) continue;
    if (ch === 'أ') out += FATHA;
    else if (ch === 'إ') out += KASRA;
    else if (i === word.length - 1) out += DAMMA;
    else if (next === 'ا' || next === 'ى') out += FATHA;
    else if (next === 'و') out += DAMMA;
    else if (next === 'ي') out += KASRA;
    else if ((ch === 'و' && word[i - 1] !== undefined && out.at(-2) === DAMMA) || (ch === 'ي' && out.at(-2) === KASRA)) continue;
    else out += i % 3 === 1 ? SUKUN : FATHA;
  }
  return out;
}

/**
 * The word with its hamza on alef dropped (أ إ آ → ا), or, for a word without one, the initial alef
 * (hamzat al-wasl: الاستدامة، انتقال، اتفاقية) written with the hamza writers often give it (إ).
 */
function hamzaAlef(word: string): string | null {
  if (/[أإآ]/.test(word)) return word.replace(/[أإآ]/g, 'ا');
  const m = /^(وال|بال|لل|ال|و)?ا([^ل])/.exec(word);
  return m && letters(word) >= 5 ? word.replace(/^(وال|بال|لل|ال|و)?ا/, '$1إ') : null;
}

const PROCLITICS = ['و', 'و', 'و', 'ب', 'ب', 'ل', 'ل', 'ف', 'ك'];

const ar: Record<string, Transform> = {
  'title-words': (c, d) => {
    const idx = c.pick(d);
    return idx && text(d, idx);
  },
  synonym: (c, d) =>
    first(d, c.order(d), (i) => {
      const w = d.words[i]!;
      // Not a name (ليلى is not a night) nor a nisba adjective (جامعي is not a كلية).
      if (!c.content(d, i) || w.endsWith('ي') || d.doc.type === 'people' || d.doc.type === 'expert_profile') return null;
      const other = c.synonyms(w).find((s) => !analyze(s).some((t) => d.allTerms.has(t)));
      const idx = other && c.pick(d, { must: i });
      if (!idx) return null;
      const article = normalize(w).startsWith('ال') && !normalize(other!).startsWith('ال') ? 'ال' : '';
      return text(d, idx, { [i]: article + other! });
    }),
  diacritics: (c, d) => {
    const idx = c.pick(d);
    return idx && text(d, idx, Object.fromEntries(idx.map((i) => [i, vocalise(d.words[i]!)])));
  },
  'hamza-alef': (c, d, rnd) => {
    const reverse = rnd() < 0.35;
    const order = [...c.order(d).filter((i) => /[أإآ]/.test(d.words[i]!) === !reverse), ...c.order(d).filter((i) => /[أإآ]/.test(d.words[i]!) === reverse)];
    return first(d, order, (i) => {
      if (!c.content(d, i)) return null;
      const v = hamzaAlef(d.words[i]!);
      const idx = v && c.pick(d, { must: i });
      return idx ? text(d, idx, { [i]: v! }) : null;
    });
  },
  'taa-marbuta': (c, d) =>
    first(d, c.order(d), (i) => {
      if (!c.content(d, i) || !d.words[i]!.endsWith('ة')) return null;
      const idx = c.pick(d, { must: i });
      return idx && text(d, idx, Object.fromEntries(idx.filter((j) => d.words[j]!.endsWith('ة')).map((j) => [j, `${d.words[j]!.slice(0, -1)}ه`])));
    }),
  'alef-maqsura': (c, d) =>
    first(d, c.order(d), (i) => {
      const w = d.words[i]!;
      if (!c.content(d, i) || !/[ىي]$/.test(w)) return null;
      const idx = c.pick(d, { must: i });
      return idx && text(d, idx, { [i]: w.slice(0, -1) + (w.endsWith('ى') ? 'ي' : 'ى') });
    }),
  article: (c, d, rnd) => {
    const drop = (w: string) => (w.startsWith('ال') && letters(w) >= 5 ? w.slice(2) : null);
    const add = (w: string) => (!/^(ال|لل|و|ب|ل|ف|ك)/.test(w) && c.vocab.has(normalize(`ال${w}`)) ? `ال${w}` : null);
    const order = rnd() < 0.5 ? [drop, add] : [add, drop];
    return firstChange(c, d, order);
  },
  'prefix-conj-prep': (c, d, rnd) => {
    const remove = (w: string) => {
      if (/^(وال|بال|فال|كال)/.test(w) && letters(w) >= 6) return w.slice(1);
      if (w.startsWith('لل') && letters(w) >= 5) return `ال${w.slice(2)}`;
      if (/^[وبلفك]/.test(w) && !w.startsWith('ال') && letters(w) >= 5 && c.vocab.has(normalize(w.slice(1))) && !c.vocab.has(normalize(`ال${w}`))) return w.slice(1);
      return null;
    };
    const attach = (w: string) => {
      // Only to a word of Arabic letters without a proclitic of its own (not ونقل, not FIFA).
      if (!/^[\u0621-\u064A]+$/.test(w) || /^[وبلفك]/.test(w)) return null;
      const p = PROCLITICS[Math.floor(rnd() * PROCLITICS.length)]!;
      return p === 'ل' && w.startsWith('ال') ? `لل${w.slice(2)}` : p + w;
    };
    const order = rnd() < 0.4 ? [remove, attach] : [attach, remove];
    return firstChange(c, d, order);
  },
  digits: (c, d) => {
    const numbers = indices(d).filter((i) => DIGITS.test(d.words[i]!));
    if (numbers.length === 0) return null;
    const idx = c.pick(d, { extra: numbers, ok: (ix) => ix.some((i) => c.content(d, i)) });
    const indic = (w: string) => w.replace(/\d/g, (n) => String.fromCharCode(0x0660 + Number(n)));
    return idx && text(d, idx, Object.fromEntries(numbers.map((i) => [i, indic(d.words[i]!)])));
  },
  typo: (c, d, rnd) => {
    const long = (i: number) => letters(d.words[i]!) >= 5;
    const idx = c.pick(d, { ok: (ix) => ix.some(long) });
    if (!idx) return null;
    return first(d, idx.filter(long), (i) => {
      const t = typo(c, d.words[i]!, rnd, ['sub']);
      return t && text(d, idx, { [i]: t });
    });
  },
};

export async function generateQueries(docs: SearchDoc[]): Promise<Record<Lang, LabelledQuery[]>> {
  const out = { en: [] as LabelledQuery[], ar: [] as LabelledQuery[] };
  for (const lang of ['en', 'ar'] as const) {
    const corpus = new Corpus(
      lang,
      docs.filter((d) => d.lang === lang),
    );
    const transforms = lang === 'en' ? en : ar;
    for (const cls of CLASSES[lang]) {
      const rnd = random(seedOf(`${lang}:${cls}`));
      const seen = new Set<string>();
      const items: LabelledQuery[] = [];
      for (const d of shuffled(corpus.docs, rnd)) {
        if (items.length >= TARGET[lang][cls]!) break;
        // One query per title: an entity and its place of the same name are one query with both expected.
        if (seen.has(d.doc.id)) continue;
        const q = transforms[cls]!(corpus, d, rnd);
        if (!q || seen.has(normalize(q))) continue;
        for (const key of [normalize(q), ...corpus.expect(d)]) seen.add(key);
        items.push({ q, class: cls, expect: corpus.expect(d) });
      }
      out[lang].push(...items);
    }
  }
  return out;
}

/** One query a line, so the checked-in files read (and diff) as a list. */
export const formatQueries = (items: LabelledQuery[]) => `[\n${items.map((i) => `  ${JSON.stringify(i)}`).join(',\n')}\n]\n`;

async function main() {
  const docs = await searchDocuments(createFileStore(path.resolve(__dirname, '../../../content')));
  const sets = await generateQueries(docs);
  const title = new Map(docs.map((d) => [`${d.lang}:${d.id}`, d.title]));
  for (const lang of ['en', 'ar'] as const) {
    writeFileSync(path.join(__dirname, `queries.${lang}.json`), formatQueries(sets[lang]));
    const counts = CLASSES[lang].map((c) => `${c} ${sets[lang].filter((i) => i.class === c).length}`);
    console.log(`queries.${lang}.json: ${sets[lang].length} queries (${counts.join(', ')})`);
    if (process.argv.includes('--list')) for (const i of sets[lang]) console.log(`  ${i.class}\t${i.q}\t← ${title.get(`${lang}:${i.expect[0]}`)}${i.expect.length > 1 ? ` (+${i.expect.slice(1).join(', ')})` : ''}`);
  }
  // Every synonym group must be about words of this site.
  for (const lang of ['en', 'ar'] as const) {
    const terms = new Set(docs.filter((d) => d.lang === lang).flatMap((d) => Object.values(d.text).flatMap((t) => analyze(t))));
    for (const group of SYNONYMS[lang]) if (!group.some((w) => analyze(w).some((t) => terms.has(t)))) console.log(`synonyms.ts: no word of [${group.join(', ')}] occurs in the ${lang} content`);
  }
}

if (require.main === module)
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
