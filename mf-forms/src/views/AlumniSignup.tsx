import { useRef, useState, type ReactElement } from 'react';
import { useForm } from 'react-hook-form';
import { alumniErrors, alumniFields, alumniInstitutions, alumniMessages, alumniResponseSchema, alumniSchema, type AlumniField, type AlumniOutcome, type AlumniSignup as AlumniValues } from '../forms';
import { useLang, useT, type ViewComponentProps } from '@qf/shared/react';
import { ErrorSummary } from './ErrorSummary';
import { describedControl, errorList, FieldError, oneAtATime, SubmitButton, TextField, useFormId } from './form-parts';
import { Honeypot } from './Honeypot';
import { failureMessage, postForm, schemaResolver } from './schema-resolver';
import styles from './small-forms.module.css';

interface FormValues {
  firstName: string;
  lastName: string;
  email: string;
  institution: string;
  graduationYear: string;
  consent: boolean;
}

type Result = { outcome: AlumniOutcome; message: string } | null;

/**
 * The alumni-portal launch sign-up (SPEC decisions: first and last name, email, graduating institution,
 * graduation year, consent). Validated with the shared schema before it is sent; errors stand next to
 * their fields, are summarised for screen readers, and the first one gets the focus.
 */
export function AlumniSignup({ data }: ViewComponentProps<Record<string, unknown>>): ReactElement {
  const t = useT();
  const lang = useLang();
  const id = useFormId(data);
  const formRef = useRef<HTMLFormElement>(null);
  const [result, setResult] = useState<Result>(null);
  const { register, handleSubmit, setError, formState } = useForm<FormValues, unknown, AlumniValues>({
    resolver: schemaResolver<FormValues, AlumniValues>((v) => alumniErrors(v, lang), (v) => alumniSchema.parse(v)),
    defaultValues: { firstName: '', lastName: '', email: '', institution: '', graduationYear: '', consent: false },
  });
  const errors = formState.errors;
  const message = (name: AlumniField) => errors[name]?.message;

  const onValid = async (values: AlumniValues) => {
    setResult(null);
    try {
      const website = (formRef.current?.elements.namedItem('website') as HTMLInputElement | null)?.value ?? '';
      const parsed = alumniResponseSchema.safeParse(await postForm(`/api/forms/alumni?lang=${lang}`, { ...values, website }));
      if (!parsed.success) throw new Error('unexpected answer');
      const { outcome, errors: fieldErrors } = parsed.data;
      if (outcome === 'invalid' && fieldErrors) {
        alumniFields.filter((f) => fieldErrors[f]).forEach((f, i) => setError(f, { type: 'server', message: fieldErrors[f] }, { shouldFocus: i === 0 }));
        return;
      }
      setResult({ outcome, message: parsed.data.message });
    } catch (error) {
      setResult({ outcome: 'error', message: failureMessage(error, alumniMessages[lang].error) });
    }
  };

  const heading = (
    <h2 id={`${id}-heading`}>{t('engagement.alumni.heading')}</h2>
  );
  if (result?.outcome === 'signed-up')
    return (
      <section className={styles.panel} aria-labelledby={`${id}-heading`}>
        {heading}
        <p className={styles.done} role="status">
          {result.message}
        </p>
      </section>
    );

  const text = (name: 'firstName' | 'lastName' | 'email', autoComplete: string, type: 'text' | 'email' = 'text') => (
    <TextField formId={id} label={t(`engagement.alumni.${name}`)} message={message(name)} control={register(name)} classes={{ field: styles.field!, control: styles.control! }} type={type} autoComplete={autoComplete} />
  );

  return (
    <section className={styles.panel} aria-labelledby={`${id}-heading`}>
      {heading}
      <p className={styles.hint}>{t('engagement.alumni.intro')}</p>
      <ErrorSummary errors={errorList(errors, alumniFields)} idOf={(f) => `${id}-${f}`} />
      {result ? (
        <p className={styles.notice} role={result.outcome === 'error' ? 'alert' : 'status'}>
          {result.message}
        </p>
      ) : null}
      <form ref={formRef} className={styles.form} method="post" action={`/api/forms/alumni?lang=${lang}`} noValidate onSubmit={oneAtATime(formState.isSubmitting, handleSubmit(onValid))}>
        <Honeypot />
        <p className={styles.fieldHint}>{t('engagement.required')}</p>
        <div className={styles.row}>
          {text('firstName', 'given-name')}
          {text('lastName', 'family-name')}
        </div>
        {text('email', 'email', 'email')}
        <div className={styles.row}>
          <div className={styles.field}>
            <label htmlFor={`${id}-institution`}>{t('engagement.alumni.institution')}</label>
            <select {...register('institution')} {...describedControl(id, 'institution', message('institution'))} className={styles.control}>
              <option value="">{t('engagement.alumni.choose')}</option>
              {alumniInstitutions.map((i) => (
                <option key={i} value={i}>
                  {t(`engagement.alumni.institutions.${i}`)}
                </option>
              ))}
            </select>
            <FieldError formId={id} name="institution" message={message('institution')} />
          </div>
          <div className={styles.field}>
            <label htmlFor={`${id}-graduationYear`}>{t('engagement.alumni.graduationYear')}</label>
            <input {...register('graduationYear')} {...describedControl(id, 'graduationYear', message('graduationYear'), true)} className={styles.control} type="text" inputMode="numeric" maxLength={4} autoComplete="off" dir="ltr" />
            <p id={`${id}-graduationYear-hint`} className={styles.fieldHint}>
              {t('engagement.alumni.yearHint')}
            </p>
            <FieldError formId={id} name="graduationYear" message={message('graduationYear')} />
          </div>
        </div>
        <div className={styles.field}>
          <label className={styles.choice}>
            <input {...register('consent')} {...describedControl(id, 'consent', message('consent'))} type="checkbox" /> {t('engagement.alumni.consent')}
          </label>
          <FieldError formId={id} name="consent" message={message('consent')} />
        </div>
        <SubmitButton className={styles.button} busy={formState.isSubmitting}>
          {formState.isSubmitting ? t('engagement.sending') : t('engagement.alumni.submit')}
        </SubmitButton>
      </form>
    </section>
  );
}
