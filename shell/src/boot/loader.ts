import { SLOT_ID, STATE_ELEMENT_ID } from '../state-ids';
import { STATEMENT_URL } from './chrome';
import { BOT_USER_AGENT, FILE_LINK, NOT_A_PAGE, PREFETCH_TIMING } from '../prefetch-rules';
import { APP_ATTR, BOOT_GLOBAL, HELD_PROPERTY, EARLY_ACTIVITY_GLOBAL, EARLY_STATEMENT_GLOBAL, ROOT_POLICY_ATTR } from './protocol';

/** Where the page keeps what the visitor did before the boot arrived (replayed by the boot). */
export const EARLY_EVENTS_GLOBAL = '__qfEarly';
/** The longest the statement flag waits for the browser to be idle once the loaded page is painted. */
export const STATEMENT_IDLE_TIMEOUT_MS = 2000;
/** What the inline loader records before the boot runs, and what makes it fetch the boot at once. */
export const EARLY_EVENT_TYPES = ['click', 'pointerover', 'pointerdown', 'focusin', 'keydown', 'touchstart', 'change'] as const;
/** How long a widget's form sent, or a press on a link to this same page, waits for the boot before going as it is. */
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
 * opens the menu once the code is there. A widget's form sent is held for the boot (which brings the
 * widget to life and sends it again; without the boot within EARLY_HOLD_MS it is posted as it is), and
 * so is a press on a link to this same page ("load more", a filter: the section answers it in place).
 *
 * A tap on a link to another page of the site is never held and fetches nothing: it is a plain navigation, as fast
 * as a link can be (client-side navigation starts once the app runs; SPEC's decision on §2). To make it
 * faster still, SPEC §9's prefetch runs here for every visitor it applies to (not on 2g, with the data
 * saver or for robots): from PREFETCH_TIMING.firstDelayMs after load, the site's links that come into
 * view are prefetched in batches (Speculation Rules, else `<link rel=prefetch>`), the HTML a plain
 * navigation needs; once the app runs, its own prefetcher (page data and section code) takes over.
 */
export function bootLoaderScript(bootSrc: string, appSrc: string): string {
  const j = JSON.stringify;
  const t = PREFETCH_TIMING;
  return [
    '(function(d,w){',
    `var q=w[${j(EARLY_EVENTS_GLOBAL)}]=[],l=0,n=d.currentScript&&d.currentScript.nonce,f=function(){if(l)return;l=1;`,
    `var s=d.createElement("script");s.src=${j(bootSrc)};s.setAttribute("data-app",${j(appSrc)});s.async=true;d.head.appendChild(s)};`,
    // A page of this site the browser navigates to itself (the rules of link-target.ts).
    'var k=function(a){var h=a.getAttribute("href")||"";return !(a.target&&a.target!=="_self")&&!a.hasAttribute("download")&&!/(^|\\s)external(\\s|$)/.test(a.rel)&&a.origin===w.location.origin&&h.charAt(0)!=="#"',
    `&&!${FILE_LINK}.test(a.pathname)&&!${NOT_A_PAGE}.test(a.pathname)&&!(a.pathname===w.location.pathname&&a.search===w.location.search&&a.hash)};`,
    'var m=function(e){var a=e.target&&e.target.closest&&e.target.closest("a[href]");return a&&k(a)};',
    // A touch, a press or a pointer on one of the site's links is the start of a navigation: it fetches
    // nothing (the boot would only compete with the next page for the network).
    `${j(EARLY_EVENT_TYPES)}.forEach(function(t){d.addEventListener(t,function(e){if(w[${j(BOOT_GLOBAL)}]||t!=="keydown"&&t!=="change"&&m(e))return;q.push(e);f()},{capture:true,passive:true})});`,
    // A press on a link to this same page with another query ("load more", a filter) is held for the
    // boot, which gives it to the section once interactive (answered in place); without the boot within
    // EARLY_HOLD_MS it is followed as a link.
    'd.addEventListener("click",function(e){',
    `if(w[${j(BOOT_GLOBAL)}]||e.defaultPrevented||e.button||e.metaKey||e.ctrlKey||e.shiftKey||e.altKey)return;`,
    'var a=e.target&&e.target.closest&&e.target.closest("a[href]");if(!a||!k(a)||a.pathname!==w.location.pathname)return;',
    `e.preventDefault();e[${j(HELD_PROPERTY)}]=1;q.push(e);f();setTimeout(function(){if(!w[${j(BOOT_GLOBAL)}])w.location.assign(a.href)},${EARLY_HOLD_MS})},true);`,
    // A widget's form sent before the boot has come is held for it (the boot brings the widget to
    // life and sends it again, answered in place); without the boot it goes as it is, a plain post.
    'd.addEventListener("submit",function(e){',
    `var t=e.target;if(w[${j(BOOT_GLOBAL)}]||t.__qfGo||!t.closest||!t.closest("[data-qf-widget]"))return;`,
    `e.preventDefault();e[${j(HELD_PROPERTY)}]=1;q.push(e);f();setTimeout(function(){if(w[${j(BOOT_GLOBAL)}]||!t.isConnected)return;t.__qfGo=1;var b=e.submitter;b&&t.contains(b)?t.requestSubmit(b):t.requestSubmit()},${EARLY_HOLD_MS})},true);`,
    // SPEC §9's prefetch while the page has no app: the HTML of the site's links in view, in batches.
    'var c=navigator.connection,p=function(){',
    `if(${BOT_USER_AGENT}.test(navigator.userAgent)||c&&(c.saveData||/2g/.test(c.effectiveType||""))||!w.IntersectionObserver)return;`,
    'var u={},b=[],z=0,x=Date.now()+' + t.firstDelayMs + ',y=w.HTMLScriptElement&&HTMLScriptElement.supports&&HTMLScriptElement.supports("speculationrules");',
    'u[w.location.pathname+w.location.search]=1;',
    `var g=function(){z=0;if(d.documentElement.hasAttribute(${j(APP_ATTR)}))return o.disconnect();var a=b.splice(0,${t.batchSize});`,
    'if(y){var s=d.createElement("script");s.type="speculationrules";s.nonce=n;s.textContent=JSON.stringify({prefetch:[{source:"list",urls:a}]});d.head.appendChild(s)}',
    'else a.forEach(function(h){var e=d.createElement("link");e.rel="prefetch";e.href=h;d.head.appendChild(e)});',
    'x=Date.now()+' + t.batchIntervalMs + ';v()},v=function(){if(!z&&b.length)z=setTimeout(g,Math.max(0,x-Date.now()))};',
    'var o=new IntersectionObserver(function(a){a.forEach(function(e){if(!e.isIntersecting)return;o.unobserve(e.target);var h=e.target.pathname+e.target.search;if(u[h])return;u[h]=1;b.push(e.target.href)});v()});',
    // Not the language switch: the same page in the other language is seldom the next one.
    '[].forEach.call(d.querySelectorAll("a[href]:not([data-language-switch])"),function(a){if(k(a)&&!u[a.pathname+a.search])o.observe(a)})};',
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
    // Prefetching starts with the page loaded, as the app's prefetcher did; a page the browser
    // prerenders does neither until it is shown.
    'var R=function(){r();p()};',
    'if(d.prerendering)d.addEventListener("prerenderingchange",function(){d.readyState==="complete"?R():w.addEventListener("load",R)},{once:true});',
    'else if(d.readyState==="complete")R();else w.addEventListener("load",R);',
    '})(document,window);',
  ].join('');
}
