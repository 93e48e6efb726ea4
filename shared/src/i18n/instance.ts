import i18next, { type i18n as I18n, type Resource, type TFunction } from 'i18next';
import type { Lang } from './languages';
import { localDigits } from './formats';

/** Translations of one workspace: its namespace, in both languages, with the same keys. */
export interface Translations {
  ns: string;
  en: Record<string, unknown>;
  ar: Record<string, unknown>;
}

/**
 * A ready i18next instance for one language, initialised synchronously so that server rendering and
 * hydration read the same strings in the same tick. Instances are cached per language and bundle set.
 */
export function createI18n(lang: Lang, bundles: readonly Translations[]): I18n {
  const resources: Resource = { en: {}, ar: {} };
  for (const b of bundles) {
    resources.en![b.ns] = b.en as Resource[string][string];
    resources.ar![b.ns] = b.ar as Resource[string][string];
  }
  const instance = i18next.createInstance();
  // Every interpolated number in the language's own digits ("٥ صور", "الخطوة ١ من ٥"), never Western
  // digits beside Arabic-Indic dates; plural forms still choose by the number itself.
  instance.use({ type: 'formatter', init() {}, add() {}, addCached() {}, format: (value: unknown, _format: unknown, lng: string) => (typeof value === 'number' ? localDigits(lng, value) : value) } as never);
  void instance.init({
    lng: lang,
    fallbackLng: false,
    resources,
    ns: bundles.map((b) => b.ns),
    defaultNS: bundles[0]?.ns,
    initAsync: false,
    interpolation: { escapeValue: false, alwaysFormat: true },
    returnNull: false,
    showSupportNotice: false,
  } as Parameters<I18n['init']>[0]);
  return withFixedTCache(instance);
}

/**
 * i18next resolves every `t(key)` again (key parsing, namespaces, nesting, interpolation, post-processing):
 * on the server that was about a fifth of a page's render, through hundreds of calls per page. An
 * instance here never changes language or resources, so each fixed `t` is made once per language,
 * namespace and prefix, and the text of a key is kept, with the options it was asked with when they
 * are plain values (interpolation, plurals); a call with anything else goes through i18next. The texts
 * kept per fixed `t` are bounded (interpolated values can be anything).
 */
const MAX_TEXTS = 2000;

/** What identifies a call's text: its key and its options when they are plain values only; undefined otherwise. */
function textId(key: unknown, rest: unknown[]): string | undefined {
  if (typeof key !== 'string') return undefined;
  if (rest.length === 0) return key;
  const [options] = rest;
  if (rest.length > 1 || !options || typeof options !== 'object' || Array.isArray(options)) return undefined;
  for (const value of Object.values(options)) if ((value !== null && typeof value === 'object') || typeof value === 'function') return undefined;
  return `${key}\u0000${JSON.stringify(options)}`;
}

function withFixedTCache(instance: I18n): I18n {
  const getFixedT = instance.getFixedT.bind(instance);
  const fixed = new Map<string, TFunction>();
  instance.getFixedT = ((lng: unknown, ns: unknown, keyPrefix: unknown) => {
    const id = JSON.stringify([lng ?? null, ns ?? null, keyPrefix ?? null]);
    let t = fixed.get(id);
    if (!t) {
      const base = (getFixedT as (...args: unknown[]) => TFunction)(lng, ns, keyPrefix);
      const translate = base as unknown as (...args: unknown[]) => unknown;
      const texts = new Map<string, unknown>();
      const cached = (key: unknown, ...rest: unknown[]): unknown => {
        const id = textId(key, rest);
        if (id === undefined) return translate(key, ...rest);
        let text = texts.get(id);
        if (text === undefined) {
          if (texts.size >= MAX_TEXTS) texts.clear();
          texts.set(id, (text = translate(key, ...rest)));
        }
        return text;
      };
      t = Object.assign(cached, base) as unknown as TFunction;
      fixed.set(id, t);
    }
    return t;
  }) as I18n['getFixedT'];
  return instance;
}

export function i18nCache(bundles: readonly Translations[]): (lang: Lang) => I18n {
  const cache = new Map<Lang, I18n>();
  return (lang) => {
    let instance = cache.get(lang);
    if (!instance) {
      instance = createI18n(lang, bundles);
      cache.set(lang, instance);
    }
    return instance;
  };
}

function flatten(obj: Record<string, unknown>, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object') Object.assign(out, flatten(v as Record<string, unknown>, key));
    else out[key] = String(v);
  }
  return out;
}

/**
 * Problems with a translation set: keys present in one language only, empty values, and Arabic values
 * left in English (a value with Latin letters and no Arabic letter), except for the keys listed as
 * intentionally identical (brand names, e-mail addresses).
 */
/** The plural categories Arabic uses besides zero (Intl.PluralRules('ar')): each must be written. */
const ARABIC_PLURALS = ['one', 'two', 'few', 'many', 'other'] as const;

export function translationProblems(t: Translations, identical: readonly string[] = []): string[] {
  const en = flatten(t.en);
  const ar = flatten(t.ar);
  const problems: string[] = [];
  // Plural forms differ by language (Arabic has zero, one, two, few, many and other; English one and
  // other): a plural key is matched by its base, and each language must have its own "other" form.
  const PLURAL = /_(zero|one|two|few|many|other)$/;
  const bases = (keys: string[]) => new Set(keys.map((k) => k.replace(PLURAL, '')));
  const enBases = bases(Object.keys(en));
  const arBases = bases(Object.keys(ar));
  for (const key of Object.keys(en)) if (!(key in ar) && !(PLURAL.test(key) && arBases.has(key.replace(PLURAL, '')))) problems.push(`${t.ns}:${key} has no Arabic translation`);
  for (const key of Object.keys(ar)) if (!(key in en) && !(PLURAL.test(key) && enBases.has(key.replace(PLURAL, '')))) problems.push(`${t.ns}:${key} has no English text`);
  for (const [lang, keys] of [['English', Object.keys(en)], ['Arabic', Object.keys(ar)]] as const) {
    for (const base of new Set(keys.filter((k) => PLURAL.test(k)).map((k) => k.replace(PLURAL, '')))) if (!keys.includes(`${base}_other`) && !keys.includes(base)) problems.push(`${t.ns}:${base} has plural forms but no ${base}_other in ${lang}`);
  }
  // A count in Arabic takes one of five forms (٣ نتائج, ١١ نتيجة, نتيجتان…): a string with plural forms in
  // either language has all five in Arabic (zero may fall back to other), or i18next falls back to the
  // base and "٥ نتيجة" reads as a mistake (issue 38).
  for (const base of new Set([...Object.keys(en), ...Object.keys(ar)].filter((k) => PLURAL.test(k)).map((k) => k.replace(PLURAL, '')))) {
    const missing = ARABIC_PLURALS.filter((form) => !(`${base}_${form}` in ar));
    if (missing.length) problems.push(`${t.ns}:${base} lacks the Arabic plural forms ${missing.map((f) => `${base}_${f}`).join(', ')}`);
  }
  for (const [key, value] of Object.entries(ar)) {
    if (!value.trim()) problems.push(`${t.ns}:${key} is empty in Arabic`);
    else if (!identical.includes(key) && /[A-Za-z]{3}/.test(value.replace(/\{\{[^}]+\}\}/g, '')) && !/[\u0600-\u06FF]/.test(value))
      problems.push(`${t.ns}:${key} is not translated into Arabic`);
  }
  for (const [key, value] of Object.entries(en)) if (!value.trim()) problems.push(`${t.ns}:${key} is empty in English`);
  return problems;
}
