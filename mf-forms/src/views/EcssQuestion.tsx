import { useRef, useState, type ReactElement } from 'react';
import { useForm } from 'react-hook-form';
import { ECSS_QUESTION_MAX, ecssQuestionErrors, ecssQuestionFields, ecssQuestionMessages, ecssQuestionResponseSchema, ecssQuestionSchema, type EcssQuestionInput, type EcssQuestionOutcome } from '../forms';
import { useLang, useT, type ViewComponentProps } from '@qf/shared/react';
import { ErrorSummary } from './ErrorSummary';
import { describedControl, errorList, FieldError, oneAtATime, SubmitButton, TextField, useFormId } from './form-parts';
import { Honeypot } from './Honeypot';
import { failureMessage, postForm, schemaResolver } from './schema-resolver';
import styles from './small-forms.module.css';

export interface EcssQuestionProps {
  /** The speaker series' content id. */
  seriesId: string;
  /** The session the placing page is about: its questions go to that session (default: the series). */
  eventId?: string;
  /** Sessions still to come, offered as a choice (the series page). */
  sessions?: { id: string; title: string }[];
}

type FormValues = Record<'name' | 'email' | 'question' | 'eventId', string>;

/**
 * A question for the speakers of the Education City Speaker Series. The server stores it before it is
 * forwarded to the series' workflow, so the visitor's thank-you never waits for that workflow.
 */
export function EcssQuestion({ data }: ViewComponentProps<EcssQuestionProps>): ReactElement {
  const t = useT();
  const lang = useLang();
  const id = useFormId(data);
  const formRef = useRef<HTMLFormElement>(null);
  const [result, setResult] = useState<{ outcome: EcssQuestionOutcome; message: string } | null>(null);
  const sessions = data.sessions ?? [];
  const { register, handleSubmit, setError, formState } = useForm<FormValues, unknown, EcssQuestionInput>({
    resolver: schemaResolver<FormValues, EcssQuestionInput>((v) => ecssQuestionErrors(v, lang), (v) => ecssQuestionSchema.parse(v)),
    defaultValues: { name: '', email: '', question: '', eventId: data.eventId ?? data.seriesId },
  });
  const errors = formState.errors;
  const message = (name: keyof FormValues) => errors[name]?.message;

  const onValid = async (values: EcssQuestionInput) => {
    setResult(null);
    try {
      const website = (formRef.current?.elements.namedItem('website') as HTMLInputElement | null)?.value ?? '';
      const parsed = ecssQuestionResponseSchema.safeParse(await postForm(`/api/forms/ecss/questions?lang=${lang}`, { ...values, website }));
      if (!parsed.success) throw new Error('unexpected answer');
      const { outcome, errors: fieldErrors } = parsed.data;
      if (outcome === 'invalid' && fieldErrors) {
        ecssQuestionFields.filter((f) => fieldErrors[f]).forEach((f, i) => setError(f, { type: 'server', message: fieldErrors[f] }, { shouldFocus: i === 0 }));
        return;
      }
      setResult({ outcome, message: parsed.data.message });
    } catch (error) {
      setResult({ outcome: 'error', message: failureMessage(error, ecssQuestionMessages[lang].error) });
    }
  };

  const heading = <h2 id={`${id}-heading`}>{t('engagement.ecss.heading')}</h2>;
  if (result?.outcome === 'received')
    return (
      <section className={styles.panel} aria-labelledby={`${id}-heading`}>
        {heading}
        <p className={styles.done} role="status">
          {result.message}
        </p>
      </section>
    );

  const text = (name: 'name' | 'email', autoComplete: string, type: 'text' | 'email' = 'text') => (
    <TextField formId={id} label={t(`engagement.ecss.${name}`)} message={message(name)} control={register(name)} classes={{ field: styles.field!, control: styles.control! }} type={type} autoComplete={autoComplete} />
  );

  return (
    <section className={styles.panel} aria-labelledby={`${id}-heading`}>
      {heading}
      <p className={styles.hint}>{t('engagement.ecss.intro')}</p>
      <ErrorSummary errors={errorList(errors, ecssQuestionFields)} idOf={(f) => `${id}-${f}`} />
      {result ? (
        <p className={styles.notice} role="alert">
          {result.message}
        </p>
      ) : null}
      <form ref={formRef} className={styles.form} method="post" action={`/api/forms/ecss/questions?lang=${lang}`} noValidate onSubmit={oneAtATime(formState.isSubmitting, handleSubmit(onValid))}>
        <Honeypot />
        <div className={styles.row}>
          {text('name', 'name')}
          {text('email', 'email', 'email')}
        </div>
        {sessions.length ? (
          <div className={styles.field}>
            <label htmlFor={`${id}-eventId`}>{t('engagement.ecss.session')}</label>
            <select {...register('eventId')} {...describedControl(id, 'eventId', message('eventId'))} className={styles.control}>
              <option value={data.seriesId}>{t('engagement.ecss.wholeSeries')}</option>
              {sessions.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.title}
                </option>
              ))}
            </select>
            <FieldError formId={id} name="eventId" message={message('eventId')} />
          </div>
        ) : (
          <input {...register('eventId')} type="hidden" />
        )}
        <div className={styles.field}>
          <label htmlFor={`${id}-question`}>{t('engagement.ecss.question')}</label>
          <textarea {...register('question')} {...describedControl(id, 'question', message('question'), true)} className={styles.textarea} maxLength={ECSS_QUESTION_MAX * 2} />
          <p id={`${id}-question-hint`} className={styles.fieldHint}>
            {t('engagement.ecss.questionHint')}
          </p>
          <FieldError formId={id} name="question" message={message('question')} />
        </div>
        <SubmitButton className={styles.button} busy={formState.isSubmitting}>
          {formState.isSubmitting ? t('engagement.sending') : t('engagement.ecss.submit')}
        </SubmitButton>
      </form>
    </section>
  );
}
