import { dateTimeFormat, type Lang } from '@qf/shared/i18n';

/**
 * The site's dates, one way in both languages: on Doha's calendar and clock (SPEC: the foundation's
 * events and news are in Qatar), day-month-year English under `/`, `ar-QA` (Arabic-Indic digits, as
 * every number on an Arabic page) under `/ar`. Not in the run-time share scope: each bundle keeps its
 * own few lines, so a section using a style a deployed shell does not know still works.
 */
export const SITE_TIME_ZONE = 'Asia/Qatar';

export const dateLocale = (lang: Lang): string => (lang === 'ar' ? 'ar-QA' : 'en-GB');

const STYLES = {
  /** 12 March 2026 · ١٢ مارس ٢٠٢٦: a story, a press release, a gallery. */
  long: { dateStyle: 'long' },
  /** Friday, 13 March 2026: an event's day. */
  full: { dateStyle: 'full' },
  /** 12 Mar 2026: the date on a card. */
  short: { day: 'numeric', month: 'short', year: 'numeric' },
  /** 18:30 · ٦:٣٠ م: an event's time. */
  time: { timeStyle: 'short' },
  /** An event's day and time together (another time zone's, for a visitor abroad). */
  fullDateTime: { dateStyle: 'full', timeStyle: 'short' },
  /** March: a month's name (search facets). */
  month: { month: 'long' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

export type DateStyle = keyof typeof STYLES;

/** Every style the site writes dates in. */
export const DATE_STYLES = Object.keys(STYLES) as DateStyle[];

/** `instant` (a Date, milliseconds or an ISO string) as the site writes it in `lang`, in Doha unless `timeZone` says otherwise. */
export function formatDate(lang: Lang, instant: Date | number | string, style: DateStyle = 'long', timeZone: string = SITE_TIME_ZONE): string {
  return dateTimeFormat(dateLocale(lang), { ...STYLES[style], timeZone }).format(instant instanceof Date ? instant : new Date(instant));
}

/** The calendar day of an instant in Doha, as YYYY-MM-DD (to tell whether two instants fall on the same day there). */
export function dohaDay(instant: Date | number | string): string {
  return dateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: SITE_TIME_ZONE }).format(instant instanceof Date ? instant : new Date(instant));
}
