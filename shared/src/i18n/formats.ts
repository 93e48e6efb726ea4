/**
 * Intl formatters made once per locale and options. Making one costs far more than formatting with it
 * (about a tenth of a millisecond with a time zone, against microseconds to format): a view that made
 * one per render or per date spent most of its server render time there. The set of locales and
 * options a site uses is small, so they are kept for the life of the page or process.
 */
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function kept<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, create: () => T): T {
  let formatter = formatters.get(key) as T | undefined;
  if (!formatter) formatters.set(key, (formatter = create()));
  return formatter;
}

export const dateTimeFormat = (locale: string, options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat =>
  kept(`d ${locale} ${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options));

export const numberFormat = (locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat =>
  kept(`n ${locale} ${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options));

/**
 * A number as the language writes it: one number system per language (SPEC, Arabic typography). Arabic
 * pages write Arabic-Indic digits, as their dates (`ar-QA`) and countdowns do; English, Western digits.
 * No grouping: a year or an id reads the same as a count.
 */
export function localDigits(lang: string, value: number): string {
  if (lang !== 'ar') return String(value);
  // Made once: this runs for every number a page interpolates, on the server's render path.
  arabicDigits ??= numberFormat('ar-QA', { useGrouping: false, maximumFractionDigits: 20 });
  return arabicDigits.format(value);
}
let arabicDigits: Intl.NumberFormat | undefined;

const ARABIC_INDIC = '٠١٢٣٤٥٦٧٨٩';
/**
 * Free text as the language writes its numbers: content typed with Western digits (opening hours, an
 * address) reads in Arabic-Indic digits on an Arabic page, as its dates beside it do. Only text meant to
 * be read: never a phone number, an email or an address a link is made of.
 */
export function localDigitsIn(lang: string, text: string): string {
  return lang === 'ar' ? text.replace(/[0-9]/g, (d) => ARABIC_INDIC[Number(d)]!) : text;
}
