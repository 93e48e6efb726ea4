import type { Browser, BrowserContext, Page } from 'playwright-core';
import { axeViolations, recordProblems, type Site, startJourney, stopJourney } from '../site';

/**
 * The push notification toggle on the IDKT newsletter page, in both languages, against the real site:
 * the shell's service worker, the forms API's VAPID key and subscription storage. Only the browser's
 * push service is stood in for (these machines reach no push service): `pushManager.subscribe` returns
 * a subscription as a browser would, so everything the site does with it is real.
 */

let site: Site;
let browser: Browser;

beforeAll(async () => ({ site, browser } = await startJourney()));
afterAll(() => stopJourney(site, browser));

const WIDGET = '[data-qf-widget="mf-forms/PushNotifications"]';
const T = {
  en: { noScript: 'Notifications are switched on from this page with JavaScript, which is turned off in your browser. Turn it on to receive them.', path: '/idkt/newsletter', heading: 'Notifications', enable: 'Enable notifications', disable: 'Disable notifications', subscribed: 'Push subscription successful!', disabled: 'Push notifications disabled', denied: 'Notifications not allowed.', enableError: 'An error occured while enabling push notifications. please try again' },
  ar: { noScript: 'يُفعَّل استقبال الإشعارات من هذه الصفحة بواسطة JavaScript، وهي معطّلة في متصفحك. فعّلها لتصلك الإشعارات.', path: '/ar/idkt/newsletter', heading: 'الإشعارات', enable: 'تفعيل الإشعارات', disable: 'إيقاف الإشعارات', subscribed: 'تم الاشتراك في الإشعارات بنجاح!', disabled: 'تم إيقاف الإشعارات الفورية', denied: 'الإشعارات غير مسموح بها.', enableError: 'حدث خطأ أثناء تفعيل الإشعارات الفورية. يُرجى المحاولة مرة أخرى' },
} as const;

type PushService = 'works' | 'fails';

/** A visitor's browser whose push service answers as `service` says, with notifications allowed or not. */
async function visitor(service: PushService, permission: 'granted' | 'denied'): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext();
  await context.addInitScript(
    ({ service, permission }) => {
      const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
      let current: PushSubscription | null = null;
      Notification.requestPermission = async () => permission as NotificationPermission;
      Object.defineProperty(Notification, 'permission', { get: () => permission });
      PushManager.prototype.subscribe = async function subscribe(options?: PushSubscriptionOptionsInit) {
        if (service === 'fails') throw new DOMException('Registration failed - push service error', 'AbortError');
        if (!options?.applicationServerKey) throw new DOMException('no applicationServerKey', 'InvalidAccessError');
        const p256dh = new Uint8Array(65).map((_, i) => (i === 0 ? 4 : (i * 7) % 256));
        const auth = crypto.getRandomValues(new Uint8Array(16));
        const endpoint = `https://push.example/send/${crypto.randomUUID()}`;
        current = {
          endpoint,
          expirationTime: null,
          options: options as PushSubscriptionOptions,
          getKey: () => null,
          toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: b64(p256dh), auth: b64(auth) } }),
          unsubscribe: async () => {
            current = null;
            return true;
          },
        } as unknown as PushSubscription;
        return current;
      };
      PushManager.prototype.getSubscription = async () => current;
    },
    { service, permission },
  );
  const page = await context.newPage();
  page.on('close', () => void context.close());
  return { context, page, problems: recordProblems(page) };
}

async function reach(page: Page, path: string, heading: string) {
  await page.goto(site.url + path);
  const widget = page.getByRole('region', { name: heading });
  await widget.scrollIntoViewIfNeeded();
  // A visitor using the page (the boot, and with it the service worker, come with that first use).
  await page.mouse.move(20, 200);
  await page.waitForLoadState('networkidle');
  // the shell's service worker is what the subscription is made through
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  return widget;
}

describe.each(['en', 'ar'] as const)('push notifications in %s', (lang) => {
  const t = T[lang];

  it('enables them (the subscription is stored by the forms API) and disables them (and it is forgotten)', async () => {
    const { page, problems } = await visitor('works', 'granted');
    const widget = await reach(page, t.path, t.heading);
    const stored = page.waitForResponse((r) => r.url().includes('/api/forms/push/subscriptions') && r.request().method() === 'POST');
    await widget.getByRole('button', { name: t.enable }).click();
    expect((await stored).status()).toBe(201);
    await widget.getByRole('status').filter({ hasText: t.subscribed }).waitFor();

    const forgotten = page.waitForResponse((r) => r.url().includes('/api/forms/push/subscriptions') && r.request().method() === 'DELETE');
    await widget.getByRole('button', { name: t.disable }).click();
    // 200, not 404: the API had stored this very subscription
    expect((await forgotten).status()).toBe(200);
    await widget.getByRole('status').filter({ hasText: t.disabled }).waitFor();
    await widget.getByRole('button', { name: t.enable }).waitFor();
    expect(problems).toEqual([]);
    await page.close();
  });

  it('says notifications are not allowed when the visitor refuses them, accessibly', async () => {
    const { page, problems } = await visitor('works', 'denied');
    const widget = await reach(page, t.path, t.heading);
    await widget.getByRole('button', { name: t.enable }).click();
    await widget.getByText(t.denied, { exact: true }).waitFor();
    expect(await axeViolations(page, WIDGET)).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('alerts when the browser’s push service fails, stores nothing, and stays ready to retry', async () => {
    const { page, problems } = await visitor('fails', 'granted');
    const widget = await reach(page, t.path, t.heading);
    const posts: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && r.url().includes('/api/forms/push/subscriptions') && posts.push(r.url()));
    await widget.getByRole('button', { name: t.enable }).click();
    await widget.getByRole('alert').filter({ hasText: t.enableError }).waitFor();
    await widget.getByRole('button', { name: t.enable }).waitFor();
    expect(posts).toEqual([]);
    expect(await axeViolations(page, WIDGET)).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('offers no button that cannot work without JavaScript, and says why', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(site.url + t.path);
    const widget = page.getByRole('region', { name: t.heading });
    await expect(widget.getByText(t.noScript, { exact: true }).isVisible()).resolves.toBe(true);
    await expect(widget.getByRole('button', { name: t.enable }).count()).resolves.toBe(0);
    await context.close();
    // With JavaScript, the button and not the explanation.
    const { page: live } = await visitor('works', 'granted');
    const region = await reach(live, t.path, t.heading);
    await expect(region.getByRole('button', { name: t.enable }).isVisible()).resolves.toBe(true);
    await expect(region.getByText(t.noScript, { exact: true }).isVisible()).resolves.toBe(false);
    await live.close();
  });
});
