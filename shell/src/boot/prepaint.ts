import { a11yPrePaintScript } from '../chrome/a11y-prepaint';
import { consentPrePaintScript } from '../chrome/consent';
import { themePrePaintScript } from '../theme';
import { NEW_VISITOR_ATTR } from './protocol';

/**
 * Evaluated once at the top of the script, as `n`: true when this browser has stored nothing for the site.
 * The server marks a request without the theme cookie (NEW_VISITOR_ATTR); storage is looked at all the
 * same, since a visitor of the old site has its choices stored (`darkMode`) and no cookie yet. Storage
 * that cannot be read counts as nothing stored.
 */
const NOTHING_STORED = `var n;try{n=d.documentElement.hasAttribute(${JSON.stringify(NEW_VISITOR_ATTR)})&&!localStorage.length}catch(e){n=true}`;

/**
 * What runs before the first paint, inlined at the top of `<head>`, before any stylesheet.
 *
 * Where it runs matters. A classic script after a stylesheet waits for that stylesheet, and the parser
 * waits for the script: at the top of `<body>` these lines stopped the parsing of the whole document
 * until the shell's CSS had arrived, and the rest of the page was then parsed between the CSS and the
 * first paint. Before any stylesheet nothing is pending: it runs at once and the parser goes on while
 * the CSS downloads, so the document is parsed by the time it can be painted. (Lighthouse's simulation
 * does not model that wait and measured the two places alike; what it did count, the statement flag's
 * request, is in `loader.ts`.)
 *
 * `<html>`'s marks (scripted layout, consent to ask) apply at once. The theme and the accessibility
 * choices are `<body>` attributes (what the stylesheets and the app read), and `<body>` does not exist
 * yet: they apply from a mutation observer on `<html>`, whose callback runs as a microtask once the
 * parser has inserted `<body>`, in the same task, before any rendering.
 *
 * Stored choices decide from the first paint on every visit (SPEC: storage first), the old site's
 * `darkMode` included, and the theme cookie follows them (issue 38, item 3). The price is the page's first
 * storage read, a synchronous round trip to the browser process: 2.7 ms median (max 6.3) in a fresh
 * Chromium context here, and the same in a returning visitor's new tab. A first visit once skipped it
 * and looked at storage when idle; that showed an old-site visitor the system's theme, then theirs.
 */
export function prePaintScript(): string {
  const onBody = `${themePrePaintScript('n')}${a11yPrePaintScript('n')}`;
  return [
    '(function(d){',
    NOTHING_STORED,
    ';d.documentElement.setAttribute("data-qf-js","");',
    consentPrePaintScript('n'),
    `var x=function(){${onBody}};`,
    'if(d.body)return x();',
    'var o=new MutationObserver(function(){if(d.body){o.disconnect();x()}});',
    'o.observe(d.documentElement,{childList:true})})(document);',
  ].join('');
}
