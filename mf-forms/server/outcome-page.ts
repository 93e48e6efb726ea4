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
      // Only a page of a web origin, and only a path a browser reads as one (after a slash, a second slash
      // or a backslash makes the rest another site).
      if ((url.protocol === 'http:' || url.protocol === 'https:') && /^\/(?![/\\])/.test(url.pathname)) return `${url.pathname}${url.search}`;
    } catch {
      // not a URL: fall back to the home page
    }
  }
  return localePath(lang, '/');
}

const page = (lang: Lang, title: string, main: string) => `<!doctype html>
<html lang="${lang}" dir="${languages[lang].dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escape(title)}</title></head>
<body>
<main><h1>${escape(title)}</h1>${main}</main>
</body></html>`;

/** The outcome of a form posted without JavaScript, as a small page in the visitor's language. */
export function outcomePage(lang: Lang, message: string, back: string, title: string = titles[lang], backText: string = backLabel[lang], details: readonly string[] = []): string {
  const list = details.length ? `<ul>${details.map((d) => `<li>${escape(d)}</li>`).join('')}</ul>` : '';
  return page(lang, title, `<p role="status">${escape(message)}</p>${list}<p><a href="${escape(back)}">${escape(backText)}</a></p>`);
}

export interface ConfirmPage {
  title: string;
  question: string;
  /** Shown on a line of its own and isolated from the text's direction (an email address in Arabic text). */
  detail?: string;
  /** Where the button posts (same origin), with everything the action needs in its query. */
  action: string;
  button: string;
  back: string;
  backText: string;
}

/** A question answered by a plain form post: an action a link must not trigger by merely being fetched. */
export function confirmPage(lang: Lang, p: ConfirmPage): string {
  const detail = p.detail === undefined ? '' : `<p><bdi>${escape(p.detail)}</bdi></p>`;
  return page(
    lang,
    p.title,
    `<p>${escape(p.question)}</p>${detail}<form method="post" action="${escape(p.action)}"><button type="submit" name="confirm" value="yes">${escape(p.button)}</button></form><p><a href="${escape(p.back)}">${escape(p.backText)}</a></p>`,
  );
}
