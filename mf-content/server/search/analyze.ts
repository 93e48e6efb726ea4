import type { Lang } from '@qf/shared/i18n';

// Text analysis for search, one pipeline per language. Indexing and querying use the same functions,
// so whatever spelling variant a visitor types meets the same terms.

const ARABIC_DIACRITICS = /[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06ED]/g;
const TATWEEL = /\u0640/g;
/** ا with a fathatan before or after it (both orders are typed), at the end of a word. */
const TANWEEN_ALEF = /(?:\u064Bا|ا\u064B)(?=$|[^\p{L}\p{M}])/gu;

/**
 * Arabic normalisation: NFC; diacritics and tatweel removed; alef and hamza forms folded (أ إ آ ٱ → ا,
 * ؤ → و, ئ → ي; a lone ء is kept: dropped, ماء "water" became ما "what", a stop word); alef maqsura to yaa (ى → ي); taa marbuta folded (ة → ه); Arabic-Indic
 * and Persian digits to ASCII. Latin text goes through unchanged apart from case and accents.
 */
export function normalize(text: string): string {
  return text
    .normalize('NFC')
    // The alef that carries an accusative tanween (موردًا, أيضاً) is no letter of the word: مورد.
    .replace(TANWEEN_ALEF, '')
    .replace(ARABIC_DIACRITICS, '')
    .replace(TATWEEL, '')
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/ؤ/g, 'و')
    .replace(/ئ/g, 'ي')
    .replace(/ى/g, 'ي')
    .replace(/ة/g, 'ه')
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

const AR_PREFIXES = ['وال', 'بال', 'كال', 'فال', 'لل', 'ال', 'و', 'ب', 'ك', 'ف', 'ل'];
/** One-letter proclitics (and, with, like, so, for): also the first letter of many roots (وطن, بحث, كتب, فكر, لغة). */
const AR_ONE_LETTER = new Set(['و', 'ب', 'ك', 'ف', 'ل']);
const AR_SUFFIXES = ['هما', 'كما', 'ها', 'ان', 'ات', 'ون', 'ين', 'يه', 'هم', 'هن', 'كم', 'نا', 'ه', 'ي'];

function stripSuffix(token: string): string {
  for (const s of AR_SUFFIXES) if (token.endsWith(s) && token.length - s.length >= 3) return token.slice(0, -s.length);
  return token;
}

/** A light Arabic stemmer: at most one prefix (ال و ب ك ف ل and their combinations) and one suffix. */
export function stemArabic(token: string): string {
  return stemsArabic(token)[0]!;
}

/**
 * The stems an Arabic word may have: the light stem (one prefix, one suffix), and when the prefix taken
 * was a single letter, also the stem with that letter kept, since it may belong to the root: وطنية is
 * "national" (root وطن), not و + طنية, and must meet الوطنية. Indexing and querying both use every stem,
 * so a word is found whichever reading is right.
 */
export function stemsArabic(token: string): string[] {
  for (const p of AR_PREFIXES) {
    if (token.startsWith(p) && token.length - p.length >= 3) {
      const stem = stripSuffix(token.slice(p.length));
      if (!AR_ONE_LETTER.has(p)) return withNisba(token.slice(p.length), stem);
      const kept = stripSuffix(token);
      return kept === stem ? withNisba(token.slice(p.length), stem) : [stem, kept];
    }
  }
  return withNisba(token, stripSuffix(token));
}

/**
 * A word ending in the nisba ي (صحفي "journalist", علمي "scientific") keeps it as a second stem: its
 * plurals lose only their ending (الصحفيون → صحفي) while the ي alone reads as the "my" suffix (صحفي → صحف),
 * and "صحفي" never met "الصحفيون".
 */
function withNisba(word: string, stem: string): string[] {
  return word.endsWith('ي') && stem.length === word.length - 1 ? [stem, word] : [stem];
}

/** A light English stemmer: plurals, -ing, -ed, -ly, -ies and a few derivational endings. */
export function stemEnglish(token: string): string {
  let t = token;
  if (t.length <= 3) return t;
  if (t.endsWith('ies') && t.length > 4) return `${t.slice(0, -3)}y`;
  if (t.endsWith('sses')) return t.slice(0, -2);
  if (t.endsWith('ss') || t.endsWith('us') || t.endsWith('is')) return t;
  for (const suffix of ['ational', 'ization', 'fulness', 'ousness', 'iveness', 'ments', 'ment', 'ness', 'ings', 'ing', 'edly', 'ed', 'ly', 'es', 's']) {
    if (t.endsWith(suffix) && t.length - suffix.length >= 3) {
      t = t.slice(0, -suffix.length);
      break;
    }
  }
  // A silent final e goes, so the base form meets the forms that lost it (climate/climates, licence/licensing).
  while (t.length > 4 && t.endsWith('e')) t = t.slice(0, -1);
  if (/(.)\1$/.test(t) && !/(ll|ss|zz)$/.test(t)) t = t.slice(0, -1);
  return t;
}

const EN_STOP = new Set('a an and are as at be by for from has have in is it its of on or that the their this to was were will with into about over after than not but who which what when where how our we you your they them he she his her'.split(' '));
const AR_STOP = new Set(['في', 'من', 'الي', 'علي', 'عن', 'مع', 'او', 'ان', 'هذا', 'هذه', 'ذلك', 'التي', 'الذي', 'الذين', 'كان', 'كانت', 'هو', 'هي', 'ثم', 'قد', 'لا', 'ما', 'بين', 'كل', 'حتي', 'عند', 'اذا', 'لم', 'لن', 'به', 'بها', 'فيه', 'فيها', 'منها', 'منه', 'و', 'ب', 'ل']);

const TOKEN = /[\p{L}\p{N}]+/gu;
/** Raw words, diacritics included (they are marks, not letters, and must not split a word). */
const RAW_WORD = /[\p{L}\p{M}\p{N}\u0640]+/gu;
const ARABIC_LETTER = /[\u0600-\u06FF]/;

/** The terms of one word: none for a stop word, several where its stem is ambiguous. */
function termOfWord(word: string): string[] {
  const out: string[] = [];
  for (const raw of normalize(word).match(TOKEN) ?? []) {
    if (ARABIC_LETTER.test(raw)) {
      if (!AR_STOP.has(raw)) out.push(...stemsArabic(raw));
    } else if (!EN_STOP.has(raw)) out.push(/^\d+$/.test(raw) ? raw : stemEnglish(raw));
  }
  return out;
}

/** A raw word of a text, analysed: its terms, and its normalised tokens as queryTokens gives them. */
export interface AnalysedWord {
  terms: string[];
  tokens: string[];
}

// Words repeat a lot (Zipf): analysing each distinct word once makes indexing several times faster.
const cache = new Map<string, AnalysedWord>();
const CACHE_LIMIT = 200_000;

function analysed(word: string): AnalysedWord {
  let a = cache.get(word);
  if (!a) {
    a = { terms: termOfWord(word), tokens: normalize(word).match(TOKEN) ?? [] };
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(word, a);
  }
  return a;
}

/** The terms of a text: normalised, stop words dropped, stemmed by the script of each word. */
export function analyze(text: string, _lang?: Lang): string[] {
  const terms: string[] = [];
  for (const word of text.match(RAW_WORD) ?? []) for (const term of analysed(word).terms) terms.push(term);
  return terms;
}

const HYPHENS = '-\u2010\u2011';

/** eachWord's scanner: one for the module (eachWord runs to the end before it returns, never re-entered). */
const EACH_WORD = new RegExp(RAW_WORD.source, 'gu');

/**
 * Each word of a text, analysed, in one pass (what an index is built with): `visit` gets every raw word,
 * and once more each hyphenated compound joined ("whistle-blower" as "whistleblower").
 */
export function eachWord(text: string, visit: (word: AnalysedWord) => void): void {
  const words = EACH_WORD;
  words.lastIndex = 0;
  let chain = '';
  let parts = 0;
  let end = -1;
  for (let m = words.exec(text); m; m = words.exec(text)) {
    const joined = m.index === end + 1 && end >= 0 && HYPHENS.includes(text[end]!);
    if (!joined) {
      if (parts > 1) visit(analysed(chain));
      chain = '';
      parts = 0;
    }
    chain += m[0];
    parts++;
    end = m.index + m[0].length;
    visit(analysed(m[0]));
  }
  if (parts > 1) visit(analysed(chain));
}

/** The normalised (unstemmed) tokens of a query, for prefix matching of the word being typed. */
export function queryTokens(text: string): string[] {
  return normalize(text).match(TOKEN) ?? [];
}
