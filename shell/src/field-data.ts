import { clientNavigationTarget } from './link-target';

// Field data (issue 32): what visitors' browsers measure of the site, sent to the shell
// (`POST /_qf/vitals`, server/field-data.ts) and exported there as histograms per template and
// language. Started by the boot, so a visitor who only reads (and never loads the boot) sends nothing.
// Part of the boot's file: a few hundred bytes; web-vitals comes in a chunk of its own
// (field-vitals.ts), fetched once the page has loaded and the browser is idle.

/** Where the browser sends what it measured. */
export const FIELD_DATA_URL = '/_qf/vitals';
/** Measurements in one beacon at most (the server refuses more). */
export const MAX_FIELD_METRICS = 24;
/** A pointer pressed on a link counts as the start of its click this long (a long press on a touch screen). */
const PRESS_TO_CLICK_MS = 2000;
/** A tap whose next page took longer than this is not a tap-to-content time (the visitor went away meanwhile). */
const TAP_LIMIT_MS = 60_000;

export type FieldMetricName = 'LCP' | 'INP' | 'CLS' | 'FCP' | 'TTFB' | 'tap';
/** web-vitals' navigation types, and `client` for a client-side navigation (the tap). */
export type FieldNavigation = 'navigate' | 'reload' | 'back-forward' | 'back-forward-cache' | 'prerender' | 'restore' | 'client';

/** One measurement as sent: no address, no path, no identifier; times in milliseconds, CLS unitless. */
export interface FieldMetric {
  name: FieldMetricName;
  value: number;
  /** The page's `componentChunkName` (`mf-content/story`); absent for the shell's 404/500/503 pages. */
  template?: string;
  lang: string;
  nav: FieldNavigation;
}

/** A web-vitals report, as field-vitals.ts hands it on. */
export interface VitalReport {
  /** web-vitals' id of this metric of this page view (the same id for every update of its value). */
  id: string;
  name: Exclude<FieldMetricName, 'tap'>;
  value: number;
  navigationType: string;
}
export type ObserveVitals = (report: (metric: VitalReport) => void) => void;

/** The page a measurement is about: its template and language. */
export interface FieldPage {
  template?: string;
  lang: string;
}

export interface FieldData {
  /** A press, click or key the boot got before it listened (the inline loader's): a tap may have started there. */
  saw(event: Event): void;
  /** The app has shown the page of a client-side navigation to `url` (its content swapped in, its heading focused). */
  shown(page: FieldPage & { url: string }): void;
  /** Loads web-vitals (a chunk of its own) and reports the page as loaded: call once the page is loaded and idle. */
  observeVitals(): void;
}

export interface FieldDataOptions {
  send?: (url: string, body: string) => boolean;
  loadVitals?: () => Promise<ObserveVitals>;
  now?: () => number;
  /** Which events a visitor made (the browser's own; tests say yes to theirs). */
  trusted?: (event: Event) => boolean;
}

const NAVIGATIONS = new Set<string>(['navigate', 'reload', 'back-forward', 'back-forward-cache', 'prerender', 'restore']);

/**
 * Collects the page's Core Web Vitals (LCP, INP, CLS, FCP, TTFB: the page as loaded, `page`) and, for
 * each client-side navigation started by a tap on an internal link (a press, a click, Enter on a link),
 * the time from the tap to the next page's content (with the template and language of that page). Sends
 * what is new in one beacon when the page is hidden (`visibilitychange` to hidden, or `pagehide`,
 * whichever comes first: at most one beacon per hide). A metric web-vitals updates after it was sent
 * (the visitor came back to the tab) is not sent again: a histogram cannot take a value back.
 */
export function startFieldData(win: Window, doc: Document, page: FieldPage | null, options: FieldDataOptions = {}): FieldData {
  const send = options.send ?? beacon;
  const now = options.now ?? (() => win.performance.now());
  const trusted = options.trusted ?? ((event: Event) => event.isTrusted);
  const pending = new Map<string, FieldMetric>();
  const sent = new Set<string>();
  let taps = 0;
  let hidden = false;
  /** The last press on an internal link: where it goes, and when (the event's time, same clock as performance.now()). */
  let tap: { to: string; at: number } | undefined;

  const flush = () => {
    if (hidden) return;
    hidden = true;
    if (!pending.size) return;
    const metrics: FieldMetric[] = [];
    for (const [id, metric] of pending) {
      if (metrics.length === MAX_FIELD_METRICS) break;
      metrics.push(metric);
      pending.delete(id);
      sent.add(id);
    }
    send(FIELD_DATA_URL, JSON.stringify({ metrics }));
  };
  // On `window`, after the event reached the document: web-vitals' own listeners (window, capture) have
  // updated CLS and INP by then.
  win.addEventListener('visibilitychange', () => (doc.visibilityState === 'hidden' ? flush() : void (hidden = false)));
  win.addEventListener('pagehide', flush);
  win.addEventListener('pageshow', () => void (hidden = false));

  const saw = (event: Event) => {
    if (!trusted(event)) return;
    if (event.type === 'keydown' && (event as KeyboardEvent).key !== 'Enter') return;
    const target = event.target as Element | null;
    const anchor = target?.closest?.('a[href]');
    const mouse = event as MouseEvent;
    if (!anchor || (event.type !== 'keydown' && (mouse.button ?? 0) !== 0)) return;
    const url = clientNavigationTarget({ button: 0, target: anchor, defaultPrevented: false } as unknown as MouseEvent, win.location);
    if (!url) return;
    const to = url.pathname + url.search;
    // A click ends the press (or the Enter) that started it on the same link.
    if (event.type === 'click' && tap?.to === to && event.timeStamp - tap.at >= 0 && event.timeStamp - tap.at < PRESS_TO_CLICK_MS) return;
    tap = { to, at: event.timeStamp };
  };
  for (const type of ['pointerdown', 'keydown', 'click'] as const) doc.addEventListener(type, saw, { capture: true, passive: true });

  let observing = false;
  return {
    saw,
    shown({ url, template, lang }) {
      const target = new URL(url, win.location.href);
      const started = tap;
      if (!started || started.to !== target.pathname + target.search) return;
      tap = undefined;
      const value = now() - started.at;
      if (!(value >= 0 && value <= TAP_LIMIT_MS)) return;
      pending.set(`tap-${++taps}`, { name: 'tap', value: round(value), ...(template ? { template } : {}), lang, nav: 'client' });
    },
    observeVitals() {
      if (observing || !page) return;
      observing = true;
      const load = options.loadVitals ?? (() => import(/* webpackChunkName: "vitals" */ './field-vitals').then((m) => m.observeVitals));
      load().then(
        (observe) =>
          observe((metric) => {
            if (sent.has(metric.id) || !Number.isFinite(metric.value) || metric.value < 0) return;
            const nav = (NAVIGATIONS.has(metric.navigationType) ? metric.navigationType : 'navigate') as FieldNavigation;
            pending.set(metric.id, { name: metric.name, value: metric.name === 'CLS' ? Math.round(metric.value * 1e4) / 1e4 : round(metric.value), ...(page.template ? { template: page.template } : {}), lang: page.lang, nav });
          }),
        () => undefined,
      );
    },
  };
}

const round = (ms: number) => Math.round(ms * 10) / 10;

function beacon(url: string, body: string): boolean {
  try {
    return typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, body);
  } catch {
    return false;
  }
}
