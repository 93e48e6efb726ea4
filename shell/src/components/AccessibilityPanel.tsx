import { useEffect, useId, useState, type ReactElement, type RefObject } from 'react';
import { useShellT } from '../i18n';
import { a11yToggles, applyPrefs, defaultPrefs, readPrefs, savePrefs, TEXT_SIZES, type A11yPrefs } from '../chrome/a11y-prefs';
import { Dialog } from './Dialog';
import styles from './Panels.module.css';

export const ACCESSIBILITY_PANEL_ID = 'qf-accessibility-panel';

const storage = (): Storage | undefined => {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
};

interface AccessibilityPanelProps {
  open: boolean;
  onClose: () => void;
  fallbackFocus?: RefObject<HTMLElement | null>;
}

/** The first-party accessibility panel: text size, high contrast, underlined links, readable font, pause animations. */
export function AccessibilityPanel({ open, onClose, fallbackFocus }: AccessibilityPanelProps): ReactElement {
  const t = useShellT();
  const id = useId();
  const [prefs, setPrefs] = useState<A11yPrefs>(defaultPrefs);

  useEffect(() => {
    if (open) setPrefs(readPrefs(storage()));
  }, [open]);

  const update = (next: A11yPrefs) => {
    setPrefs(next);
    applyPrefs(next, document.body);
    savePrefs(storage(), next);
  };
  const step = (delta: number) => update({ ...prefs, textSize: Math.min(TEXT_SIZES.length - 1, Math.max(0, prefs.textSize + delta)) });
  const atMin = prefs.textSize === 0;
  const atMax = prefs.textSize === TEXT_SIZES.length - 1;

  return (
    <Dialog id={ACCESSIBILITY_PANEL_ID} open={open} onClose={onClose} labelledBy={`${id}-title`} className={styles.sidePanel} fallbackFocus={fallbackFocus}>
      <div className={styles.panelHead}>
        <h2 id={`${id}-title`}>{t('panels.accessibility.title')}</h2>
        <button type="button" className={styles.close} onClick={onClose}>
          {t('panels.close')}
        </button>
      </div>
      <p>{t('panels.accessibility.intro')}</p>
      <fieldset className={styles.fieldset}>
        <legend>{t('panels.accessibility.textSize')}</legend>
        <div className={styles.stepper}>
          <button type="button" aria-disabled={atMin} onClick={() => !atMin && step(-1)}>
            <span aria-hidden="true">{t('panels.accessibility.smallerGlyph')}</span>
            <span className="qf-visually-hidden">{t('panels.accessibility.smaller')}</span>
          </button>
          <output aria-live="polite">{t('panels.accessibility.textSizeValue', { percent: TEXT_SIZES[prefs.textSize] })}</output>
          <button type="button" aria-disabled={atMax} onClick={() => !atMax && step(1)}>
            <span aria-hidden="true">{t('panels.accessibility.largerGlyph')}</span>
            <span className="qf-visually-hidden">{t('panels.accessibility.larger')}</span>
          </button>
        </div>
      </fieldset>
      <ul className={styles.toggles}>
        {a11yToggles.map((toggle) => (
          <li key={toggle}>
            <input id={`${id}-${toggle}`} type="checkbox" checked={prefs[toggle]} onChange={(event) => update({ ...prefs, [toggle]: event.target.checked })} />
            <label htmlFor={`${id}-${toggle}`}>{t(`panels.accessibility.${toggle}`)}</label>
          </li>
        ))}
      </ul>
      <button type="button" className={styles.secondary} onClick={() => update(defaultPrefs)}>
        {t('panels.accessibility.reset')}
      </button>
    </Dialog>
  );
}
