/** @jest-environment jsdom */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { createBus } from '@qf/shared/bus';
import { SectionRoot } from '@qf/shared/react';
import { section } from '../section';
import { keyBytes, WORKER_READY_TIMEOUT_MS } from './PushNotifications';

// Every form is a chunk of its own (a lazy view): loaded first, as the parcel and the server do.
beforeAll(() => section.loadAll());

const KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/device-1';

const MESSAGES = {
  en: {
    subscribed: 'Push subscription successful!',
    enableError: 'An error occured while enabling push notifications. please try again',
    denied: 'Notifications not allowed.',
    disabled: 'Push notifications disabled',
    disableError: 'Error occured while disabling push notifications. please try again',
    setupError: 'An error occured setting up push notification',
  },
  ar: {
    subscribed: 'تم الاشتراك في الإشعارات بنجاح!',
    enableError: 'حدث خطأ أثناء تفعيل الإشعارات الفورية. يُرجى المحاولة مرة أخرى',
    denied: 'الإشعارات غير مسموح بها.',
    disabled: 'تم إيقاف الإشعارات الفورية',
    disableError: 'حدث خطأ أثناء إيقاف الإشعارات الفورية. يُرجى المحاولة مرة أخرى',
    setupError: 'حدث خطأ أثناء إعداد الإشعارات الفورية',
  },
} as const;
const LABELS = { en: { enable: 'Enable notifications', disable: 'Disable notifications' }, ar: { enable: 'تفعيل الإشعارات', disable: 'إيقاف الإشعارات' } } as const;

interface BrowserOptions {
  permission?: NotificationPermission;
  existing?: boolean;
  subscribeFails?: boolean;
  neverReady?: boolean;
  unsubscribeFails?: boolean;
  api?: (url: string, init?: RequestInit) => { status: number; body: unknown } | Error;
}

/** The Push API as a browser offers it, with what the widget did recorded. */
function fakeBrowser(options: BrowserOptions = {}) {
  let current: PushSubscription | null = null;
  const makeSubscription = () =>
    ({
      endpoint: ENDPOINT,
      toJSON: () => ({ endpoint: ENDPOINT, expirationTime: null, keys: { p256dh: 'p', auth: 'a' } }),
      unsubscribe: jest.fn(async () => {
        if (options.unsubscribeFails) throw new Error('unsubscribe failed');
        current = null;
        return true;
      }),
    }) as unknown as PushSubscription;
  if (options.existing) current = makeSubscription();
  const subscribe = jest.fn(async () => {
    if (options.subscribeFails) throw new DOMException('Registration failed - push service error', 'AbortError');
    current = makeSubscription();
    return current;
  });
  const registration = { pushManager: { subscribe, getSubscription: async () => current } } as unknown as ServiceWorkerRegistration;
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: options.neverReady ? new Promise(() => undefined) : Promise.resolve(registration), getRegistration: async () => registration },
  });
  Object.defineProperty(window, 'PushManager', { configurable: true, value: function PushManager() {} });
  const requestPermission = jest.fn(async () => options.permission ?? 'granted');
  Object.defineProperty(window, 'Notification', { configurable: true, value: { permission: 'default', requestPermission } });
  const calls: { url: string; method: string; body?: unknown }[] = [];
  global.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    calls.push({ url, method: init?.method ?? 'GET', ...(init?.body ? { body: JSON.parse(String(init.body)) } : {}) });
    const answer = options.api?.(url, init) ?? (url.endsWith('/push/key') ? { status: 200, body: { publicKey: KEY } } : { status: init?.method === 'POST' ? 201 : 200, body: {} });
    if (answer instanceof Error) throw answer;
    return { ok: answer.status >= 200 && answer.status < 300, status: answer.status, json: async () => answer.body } as Response;
  }) as unknown as typeof fetch;
  return { subscribe, requestPermission, calls, current: () => current };
}

function removeBrowserSupport() {
  for (const [target, name] of [[navigator, 'serviceWorker'], [window, 'PushManager'], [window, 'Notification']] as const) {
    if (name in target) delete (target as unknown as Record<string, unknown>)[name];
  }
}

const renderWidget = (lang: 'en' | 'ar' = 'en') => render(<SectionRoot section={section} view="PushNotifications" data={{}} lang={lang} bus={createBus()} host={{}} />);

const click = async (name: string) => {
  const button = await screen.findByRole('button', { name });
  await act(async () => {
    fireEvent.click(button);
  });
};

describe('PushNotifications', () => {
  afterEach(() => {
    removeBrowserSupport();
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('renders its translated heading and toggle on the server', () => {
    const html = renderToString(<SectionRoot section={section} view="PushNotifications" data={{}} lang="ar" bus={createBus()} host={{}} />);
    expect(html).toContain('الإشعارات');
    expect(html).toContain('تفعيل الإشعارات');
  });

  it.each(['en', 'ar'] as const)('enables notifications (%s): permission, the worker, the VAPID key, then the API', async (lang) => {
    const browser = fakeBrowser();
    renderWidget(lang);
    await click(LABELS[lang].enable);
    expect(await screen.findByRole('status')).toHaveTextContent(MESSAGES[lang].subscribed);
    expect(browser.requestPermission).toHaveBeenCalled();
    expect(browser.subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: keyBytes(KEY) });
    expect(browser.calls).toEqual([
      { url: '/api/forms/push/key', method: 'GET' },
      { url: `/api/forms/push/subscriptions?lang=${lang}`, method: 'POST', body: { endpoint: ENDPOINT, expirationTime: null, keys: { p256dh: 'p', auth: 'a' } } },
    ]);
    expect(screen.getByRole('button', { name: LABELS[lang].disable })).toBeInTheDocument();
  });

  it.each(['en', 'ar'] as const)('says notifications are not allowed (%s) when permission is refused, and subscribes nothing', async (lang) => {
    const browser = fakeBrowser({ permission: 'denied' });
    renderWidget(lang);
    await click(LABELS[lang].enable);
    expect(await screen.findByRole('status')).toHaveTextContent(MESSAGES[lang].denied);
    expect(browser.subscribe).not.toHaveBeenCalled();
    expect(browser.calls).toEqual([]);
  });

  it.each(['en', 'ar'] as const)('reports a failed subscription (%s) as an error while enabling', async (lang) => {
    fakeBrowser({ subscribeFails: true });
    renderWidget(lang);
    await click(LABELS[lang].enable);
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES[lang].enableError);
    expect(screen.getByRole('button', { name: LABELS[lang].enable })).toBeInTheDocument();
  });

  it('undoes the browser subscription when the API does not store it', async () => {
    const browser = fakeBrowser({ api: (url) => (url.endsWith('/push/key') ? { status: 200, body: { publicKey: KEY } } : { status: 503, body: {} }) });
    renderWidget('en');
    await click('Enable notifications');
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.en.enableError);
    expect(browser.current()).toBeNull();
  });

  it.each(['en', 'ar'] as const)('reports a setup error (%s) when the VAPID key cannot be read', async (lang) => {
    const browser = fakeBrowser({ api: () => new TypeError('Failed to fetch') });
    renderWidget(lang);
    await click(LABELS[lang].enable);
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES[lang].setupError);
    expect(browser.subscribe).not.toHaveBeenCalled();
  });

  it('reports a setup error when the service worker never becomes ready', async () => {
    fakeBrowser({ neverReady: true });
    renderWidget('en');
    await screen.findByRole('button', { name: 'Enable notifications' });
    jest.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Enable notifications' }));
    await act(async () => {
      await Promise.resolve();
      await Promise.resolve();
      jest.advanceTimersByTime(WORKER_READY_TIMEOUT_MS);
    });
    jest.useRealTimers();
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.en.setupError);
  });

  it.each(['en', 'ar'] as const)('disables notifications (%s): the server forgets the endpoint, then the browser unsubscribes', async (lang) => {
    const browser = fakeBrowser({ existing: true });
    renderWidget(lang);
    await click(LABELS[lang].disable);
    expect(await screen.findByRole('status')).toHaveTextContent(MESSAGES[lang].disabled);
    expect(browser.calls).toEqual([{ url: `/api/forms/push/subscriptions?lang=${lang}`, method: 'DELETE', body: { endpoint: ENDPOINT } }]);
    expect(browser.current()).toBeNull();
    expect(screen.getByRole('button', { name: LABELS[lang].enable })).toBeInTheDocument();
  });

  it('treats a subscription the server did not know as disabled', async () => {
    const browser = fakeBrowser({ existing: true, api: () => ({ status: 404, body: {} }) });
    renderWidget('en');
    await click('Disable notifications');
    expect(await screen.findByRole('status')).toHaveTextContent(MESSAGES.en.disabled);
    expect(browser.current()).toBeNull();
  });

  it.each(['en', 'ar'] as const)('reports a failed unsubscription (%s) and stays enabled', async (lang) => {
    const browser = fakeBrowser({ existing: true, api: () => ({ status: 503, body: {} }) });
    renderWidget(lang);
    await click(LABELS[lang].disable);
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES[lang].disableError);
    expect(browser.current()).not.toBeNull();
    expect(screen.getByRole('button', { name: LABELS[lang].disable })).toBeInTheDocument();
  });

  it('reports a browser that fails to unsubscribe', async () => {
    fakeBrowser({ existing: true, unsubscribeFails: true });
    renderWidget('en');
    await click('Disable notifications');
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.en.disableError);
  });

  it.each(['en', 'ar'] as const)('explains (%s) instead of offering a toggle when the browser has no Push API', async (lang) => {
    removeBrowserSupport();
    renderWidget(lang);
    expect(
      await screen.findByText(
        lang === 'en'
          ? 'This browser cannot receive push notifications. Try a recent version of Chrome, Edge, Firefox or Safari, or add this site to your home screen.'
          : 'لا يستطيع هذا المتصفح استقبال الإشعارات الفورية. جرّب إصداراً حديثاً من Chrome أو Edge أو Firefox أو Safari، أو أضف هذا الموقع إلى شاشتك الرئيسية.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('keyBytes', () => {
  it('decodes a base64url VAPID key to its 65 bytes', () => {
    const bytes = keyBytes(KEY);
    expect(bytes).toHaveLength(65);
    expect(bytes[0]).toBe(4);
    expect(Buffer.from(bytes).toString('base64url')).toBe(KEY);
  });
});
