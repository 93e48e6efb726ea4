import { useEffect, useState, type ReactElement } from 'react';
import { useShellT } from '../i18n';
import { scrollToTop } from '../chrome/scroll-top';
import styles from './SiteChrome.module.css';

/** Shown once the visitor is a screen below the top; takes them back there and focuses the page heading. */
export function ScrollToTop(): ReactElement {
  const t = useShellT();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const onScroll = () => setShown(window.scrollY > window.innerHeight);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  const onClick = async () => {
    await scrollToTop();
    const target = document.querySelector<HTMLElement>('main h1') ?? document.getElementById('main');
    if (target && !target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target?.focus({ preventScroll: true });
  };
  return (
    <button type="button" className={styles.toTop} hidden={!shown} onClick={() => void onClick()}>
      <svg aria-hidden="true" focusable="false" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d="M12 19V5M5 12l7-7l7 7" />
      </svg>
      <span className="qf-visually-hidden">{t('panels.scrollTop')}</span>
    </button>
  );
}
