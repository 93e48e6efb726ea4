import { BOOT_GLOBAL } from './protocol';

/** Where the page keeps what the visitor did before the boot arrived (replayed by the boot). */
export const EARLY_EVENTS_GLOBAL = '__qfEarly';
/** What the inline loader records before the boot runs, and what makes it fetch the boot at once. */
export const EARLY_EVENT_TYPES = ['click', 'pointerover', 'pointerdown', 'focusin', 'keydown', 'touchstart'] as const;

/**
 * A few lines inlined at the top of `<body>` (with the response's nonce) that fetch the boot after the
 * page has loaded, so nothing competes with its first paint and its largest image, or at the visitor's
 * first touch, pointer, focus or key if that comes first. Until the boot runs they record those events
 * (without stopping them: links still work as links), and the boot replays them: a menu button pressed
 * on a slow connection still opens the menu once the code is there.
 */
export function bootLoaderScript(bootSrc: string, appSrc: string): string {
  return [
    '(function(d,w){',
    `var q=w[${JSON.stringify(EARLY_EVENTS_GLOBAL)}]=[],l=0,f=function(){if(l)return;l=1;`,
    `var s=d.createElement("script");s.src=${JSON.stringify(bootSrc)};s.setAttribute("data-app",${JSON.stringify(appSrc)});s.async=true;d.head.appendChild(s)};`,
    `${JSON.stringify(EARLY_EVENT_TYPES)}.forEach(function(t){d.addEventListener(t,function(e){if(w[${JSON.stringify(BOOT_GLOBAL)}])return;q.push(e);f()},{capture:true,passive:true})});`,
    'if(d.readyState==="complete")f();else w.addEventListener("load",f);',
    '})(document,window);',
  ].join('');
}
