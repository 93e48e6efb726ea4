import { useEffect, useRef, useState, type ReactElement } from 'react';
import { useShellT } from '../i18n';
import { motionAllowed } from '../chrome/a11y-prefs';
import { BANNER_DELAY_MS, BANNER_SLIDE_MS, hasConsent, storeConsent } from '../chrome/consent';
import styles from './SiteChrome.module.css';

/** Dispatched on the window when the visitor consents, for shell code that loads third-party scripts. */
export const CONSENT_EVENT = 'qf:consent';

const storage = (): Storage | undefined => {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
};

type Phase = 'waiting' | 'shown' | 'leaving' | 'gone';

/**
 * SPEC §4: hidden at first; slides in after 2 s when no consent is stored; closing stores consent (value
 * 1), hides it and slides it out in 0.5 s. Not a dialog: it never takes focus from the page.
 */
export function CookieBanner(): ReactElement | null {
  const t = useShellT();
  const [phase, setPhase] = useState<Phase>('waiting');
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (hasConsent(storage())) {
      setPhase('gone');
      return;
    }
    const timer = setTimeout(() => setPhase('shown'), BANNER_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (phase !== 'leaving') return;
    const timer = setTimeout(() => setPhase('gone'), BANNER_SLIDE_MS);
    return () => clearTimeout(timer);
  }, [phase]);

  useEffect(() => {
    // The button the visitor pressed is gone: focus goes to the page rather than nowhere.
    if (phase === 'gone' && document.activeElement === document.body) document.getElementById('main')?.focus({ preventScroll: true });
  }, [phase]);

  if (phase === 'waiting' || phase === 'gone') return null;
  const accept = () => {
    storeConsent(storage());
    window.dispatchEvent(new CustomEvent(CONSENT_EVENT));
    setPhase(motionAllowed() ? 'leaving' : 'gone');
  };
  return (
    <section className={phase === 'leaving' ? `${styles.cookies} ${styles.cookiesLeaving}` : styles.cookies} aria-label={t('panels.cookies.label')} data-state={phase}>
      <p>{t('panels.cookies.text')}</p>
      <button ref={button} type="button" className={styles.button} onClick={accept} disabled={phase === 'leaving'}>
        {t('panels.cookies.accept')}
      </button>
    </section>
  );
}
