import { SLOT_ID, STATE_ELEMENT_ID } from '../state-ids';
import { STATEMENT_URL } from './chrome';
import { BOOT_GLOBAL, HELD_PROPERTY, EARLY_ACTIVITY_GLOBAL, EARLY_STATEMENT_GLOBAL, ROOT_POLICY_ATTR } from './protocol';

/** Where the page keeps what the visitor did before the boot arrived (replayed by the boot). */
export const EARLY_EVENTS_GLOBAL = '__qfEarly';
/** The longest the statement flag waits for the browser to be idle once the loaded page is painted. */
export const STATEMENT_IDLE_TIMEOUT_MS = 2000;
/** What the inline loader records before the boot runs, and what makes it fetch the boot at once. */
export const EARLY_EVENT_TYPES = ['click', 'pointerover', 'pointerdown', 'focusin', 'keydown', 'touchstart', 'change'] as const;
/** How long a press on a site link, or a widget's form sent, waits for the boot before going as it is. */
export const EARLY_HOLD_MS = 2000;
/** Using the page at all (not aimed at anything): fetches the boot, is not replayed. */
export const EARLY_ACTIVITY_TYPES = ['scroll', 'wheel', 'pointermove'] as const;

/**
 * A few lines inlined at the top of `<head>`, after `prePaintScript` (with the response's nonce). The page needs no script to
 * be read: the boot (and through it everything else) is fetched when the visitor starts using the
 * page (a pointer, a touch, a key, focus, a scroll) or when something on the page asks for it without
 * being used: a section or widget whose policy is `eager` (or `fragment`, with a fragment or a query
 * in the address: a search to restore), the menu's map in the address (`#map`), a slot with the
 * `visible` policy coming near the viewport, or a statement notice to show. A page that is only
 * looked at runs these lines and one small fetch, nothing else. Until the boot runs, presses, pointers, focus, keys and changed fields are recorded
 * (without stopping them) and the boot replays them: a menu button pressed on a slow connection still
 * opens the menu once the code is there. A press on one of the site's own links is held for the boot,
 * which navigates client-side (or, without the boot within EARLY_HOLD_MS, it is followed as a link); so
 * is a widget's form sent (the boot brings the widget to life and sends it again; without the boot it
 * is posted as it is).
 */
export function bootLoaderScript(bootSrc: string, appSrc: string): string {
  const j = JSON.stringify;
  return [
    '(function(d,w){',
    `var q=w[${j(EARLY_EVENTS_GLOBAL)}]=[],l=0,f=function(){if(l)return;l=1;`,
    `var s=d.createElement("script");s.src=${j(bootSrc)};s.setAttribute("data-app",${j(appSrc)});s.async=true;d.head.appendChild(s)};`,
    `${j(EARLY_EVENT_TYPES)}.forEach(function(t){d.addEventListener(t,function(e){if(w[${j(BOOT_GLOBAL)}])return;q.push(e);f()},{capture:true,passive:true})});`,
    // A press on one of the site's links before the boot has come is held for it (the boot navigates
    // client-side, keeping this page on screen until the next renders); without the boot within
    // EARLY_HOLD_MS the link is followed as a link.
    'd.addEventListener("click",function(e){',
    `if(w[${j(BOOT_GLOBAL)}]||e.defaultPrevented||e.button||e.metaKey||e.ctrlKey||e.shiftKey||e.altKey)return;`,
    'var a=e.target&&e.target.closest&&e.target.closest("a[href]");',
    'if(!a||a.target&&a.target!=="_self"||a.hasAttribute("download")||a.origin!==w.location.origin||a.getAttribute("href").charAt(0)==="#")return;',
    `e.preventDefault();e[${j(HELD_PROPERTY)}]=1;f();setTimeout(function(){if(!w[${j(BOOT_GLOBAL)}])w.location.assign(a.href)},${EARLY_HOLD_MS})},true);`,
    // A widget's form sent before the boot has come is held for it too (the boot brings the widget to
    // life and sends it again, answered in place); without the boot it goes as it is, a plain post.
    'd.addEventListener("submit",function(e){',
    `var t=e.target;if(w[${j(BOOT_GLOBAL)}]||t.__qfGo||!t.closest||!t.closest("[data-qf-widget]"))return;`,
    `e.preventDefault();e[${j(HELD_PROPERTY)}]=1;q.push(e);f();setTimeout(function(){if(w[${j(BOOT_GLOBAL)}]||!t.isConnected)return;t.__qfGo=1;var b=e.submitter;b&&t.contains(b)?t.requestSubmit(b):t.requestSubmit()},${EARLY_HOLD_MS})},true);`,
    `${j(EARLY_ACTIVITY_TYPES)}.forEach(function(t){w.addEventListener(t,function(){w[${j(EARLY_ACTIVITY_GLOBAL)}]=1;f()},{capture:true,passive:true,once:true})});`,
    'var r=function(){',
    // What the page asks for without being used: the policies in the page's state.
    `var s=null;try{s=JSON.parse(d.getElementById(${j(STATE_ELEMENT_ID)}).textContent)}catch(e){}`,
    'var p=s&&s.status==="ok"&&s.pageData&&s.pageData.result?s.pageData.result.page:null,g=s&&s.widgets||[],v=[];',
    'var h=w.location.hash.length>1||w.location.search.length>1,e=function(x){return x.hydration==="eager"||x.hydration==="fragment"&&h};',
    'if(p&&e(p)||g.some(e)||/^#map(-|$)/.test(w.location.hash))return f();',
    `[].forEach.call(d.querySelectorAll(${j(`[${ROOT_POLICY_ATTR}="visible"]`)}),function(e){v.push.apply(v,e.children)});`,
    `if(p&&p.hydration==="visible"&&d.getElementById(${j(SLOT_ID)}))v.push(d.getElementById(${j(SLOT_ID)}));`,
    'g.forEach(function(x){var e=x.hydration==="visible"&&d.querySelector("[data-qf-key=\\""+CSS.escape(x.key)+"\\"]");if(e)v.push(e)});',
    'if(v.length&&w.IntersectionObserver){var o=new IntersectionObserver(function(a){if(a.some(function(x){return x.isIntersecting})){o.disconnect();f()}},{rootMargin:"200px"});v.forEach(function(e){o.observe(e)})}',
    // The statement flag (SPEC §4), asked after the page's first frame, when the browser is idle: asked
    // at `load` (or at the first idle moment) it went out before the first paint whenever the page
    // loaded fast, and a slow connection then held the paint for it (Lighthouse counted ~130 ms of FCP
    // and ~250 ms of LCP on an event page). A task queued from an animation frame runs after that frame
    // is painted; a hidden tab paints nothing and asks when it is shown. A notice to show brings the
    // boot, which shows it from this answer; a boot already running has asked by itself.
    'var i=function(c){w.requestIdleCallback?w.requestIdleCallback(c,{timeout:' + STATEMENT_IDLE_TIMEOUT_MS + '}):c()};',
    '(w.requestAnimationFrame||setTimeout)(function(){setTimeout(function(){i(function(){',
    `if(w[${j(BOOT_GLOBAL)}])return;`,
    `var n=w[${j(EARLY_STATEMENT_GLOBAL)}]=fetch(${j(STATEMENT_URL)},{headers:{accept:"application/json"},priority:"low"}).then(function(a){return a.ok?a.json():null}).catch(function(){return null});`,
    'n.then(function(a){if(a&&a.show===true)f()})',
    '})},0)})};',
    'if(d.readyState==="complete")r();else w.addEventListener("load",r);',
    '})(document,window);',
  ].join('');
}
