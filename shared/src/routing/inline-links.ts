import type { Lang } from '@qf/shared/i18n';
import { isExternalUrl, localePath } from './paths';

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
const LINK = /\[([^\]\n]+)\]\(([^)\s]+)\)/g;

/** A link target the markdown may use: a site path (given the page language's prefix), an http(s) URL or a mail address. */
function safeHref(href: string, lang: Lang): string | null {
  if (href.startsWith('/') && !href.startsWith('//')) {
    const [path = '/', hash] = href.split('#');
    return localePath(lang, path) + (hash ? `#${hash}` : '');
  }
  if (isExternalUrl(href) || /^mailto:[^\s@]+@[^\s@]+$/i.test(href)) return href;
  return null;
}

/**
 * CMS text such as the footer's small links (`[Terms of use](/terms-of-use) · …`) as HTML: the inline
 * link syntax becomes links, everything else (tags, entities, other markdown) is escaped text. A link
 * to anything but a site path, http(s) or mailto stays text, so no `javascript:` URL gets through.
 */
export function inlineLinksHtml(markdown: string, lang: Lang): string {
  let html = '';
  let last = 0;
  for (const match of markdown.matchAll(LINK)) {
    const [whole, text = '', href = ''] = match;
    const target = safeHref(href, lang);
    html += escapeHtml(markdown.slice(last, match.index));
    html += target ? `<a href="${escapeHtml(target)}">${escapeHtml(text)}</a>` : escapeHtml(whole);
    last = match.index + whole.length;
  }
  return html + escapeHtml(markdown.slice(last));
}
