import type { ReactElement } from 'react';
import { useLang, useT } from '@qf/shared/react';
import { dateLocale, dohaDay as dohaDayOf, formatDate as siteDate } from '@qf/shared/dates';
import { numberFormat, type Lang } from '@qf/shared/i18n';

// Formatters are made once per locale and options (dateTimeFormat): the events list formats hundreds of dates.
// The <time> texts come from Intl, whose wording can differ slightly between the server's ICU and the
// browser's (a comma after the weekday, for example). The instants are the same, so a difference there
// is not worth a re-render: those elements keep the server text (suppressHydrationWarning).
export const locale = dateLocale;

// The same instants are worded on every render of the list and of their event's page: each wording is
// kept (bounded), since formatting is still a few microseconds and a list has hundreds of them.
const worded = new Map<string, string>();
function word(key: string, make: () => string): string {
  let text = worded.get(key);
  if (text === undefined) {
    if (worded.size >= 5000) worded.clear();
    worded.set(key, (text = make()));
  }
  return text;
}

/** The calendar day of an instant in Doha, as YYYY-MM-DD. */
const dohaDay = (iso: string) => word(`day ${iso}`, () => dohaDayOf(iso));

export const formatDate = (lang: Lang, iso: string, style: 'full' | 'long' = 'full') =>
  word(`date ${lang} ${style} ${iso}`, () => siteDate(lang, iso, style));

export const formatTime = (lang: Lang, iso: string) => word(`time ${lang} ${iso}`, () => siteDate(lang, iso, 'time'));

/** Day and time of an instant in another time zone, worded like formatDate and formatTime (same locale, same styles). */
export const formatDateTimeIn = (lang: Lang, iso: string, timeZone: string) =>
  word(`in ${lang} ${timeZone} ${iso}`, () => siteDate(lang, iso, 'fullDateTime', timeZone));

/** Whole numbers in the page's numerals (Arabic-Indic under ar-QA, as the dates are), at least `digits` long. */
export const formatNumber = (lang: Lang, n: number, digits = 1) => word(`number ${lang} ${digits} ${n}`, () => numberFormat(locale(lang), { minimumIntegerDigits: digits, useGrouping: false }).format(n));

interface RangeProps {
  start: string;
  end: string;
  dateStyle?: 'full' | 'long';
}

/** The day of an event, or its first and last day when it runs over several days (Doha calendar). */
export function DateRange({ start, end, dateStyle = 'full' }: RangeProps): ReactElement {
  const t = useT();
  const lang = useLang();
  if (dohaDay(start) === dohaDay(end)) return <time dateTime={start} suppressHydrationWarning>{formatDate(lang, start, dateStyle)}</time>;
  return (
    <>
      <time dateTime={start} suppressHydrationWarning>{formatDate(lang, start, dateStyle)}</time>
      {t('common.rangeSeparator')}
      <time dateTime={end} suppressHydrationWarning>{formatDate(lang, end, dateStyle)}</time>
    </>
  );
}

/** Start and end time in Doha, labelled as Doha time. */
export function TimeRange({ start, end, zoneClassName }: RangeProps & { zoneClassName?: string }): ReactElement {
  const t = useT();
  const lang = useLang();
  return (
    <>
      <time dateTime={start} suppressHydrationWarning>{formatTime(lang, start)}</time>
      {t('common.rangeSeparator')}
      <time dateTime={end} suppressHydrationWarning>{formatTime(lang, end)}</time> <span className={zoneClassName}>({t('common.dohaTime')})</span>
    </>
  );
}
