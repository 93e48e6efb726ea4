import { useEffect, useState, type ReactElement } from 'react';
import { useLang, type ViewComponentProps } from '@qf/shared/react';
import { useFormId } from './form-parts';
import { remember, remembered } from './browser-memory';
import { Dialog } from './Dialog';
import { useNoOverlay } from './overlays';
import { loadSurveyAndForm, surveyMemoryKey, type SurveyDetails, type SurveyFormComponent } from './survey-details';

export interface SurveyPopupProps {
  surveyId: string;
  /** Opens after this long on the page (default 20 s)… */
  delayMs?: number;
  /** …or once this share of the page has been scrolled (default 0.5), whichever comes first. */
  scrollRatio?: number;
}

/**
 * The survey popup (SPEC §2): a modal dialog that appears once per visitor, after a delay or some
 * scrolling; closing it (Escape, the close button, 'Not now') or answering is remembered in the
 * browser's storage, so it does not appear again. Due while the cookie banner, a menu or another
 * dialog is open, it waits until they close (`useNoOverlay`); once open it stays until closed.
 */
export function SurveyPopup({ data }: ViewComponentProps<SurveyPopupProps>): ReactElement | null {
  const lang = useLang();
  const id = useFormId(data);
  const [survey, setSurvey] = useState<{ survey: SurveyDetails; Form: SurveyFormComponent } | null>(null);
  const key = surveyMemoryKey(data.surveyId);

  useEffect(() => {
    if (remembered(key)) return undefined;
    let cancelled = false;
    let triggered = false;
    // A visitor who is filling in a form on this page (a newsletter, a registration) is never
    // interrupted by a modal: the survey waits for a later page.
    let busy = false;
    const onFocusIn = (event: FocusEvent) => {
      if (event.target instanceof Element && event.target.closest('form') && !event.target.closest('[role="dialog"]')) {
        busy = true;
        cleanup();
      }
    };
    const open = () => {
      if (triggered || busy || document.activeElement?.closest('form')) return;
      triggered = true;
      clearTimeout(timer);
      window.removeEventListener('scroll', onScroll);
      void loadSurveyAndForm(data.surveyId, lang).then((details) => {
        document.removeEventListener('focusin', onFocusIn);
        // Checked again: the visitor may have answered it in another tab meanwhile, or started
        // filling in a form while the survey was loading.
        if (cancelled || !details || remembered(key) || busy || document.activeElement?.closest('form')) return;
        setSurvey(details);
      });
    };
    const onScroll = () => {
      const scrollable = document.documentElement.scrollHeight - window.innerHeight;
      if (scrollable > 0 && window.scrollY / scrollable >= (data.scrollRatio ?? 0.5)) open();
    };
    const timer = setTimeout(open, data.delayMs ?? 20_000);
    window.addEventListener('scroll', onScroll, { passive: true });
    document.addEventListener('focusin', onFocusIn);
    // The shell hydrates this widget once the visitor has started reading (often by scrolling): the
    // page may already be scrolled far enough.
    onScroll();
    function cleanup() {
      clearTimeout(timer);
      window.removeEventListener('scroll', onScroll);
      document.removeEventListener('focusin', onFocusIn);
    }
    return () => {
      cancelled = true;
      cleanup();
    };
  }, [data.surveyId, data.delayMs, data.scrollRatio, key, lang]);

  const clear = useNoOverlay(survey !== null);
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!survey || shown || !clear) return;
    // Remembered once the visitor has seen it, not when it became due behind another overlay.
    remember(key, 'shown');
    setShown(true);
  }, [survey, shown, clear, key]);

  if (!survey || !shown) return null;
  const close = () => {
    if (remembered(key) !== 'answered') remember(key, 'dismissed');
    setSurvey(null);
  };
  return (
    <Dialog labelledBy={`${id}-title`} onClose={close}>
      <survey.Form survey={survey.survey} headingId={`${id}-title`} onAnswered={() => remember(key, 'answered')} onClose={close} />
    </Dialog>
  );
}
