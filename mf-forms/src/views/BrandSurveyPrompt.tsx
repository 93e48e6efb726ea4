import { useEffect, useState, type ReactElement } from 'react';
import { useLang, useT, type ViewComponentProps } from '@qf/shared/react';
import { useFormId } from './form-parts';
import { remember, remembered } from './browser-memory';
import { Dialog } from './Dialog';
import { useNoOverlay } from './overlays';
import { loadSurveyAndForm, surveyMemoryKey, type SurveyDetails, type SurveyFormComponent } from './survey-details';
import styles from './small-forms.module.css';

export interface BrandSurveyPromptProps {
  surveyId: string;
}

/**
 * The brand-survey prompt (SPEC §1): a small note in a corner of the page that leads to the survey.
 * It never opens anything by itself; dismissing it, or answering the survey, is remembered in the
 * browser's storage. It shows only in the browser (storage decides), in a fixed corner, so the page
 * does not shift. It never covers an open dialog or menu, nor the cookie banner: it waits until they
 * close (`useNoOverlay`), then appears.
 */
export function BrandSurveyPrompt({ data }: ViewComponentProps<BrandSurveyPromptProps>): ReactElement | null {
  const t = useT();
  const lang = useLang();
  const id = useFormId(data);
  const key = surveyMemoryKey(data.surveyId);
  const [visible, setVisible] = useState(false);
  const [survey, setSurvey] = useState<{ survey: SurveyDetails; Form: SurveyFormComponent } | null>(null);

  useEffect(() => {
    setVisible(!remembered(key));
  }, [key]);

  const dismiss = () => {
    if (remembered(key) !== 'answered') remember(key, 'dismissed');
    setSurvey(null);
    setVisible(false);
  };
  const take = async () => {
    const details = await loadSurveyAndForm(data.surveyId, lang);
    if (details) setSurvey(details);
    else dismiss();
  };

  const clear = useNoOverlay(visible);
  // Once its own survey dialog is open the prompt stays behind it, for the focus to come back to.
  if (!visible || (!clear && !survey)) return null;
  return (
    <>
      {/* The prompt stays while its dialog is open: focus returns to its button when the dialog closes. */}
      <aside className={styles.prompt} aria-label={t('engagement.survey.promptLabel')}>
        <p>{t('engagement.survey.promptText')}</p>
        <div className={styles.actions}>
          <button type="button" className={styles.button} onClick={() => void take()}>
            {t('engagement.survey.take')}
          </button>
          <button type="button" className={styles.secondary} onClick={dismiss}>
            {t('engagement.survey.dismiss')}
          </button>
        </div>
      </aside>
      {survey ? (
        <Dialog labelledBy={`${id}-title`} onClose={dismiss}>
          <survey.Form survey={survey.survey} headingId={`${id}-title`} onAnswered={() => remember(key, 'answered')} onClose={dismiss} />
        </Dialog>
      ) : null}
    </>
  );
}
