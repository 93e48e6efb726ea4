import { useState, type ReactElement } from 'react';
import { useForm } from 'react-hook-form';
import { surveyAnswerSchema, surveyErrors, surveyFields, surveyMessages, surveyResponseSchema, surveyScores, SURVEY_COMMENT_MAX, type SurveyResponseInput } from '@qf/shared/forms';
import { useLang, useT } from '@qf/shared/react';
import { ErrorSummary } from './ErrorSummary';
import { describedControl, errorList, FieldError } from './form-parts';
import { failureMessage, postForm, schemaResolver } from './schema-resolver';
import styles from './small-forms.module.css';
import type { SurveyDetails } from './survey-details';

interface FormValues {
  satisfaction: string;
  comment: string;
}

/**
 * The short survey inside the survey dialog: satisfaction from 1 to 5 and an optional comment.
 * `onAnswered` runs once the server has stored the answer.
 */
export function SurveyForm({ survey, headingId, onAnswered, onClose }: { survey: SurveyDetails; headingId: string; onAnswered: () => void; onClose: () => void }): ReactElement {
  // The dialog's heading id is unique on the page (see useFormId): the fields' ids build on it.
  const id = `${headingId}-form`;
  const t = useT();
  const lang = useLang();
  const [done, setDone] = useState<{ text: string; ok: boolean } | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<FormValues, unknown, SurveyResponseInput>({
    resolver: schemaResolver<FormValues, SurveyResponseInput>((v) => surveyErrors(v, lang), (v) => surveyResponseSchema.parse(v)),
    defaultValues: { satisfaction: '', comment: '' },
  });
  const errors = formState.errors;

  const onValid = async (values: SurveyResponseInput) => {
    try {
      const parsed = surveyAnswerSchema.safeParse(await postForm(`/api/forms/surveys/${encodeURIComponent(survey.surveyId)}/responses?lang=${lang}`, values));
      if (!parsed.success) throw new Error('unexpected answer');
      const { outcome, errors: fieldErrors, message } = parsed.data;
      if (outcome === 'invalid' && fieldErrors) {
        surveyFields.filter((f) => fieldErrors[f]).forEach((f, i) => setError(f, { type: 'server', message: fieldErrors[f] }, { shouldFocus: i === 0 }));
        return;
      }
      setDone({ text: message, ok: outcome === 'received' });
      if (outcome === 'received' || outcome === 'closed') onAnswered();
    } catch (error) {
      setDone({ text: failureMessage(error, surveyMessages[lang].error), ok: false });
    }
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

  const satisfaction = errors.satisfaction?.message;
  const comment = errors.comment?.message;
  return (
    <>
      <h2 id={headingId}>{survey.title}</h2>
      <ErrorSummary errors={errorList(errors, surveyFields)} idOf={(f) => (f === 'satisfaction' ? `${id}-satisfaction-1` : `${id}-${f}`)} />
      {done ? (
        <p className={styles.notice} role="alert">
          {done.text}
        </p>
      ) : null}
      <form className={styles.form} noValidate onSubmit={(e) => void handleSubmit(onValid)(e)}>
        <fieldset className={styles.field} aria-describedby={satisfaction ? `${id}-satisfaction-error` : undefined}>
          <legend>{survey.question}</legend>
          <div className={styles.scale}>
            {surveyScores.map((score) => (
              <label key={score} className={styles.choice}>
                <input {...register('satisfaction')} id={`${id}-satisfaction-${score}`} type="radio" value={String(score)} aria-invalid={satisfaction ? true : undefined} /> {score} – {t(`engagement.survey.scale.${score}`)}
              </label>
            ))}
          </div>
          <FieldError formId={id} name="satisfaction" message={satisfaction} />
        </fieldset>
        <div className={styles.field}>
          <label htmlFor={`${id}-comment`}>{t('engagement.survey.comment')}</label>
          <textarea {...register('comment')} {...describedControl(id, 'comment', comment)} className={styles.textarea} maxLength={SURVEY_COMMENT_MAX * 2} />
          <FieldError formId={id} name="comment" message={comment} />
        </div>
        <div className={styles.actions}>
          <button type="submit" className={styles.button} disabled={formState.isSubmitting}>
            {formState.isSubmitting ? t('engagement.sending') : t('engagement.survey.submit')}
          </button>
          <button type="button" className={styles.secondary} onClick={onClose}>
            {t('engagement.survey.notNow')}
          </button>
        </div>
      </form>
    </>
  );
}
