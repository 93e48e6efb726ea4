/** @jest-environment jsdom */
import { FIELD_DATA_URL, MAX_FIELD_METRICS, startFieldData, type FieldPage, type VitalReport } from './field-data';

/** A page of its own per test (each start's listeners stay with it), with internal and other links. */
function page() {
  const doc = document.implementation.createHTMLDocument();
  doc.body.innerHTML = `
    <a href="/events" id="events">Events</a>
    <a href="/ar/stories/a?x=1" id="story">Story</a>
    <a href="https://elsewhere.example/" id="away">Away</a>
    <a href="#top" id="anchor">Top</a>
    <button id="button">Button</button>`;
  let visibility: DocumentVisibilityState = 'visible';
  Object.defineProperty(doc, 'visibilityState', { get: () => visibility });
  const win = new EventTarget() as unknown as Window;
  Object.assign(win, { location: window.location });
  let clock = 0;
  const sent: { url: string; body: unknown }[] = [];
  let report: ((metric: VitalReport) => void) | undefined;
  const start = (field: FieldPage | null = { template: 'mf-content/story', lang: 'en' }) =>
    startFieldData(win, doc, field, {
      send: (url, body) => sent.push({ url, body: JSON.parse(body) }) > 0,
      loadVitals: async () => (r) => void (report = r),
      now: () => clock,
      trusted: () => true,
    });
  /** An event at `at` ms of the page's clock, on the element `id`. */
  const fire = (id: string, type: 'pointerdown' | 'click' | 'keydown', at: number, init: Record<string, unknown> = {}) => {
    const event = type === 'keydown' ? new KeyboardEvent(type, { bubbles: true, key: 'Enter', ...init }) : new MouseEvent(type, { bubbles: true, button: 0, ...init });
    Object.defineProperty(event, 'timeStamp', { value: at });
    doc.getElementById(id)!.dispatchEvent(event);
    return event;
  };
  const hide = (how: 'visibilitychange' | 'pagehide' = 'visibilitychange') => {
    visibility = 'hidden';
    win.dispatchEvent(new Event(how));
  };
  const show = () => {
    visibility = 'visible';
    win.dispatchEvent(new Event('visibilitychange'));
  };
  return {
    doc,
    sent,
    start,
    fire,
    hide,
    show,
    at: (ms: number) => void (clock = ms),
    vital: (metric: VitalReport) => report!(metric),
    vitalsLoaded: () => new Promise((resolve) => setTimeout(resolve, 0)),
  };
}

const vital = (name: VitalReport['name'], value: number, id = `v5-${name}`, navigationType = 'navigate'): VitalReport => ({ id, name, value, navigationType });

describe('field data in the browser', () => {
  it('sends the page’s web vitals as loaded, once, with its template and language, when the page is hidden', async () => {
    const p = page();
    const field = p.start();
    field.observeVitals();
    await p.vitalsLoaded();
    p.vital(vital('TTFB', 120.04));
    p.vital(vital('FCP', 800));
    p.vital(vital('LCP', 900));
    // Every change is reported: the latest value of each metric is the one sent.
    p.vital(vital('LCP', 1500.26));
    p.vital(vital('CLS', 0.012345));
    p.vital(vital('INP', 64, 'v5-INP', 'back-forward-cache'));
    expect(p.sent).toEqual([]);
    p.hide();
    expect(p.sent).toEqual([
      {
        url: FIELD_DATA_URL,
        body: {
          metrics: [
            { name: 'TTFB', value: 120, template: 'mf-content/story', lang: 'en', nav: 'navigate' },
            { name: 'FCP', value: 800, template: 'mf-content/story', lang: 'en', nav: 'navigate' },
            { name: 'LCP', value: 1500.3, template: 'mf-content/story', lang: 'en', nav: 'navigate' },
            { name: 'CLS', value: 0.0123, template: 'mf-content/story', lang: 'en', nav: 'navigate' },
            { name: 'INP', value: 64, template: 'mf-content/story', lang: 'en', nav: 'back-forward-cache' },
          ],
        },
      },
    ]);
    // pagehide after visibilitychange (or the other way round) is the same hide: nothing more is sent.
    p.hide('pagehide');
    expect(p.sent).toHaveLength(1);
    // Back on the page: a metric already sent is not sent again, a new one is, at the next hide.
    p.show();
    p.vital(vital('CLS', 0.3));
    p.vital(vital('INP', 300, 'v5-INP-2'));
    p.hide('pagehide');
    expect(p.sent[1]!.body).toEqual({ metrics: [{ name: 'INP', value: 300, template: 'mf-content/story', lang: 'en', nav: 'navigate' }] });
    // Hidden with nothing new: no beacon.
    p.show();
    p.hide();
    expect(p.sent).toHaveLength(2);
  });

  it('times a tap on an internal link to the next page’s content, with that page’s template and language', () => {
    const p = page();
    const field = p.start();
    // A pointer pressed at 1000 ms, its click at 1090 ms, the page shown at 1400 ms: 400 ms.
    p.fire('story', 'pointerdown', 1000);
    p.fire('story', 'click', 1090);
    p.at(1400);
    field.shown({ url: 'http://localhost/ar/stories/a?x=1', template: 'mf-content/story', lang: 'ar' });
    // The keyboard: Enter on a link (its click follows), shown 250 ms later.
    p.fire('events', 'keydown', 5000);
    p.fire('events', 'click', 5001, { detail: 0 });
    p.at(5250);
    field.shown({ url: 'http://localhost/events', template: 'mf-events/events', lang: 'en' });
    // A click without a press (assistive technology): timed from the click.
    p.fire('events', 'click', 9000);
    p.at(9100.04);
    field.shown({ url: 'http://localhost/events', lang: 'en' });
    p.hide('pagehide');
    expect(p.sent.map((s) => s.body)).toEqual([
      {
        metrics: [
          { name: 'tap', value: 400, template: 'mf-content/story', lang: 'ar', nav: 'client' },
          { name: 'tap', value: 250, template: 'mf-events/events', lang: 'en', nav: 'client' },
          { name: 'tap', value: 100, lang: 'en', nav: 'client' },
        ],
      },
    ]);
  });

  it('times nothing that was not a tap on an internal link', () => {
    const p = page();
    const field = p.start();
    // Back and forward: no tap.
    p.at(100);
    field.shown({ url: 'http://localhost/events', template: 'mf-events/events', lang: 'en' });
    // Other origins, anchors, other buttons, modified clicks, other keys: no tap.
    p.fire('away', 'pointerdown', 200);
    p.fire('anchor', 'click', 210);
    p.fire('button', 'pointerdown', 220);
    p.fire('events', 'pointerdown', 230, { button: 1 });
    p.fire('events', 'keydown', 240, { key: ' ' });
    p.at(300);
    field.shown({ url: 'http://localhost/events', template: 'mf-events/events', lang: 'en' });
    // A tap on one link, then the page of another shown (the address changed meanwhile): not that tap.
    p.fire('story', 'pointerdown', 400);
    field.shown({ url: 'http://localhost/events', template: 'mf-events/events', lang: 'en' });
    // A tap whose page came a minute later: not a tap-to-content time.
    p.fire('events', 'pointerdown', 1000);
    p.at(70_000);
    field.shown({ url: 'http://localhost/events', template: 'mf-events/events', lang: 'en' });
    // A tap counts once.
    p.fire('events', 'pointerdown', 80_000);
    p.at(80_050);
    field.shown({ url: 'http://localhost/events', template: 'mf-events/events', lang: 'en' });
    field.shown({ url: 'http://localhost/events', template: 'mf-events/events', lang: 'en' });
    p.hide();
    expect(p.sent.map((s) => s.body)).toEqual([{ metrics: [{ name: 'tap', value: 50, template: 'mf-events/events', lang: 'en', nav: 'client' }] }]);
  });

  it('takes a press the inline loader kept before the boot listened as the start of its tap', () => {
    const p = page();
    const early = new MouseEvent('pointerdown', { bubbles: true, button: 0 });
    Object.defineProperty(early, 'timeStamp', { value: 50 });
    Object.defineProperty(early, 'target', { value: p.doc.getElementById('events') });
    const field = p.start();
    field.saw(early);
    p.at(650);
    field.shown({ url: 'http://localhost/events', template: 'mf-events/events', lang: 'en' });
    p.hide();
    expect(p.sent[0]!.body).toEqual({ metrics: [{ name: 'tap', value: 600, template: 'mf-events/events', lang: 'en', nav: 'client' }] });
  });

  it(`sends at most ${MAX_FIELD_METRICS} measurements a beacon, the rest at the next hide; nothing without a page, nothing before vitals load`, async () => {
    const p = page();
    const field = p.start({ lang: 'ar' });
    field.observeVitals();
    field.observeVitals();
    await p.vitalsLoaded();
    for (let i = 0; i < MAX_FIELD_METRICS + 3; i++) p.vital(vital('INP', i, `inp-${i}`));
    p.vital(vital('LCP', Number.NaN));
    p.vital(vital('FCP', -1));
    p.hide();
    expect((p.sent[0]!.body as { metrics: unknown[] }).metrics).toHaveLength(MAX_FIELD_METRICS);
    expect((p.sent[0]!.body as { metrics: unknown[] }).metrics[0]).toEqual({ name: 'INP', value: 0, lang: 'ar', nav: 'navigate' });
    p.show();
    p.hide();
    expect((p.sent[1]!.body as { metrics: unknown[] }).metrics).toHaveLength(3);

    const none = page();
    none.start(null).observeVitals();
    await none.vitalsLoaded();
    none.hide();
    expect(none.sent).toEqual([]);
  });
});
