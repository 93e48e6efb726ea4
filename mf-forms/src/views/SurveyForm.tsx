import { useState, type FormEvent, type ReactElement } from 'react';
import { surveyAnswerSchema, surveyErrors, surveyFields, surveyFromForm, surveyMessages, surveyResponseSchema, surveyScores, SURVEY_COMMENT_MAX, type SurveyResponseInput } from '../forms';
import { useLang, useT } from '@qf/shared/react';
import { ErrorSummary } from './ErrorSummary';
import { describedControl, FieldError, SubmitButton } from './form-parts';
import { failureMessage, postForm } from './schema-resolver';
import styles from './small-forms.module.css';
import type { SurveyDetails } from './survey-details';

type SurveyErrors = Partial<Record<(typeof surveyFields)[number], string>>;

/** The form's values as the schema reads them: the chosen score as its number (no choice is ''). */
function valuesOf(form: HTMLFormElement): Record<string, unknown> {
  const data = new FormData(form);
  return surveyFromForm({ satisfaction: String(data.get('satisfaction') ?? ''), comment: String(data.get('comment') ?? '') });
}

/**
 * The short survey inside the survey dialog: satisfaction from 1 to 5 and an optional comment.
 * `onAnswered` runs once the server has stored the answer.
 *
 * Every reader who scrolls half a story meets this dialog, so it is plain React (two fields), not
 * react-hook-form (~12 KB gzip that only the other forms need). It behaves as they do: the messages
 * come from the shared schema in the visitor's language, the focus goes to the first field in error,
 * and after a first submission each change checks the form again.
 */
export function SurveyForm({ survey, headingId, onAnswered, onClose }: { survey: SurveyDetails; headingId: string; onAnswered: () => void; onClose: () => void }): ReactElement {
  // The dialog's heading id is unique on the page (see useFormId): the fields' ids build on it.
  const id = `${headingId}-form`;
  const t = useT();
  const lang = useLang();
  const [done, setDone] = useState<{ text: string; ok: boolean } | null>(null);
  const [errors, setErrors] = useState<SurveyErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const showErrors = (form: HTMLFormElement, found: SurveyErrors) => {
    setErrors(found);
    const first = surveyFields.find((f) => found[f]);
    if (first) form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const onValid = async (form: HTMLFormElement, values: SurveyResponseInput) => {
    try {
      const parsed = surveyAnswerSchema.safeParse(await postForm(`/api/forms/surveys/${encodeURIComponent(survey.surveyId)}/responses?lang=${lang}`, values));
      if (!parsed.success) throw new Error('unexpected answer');
      const { outcome, errors: fieldErrors, message } = parsed.data;
      if (outcome === 'invalid' && fieldErrors) {
        showErrors(form, Object.fromEntries(surveyFields.filter((f) => fieldErrors[f]).map((f) => [f, fieldErrors[f]])));
        return;
      }
      setDone({ text: message, ok: outcome === 'received' });
      if (outcome === 'received' || outcome === 'closed') onAnswered();
    } catch (error) {
      setDone({ text: failureMessage(error, surveyMessages[lang].error), ok: false });
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const form = event.currentTarget;
    const values = valuesOf(form);
    setSubmitted(true);
    const found = surveyErrors(values, lang);
    if (surveyFields.some((f) => found[f])) {
      showErrors(form, found);
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      await onValid(form, surveyResponseSchema.parse(values));
    } finally {
      setSubmitting(false);
    }
  };

  const onChange = (event: FormEvent<HTMLFormElement>) => {
    if (submitted) setErrors(surveyErrors(valuesOf(event.currentTarget), lang));
  };

  if (done?.ok)
    return (
      <>
        <h2 id={headingId}>{survey.title}</h2>
        <p className={styles.done} role="status">
          {done.text}
        </p>
        <div className={styles.actions}>
          <button type="button" className={styles.button} onClick={onClose} data-autofocus>
            {t('engagement.close')}
          </button>
        </div>
      </>
    );

  const satisfaction = errors.satisfaction;
  const comment = errors.comment;
  return (
    <>
      <h2 id={headingId}>{survey.title}</h2>
      <ErrorSummary errors={surveyFields.flatMap((f) => (errors[f] ? [[f, errors[f]] as const] : []))} idOf={(f) => (f === 'satisfaction' ? `${id}-satisfaction-1` : `${id}-${f}`)} />
      {done ? (
        <p className={styles.notice} role="alert">
          {done.text}
        </p>
      ) : null}
      <form className={styles.form} noValidate onSubmit={(e) => void onSubmit(e)} onChange={onChange}>
        <fieldset className={styles.field} aria-describedby={satisfaction ? `${id}-satisfaction-error` : undefined}>
          <legend>{survey.question}</legend>
          <div className={styles.scale}>
            {surveyScores.map((score) => (
              <label key={score} className={styles.choice}>
                <input name="satisfaction" id={`${id}-satisfaction-${score}`} type="radio" value={String(score)} aria-invalid={satisfaction ? true : undefined} /> {score} – {t(`engagement.survey.scale.${score}`)}
              </label>
            ))}
          </div>
          <FieldError formId={id} name="satisfaction" message={satisfaction} />
        </fieldset>
        <div className={styles.field}>
          <label htmlFor={`${id}-comment`}>{t('engagement.survey.comment')}</label>
          <textarea name="comment" {...describedControl(id, 'comment', comment)} className={styles.textarea} maxLength={SURVEY_COMMENT_MAX * 2} />
          <FieldError formId={id} name="comment" message={comment} />
        </div>
        <div className={styles.actions}>
          <SubmitButton className={styles.button} busy={submitting}>
            {submitting ? t('engagement.sending') : t('engagement.survey.submit')}
          </SubmitButton>
          <button type="button" className={styles.secondary} onClick={onClose}>
            {t('engagement.survey.notNow')}
          </button>
        </div>
      </form>
    </>
  );
}
