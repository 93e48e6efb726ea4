import { a11yPrePaintScript } from '../chrome/a11y-prepaint';
import { consentPrePaintScript } from '../chrome/consent';
import { themePrePaintScript } from '../theme';
import { NEW_VISITOR_ATTR } from './protocol';

/** True in the page when the server saw a browser that has stored nothing for the site (NEW_VISITOR_ATTR). */
const NOTHING_STORED = `document.documentElement.hasAttribute(${JSON.stringify(NEW_VISITOR_ATTR)})`;

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
 * Stored choices are read before the paint only from a browser that can have some: on a first visit
 * (NEW_VISITOR_ATTR, from the server: no theme cookie) the system's colour scheme decides the theme and
 * consent is asked. Storage is looked at once the page is idle all the same: a visitor who chose a theme
 * on the old site (its `darkMode` key) but has no cookie yet gets that choice then, and the cookie, so
 * every later page has it from the first paint (issue 38, item 3).
 */
export function prePaintScript(): string {
  const stored = `${themePrePaintScript('false')}${a11yPrePaintScript('false')}`;
  const later = `if(${NOTHING_STORED})(window.requestIdleCallback||setTimeout)(function(){try{if(localStorage.length){${stored}}}catch(e){}});`;
  const onBody = `${themePrePaintScript(NOTHING_STORED)}${a11yPrePaintScript(NOTHING_STORED)}${later}`;
  return [
    'document.documentElement.setAttribute("data-qf-js","");',
    consentPrePaintScript(NOTHING_STORED),
    `(function(d){var x=function(){${onBody}};`,
    'if(d.body)return x();',
    'var o=new MutationObserver(function(){if(d.body){o.disconnect();x()}});',
    'o.observe(d.documentElement,{childList:true})})(document);',
  ].join('');
}
