import * as z from '@qf/shared/zod';

export const langs = ['en', 'ar'] as const;
export const langSchema = z.enum(langs);
export type Lang = z.infer<typeof langSchema>;

export interface LanguageRecord {
  langKey: Lang;
  /** CMS locale of the language (SPEC §3). */
  locale: 'en-US' | 'ar-QA';
  /** Link prefix: English has none, Arabic is under `/ar`. */
  prefix: '' | '/ar';
  dir: 'ltr' | 'rtl';
  /** Value stored under `nf_country`. */
  country: 'us' | 'qa';
  /** Open Graph locale. */
  ogLocale: 'en_US' | 'ar_QA';
}

export const languages: Record<Lang, LanguageRecord> = {
  en: { langKey: 'en', locale: 'en-US', prefix: '', dir: 'ltr', country: 'us', ogLocale: 'en_US' },
  ar: { langKey: 'ar', locale: 'ar-QA', prefix: '/ar', dir: 'rtl', country: 'qa', ogLocale: 'ar_QA' },
};

export const otherLang = (lang: Lang): Lang => (lang === 'en' ? 'ar' : 'en');
export const isLang = (value: unknown): value is Lang => value === 'en' || value === 'ar';
