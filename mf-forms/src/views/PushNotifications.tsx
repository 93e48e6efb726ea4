import { useEffect, useId, useState, type ReactElement } from 'react';
import { useLang, useT, type ViewComponentProps } from '@qf/shared/react';
import styles from './PushNotifications.module.css';

/** The six outcomes of SPEC §8; each has its translated message under `push.<outcome>`. */
export type PushOutcome = 'subscribed' | 'enableError' | 'denied' | 'disabled' | 'disableError' | 'setupError';
const ERRORS: ReadonlySet<PushOutcome> = new Set(['enableError', 'disableError', 'setupError']);

/** How long the service worker may take to be ready before setting up counts as failed. */
export const WORKER_READY_TIMEOUT_MS = 10_000;

const pushSupported = () => typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** The VAPID key as the Push API wants it: bytes, from the API's base64url text. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64url + '='.repeat((4 - (base64url.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** Notification.requestPermission: a promise in today's browsers, a callback in older Safari. */
function askPermission(): Promise<NotificationPermission> {
  return new Promise((resolve) => {
    const answer = Notification.requestPermission(resolve);
    if (answer) answer.then(resolve, () => resolve(Notification.permission));
  });
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timed out')), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/**
 * The push notification toggle (SPEC §4 and §8): enabling asks for permission, subscribes this
 * browser with the site's VAPID key through the service worker and stores the subscription; disabling
 * removes it. Browsers without the Push API get an explanation instead of a button.
 */
export function PushNotifications(_props: ViewComponentProps<Record<string, unknown>>): ReactElement {
  const t = useT();
  const lang = useLang();
  const id = useId();
  const [supported, setSupported] = useState<boolean | null>(null);
  const [subscribed, setSubscribed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<PushOutcome | null>(null);

  useEffect(() => {
    const ok = pushSupported();
    setSupported(ok);
    if (!ok) return;
    let live = true;
    currentSubscription().then(
      (s) => live && setSubscribed(Boolean(s)),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);

  async function enable(): Promise<PushOutcome> {
    if ((await askPermission()) !== 'granted') return 'denied';
    let registration: ServiceWorkerRegistration;
    let publicKey: string;
    try {
      const keyAnswer = fetch('/api/forms/push/key', { headers: { accept: 'application/json' } }).then(async (res) => {
        const body = (await res.json()) as { publicKey?: unknown };
        if (!res.ok || typeof body.publicKey !== 'string') throw new Error('no key');
        return body.publicKey;
      });
      [registration, publicKey] = await Promise.all([withTimeout(navigator.serviceWorker.ready, WORKER_READY_TIMEOUT_MS), keyAnswer]);
    } catch {
      return 'setupError';
    }
    let subscription: PushSubscription;
    try {
      subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
    } catch {
      return 'enableError';
    }
    try {
      const res = await fetch(`/api/forms/push/subscriptions?lang=${lang}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(subscription.toJSON()) });
      if (!res.ok) throw new Error(`answered ${res.status}`);
    } catch {
      // Not stored: a browser subscription nobody sends to would only mislead the toggle.
      await subscription.unsubscribe().catch(() => undefined);
      return 'enableError';
    }
    setSubscribed(true);
    return 'subscribed';
  }

  async function disable(): Promise<PushOutcome> {
    try {
      const subscription = await currentSubscription();
      if (subscription) {
        // The server forgets it first: if that fails, nothing has changed and the visitor can retry.
        const res = await fetch(`/api/forms/push/subscriptions?lang=${lang}`, { method: 'DELETE', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ endpoint: subscription.endpoint }) });
        if (!res.ok && res.status !== 404) throw new Error(`answered ${res.status}`);
        await subscription.unsubscribe();
      }
    } catch {
      return 'disableError';
    }
    setSubscribed(false);
    return 'disabled';
  }

  async function toggle() {
    if (busy) return;
    setBusy(true);
    setOutcome(null);
    setOutcome(await (subscribed ? disable() : enable()));
    setBusy(false);
  }

  const isError = outcome !== null && ERRORS.has(outcome);
  return (
    <section className={styles.push} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className={styles.heading}>
        {t('push.heading')}
      </h2>
      <p className={styles.intro}>{t('push.intro')}</p>
      {supported === false ? (
        <p className={styles.unsupported}>{t('push.unsupported')}</p>
      ) : (
        <>
          {/* Without JavaScript the button could do nothing: the page says so instead (see the CSS). */}
          <p className={styles.noScript}>{t('push.noScript')}</p>
          <button type="button" className={styles.button} onClick={() => void toggle()} disabled={busy} aria-describedby={`${id}-message`}>
            {busy ? t('push.working') : subscribed ? t('push.disable') : t('push.enable')}
          </button>
          <p id={`${id}-message`} className={isError || outcome === 'denied' ? styles.error : styles.success} role={isError ? 'alert' : 'status'}>
            {outcome ? t(`push.${outcome}`) : ''}
          </p>
        </>
      )}
    </section>
  );
}
