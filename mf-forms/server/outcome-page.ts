import { languages, type Lang } from '@qf/shared/i18n';
import { localePath } from '@qf/shared/routing';

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const backLabel: Record<Lang, string> = { en: 'Back to the page', ar: 'العودة إلى الصفحة' };
const titles: Record<Lang, string> = { en: 'Newsletter', ar: 'النشرة الإخبارية' };

/** Where "back" goes: the path of the page the form was on, never another site. */
export function backPath(referer: string | undefined, lang: Lang): string {
  if (referer) {
    try {
      const url = new URL(referer);
      if (url.pathname.startsWith('/') && !url.pathname.startsWith('//')) return `${url.pathname}${url.search}`;
    } catch {
      // not a URL: fall back to the home page
    }
  }
  return localePath(lang, '/');
}

/** The outcome of a form posted without JavaScript, as a small page in the visitor's language. */
export function outcomePage(lang: Lang, message: string, back: string, title: string = titles[lang]): string {
  return `<!doctype html>
<html lang="${lang}" dir="${languages[lang].dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escape(title)}</title></head>
<body>
<main><h1>${escape(title)}</h1><p role="status">${escape(message)}</p><p><a href="${escape(back)}">${escape(backLabel[lang])}</a></p></main>
</body></html>`;
}
