import { useEffect, useId, useRef, useState, type ReactElement } from 'react';
import { formatDate } from '@qf/shared/dates';
import { useForm } from 'react-hook-form';
import { scholarshipAccept, scholarshipErrors, scholarshipFields, scholarshipFileFields, scholarshipMessages, type ScholarshipField, type ScholarshipFileField } from '../forms';
import { actionWithPage } from '@qf/shared/contracts';
import { useLang, useT, type ViewComponentProps } from '@qf/shared/react';
import { Honeypot } from './Honeypot';
import { fieldErrorsOf, oneAtATime, SubmitButton } from './form-parts';
import { schemaResolver } from './schema-resolver';
import { chosenFile, Field, FileField, TermsField, UploadSummary, useFocusFirstError, useUploadSubmit, windowState, type UploadWindowProps } from './upload-parts';
import styles from './Uploads.module.css';

export interface ScholarshipProps extends UploadWindowProps {
  /** When applicants are told the results (SPEC §9). */
  resultsAt?: string;
  /** The schools a student may choose, from the content's school entries. */
  schools: { id: string; title: string }[];
}

type Values = Record<Exclude<ScholarshipField, ScholarshipFileField | 'terms'>, string> & Record<ScholarshipFileField, FileList | null> & { terms: boolean };

/**
 * The pre-university scholarship application (SPEC §3, §4, §5): the student, a parent, studies and five
 * documents, three different school choices; errors next to their field and summarised, focus on the
 * first; 'Submitting…' while the documents upload, then the thank-you; "applications closed" after the
 * cycle's close date.
 */
export function Scholarship({ data }: ViewComponentProps<ScholarshipProps>): ReactElement {
  const t = useT();
  const lang = useLang();
  const formId = useId().replace(/:/g, '');
  const formRef = useRef<HTMLFormElement>(null);
  const url = `/api/forms/scholarships?window=${encodeURIComponent(data.windowId)}&lang=${lang}`;
  const schools = data.schools.map((s) => s.id);
  // A form sent back starts with its messages by field (and, below, what was typed).
  const [sentErrors] = useState(() => fieldErrorsOf(data.answer));
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, submitCount },
  } = useForm<Values>({
    resolver: schemaResolver<Values>(
      (v) => scholarshipErrors({ ...v, ...Object.fromEntries(scholarshipFileFields.map((f) => [f, undefined])) }, lang, { schools, files: Object.fromEntries(scholarshipFileFields.map((f) => [f, chosenFile(v[f])])) }),
      (v) => v,
    ),
    shouldFocusError: false,
    ...(sentErrors ? { errors: sentErrors } : {}),
  });
  const { status, submit } = useUploadSubmit<Values>(url, lang, setError, scholarshipFields, data.answer);
  const typed = data.answer?.values ?? {};
  useFocusFirstError(errors, scholarshipFields, submitCount, setFocus);
  useEffect(() => {
    if (status.kind === 'done') document.getElementById(`${formId}-heading`)?.focus();
  }, [status.kind, formId]);
  const state = windowState(data);
  const ctx = { formId, register, errors };
  const results = data.resultsAt ? t('scholarship.results', { date: formatDate(lang, data.resultsAt) }) : null;

  const heading = (
    <h2 id={`${formId}-heading`} tabIndex={-1}>
      {data.title}
    </h2>
  );
  if (state !== 'open' || status.kind === 'done')
    return (
      <section className={styles.panel} aria-labelledby={`${formId}-heading`}>
        {heading}
        <p className={styles.final} role="status">
          {status.kind === 'done' ? `${status.message} ${results ?? ''}`.trim() : state === 'not-yet' ? t('uploads.opensOn', { date: formatDate(lang, data.opensAt) }) : scholarshipMessages[lang].closed}
        </p>
      </section>
    );

  type TextName = Exclude<ScholarshipField, ScholarshipFileField | 'terms' | 'gender' | 'choice1' | 'choice2' | 'choice3'>;
  const text = (name: TextName, extra: { type?: string; autoComplete?: string; hint?: string; inputMode?: 'numeric' | 'decimal' } = {}) => (
    <Field ctx={ctx} name={name} label={t(`scholarship.${name}`)} hint={extra.hint}>
      {(control) => (
        <input {...control} {...register(name)} type={extra.type ?? 'text'} inputMode={extra.inputMode} autoComplete={extra.autoComplete ?? 'off'} dir={extra.type && extra.type !== 'text' && extra.type !== 'date' ? 'ltr' : undefined} defaultValue={typed[name]} />
      )}
    </Field>
  );
  const select = (name: 'gender' | 'choice1' | 'choice2' | 'choice3', options: { value: string; label: string }[]) => (
    <Field ctx={ctx} name={name} label={t(`scholarship.${name}`)}>
      {(control) => (
        <select {...control} {...register(name)} defaultValue={options.find((o) => o.value === typed[name])?.value ?? ''}>
          <option value="" disabled>
            {t('uploads.choose')}
          </option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
  const file = (name: ScholarshipFileField, hint?: string) => <FileField ctx={ctx} name={name} label={t(`scholarship.${name}`)} accept={scholarshipAccept[name]} hint={hint} />;
  const schoolOptions = data.schools.map((s) => ({ value: s.id, label: s.title }));

  return (
    <section className={styles.panel} aria-labelledby={`${formId}-heading`}>
      {heading}
      <p className={styles.hint}>
        {t('uploads.closesOn', { date: formatDate(lang, data.closesAt) })} {results} {t('uploads.required')}
      </p>
      <UploadSummary formId={formId} errors={errors} order={scholarshipFields} failure={status.kind === 'failed' ? status.message : undefined} filesDropped={data.answer?.filesDropped} />
      <form ref={formRef} method="post" action={actionWithPage(url, data.answer)} encType="multipart/form-data" noValidate className={styles.form} onSubmit={oneAtATime(status.kind === 'submitting', handleSubmit(() => submit(formRef.current!)))}>
        <Honeypot />
        <fieldset className={styles.group}>
          <legend>{t('scholarship.student')}</legend>
          {text('firstName', { autoComplete: 'given-name' })}
          {text('lastName', { autoComplete: 'family-name' })}
          {text('nationalId', { inputMode: 'numeric', hint: t('scholarship.nationalIdHint') })}
          {text('dateOfBirth', { type: 'date', autoComplete: 'bday' })}
          {select('gender', [
            { value: 'female', label: t('scholarship.female') },
            { value: 'male', label: t('scholarship.male') },
          ])}
          {text('studentPhone', { type: 'tel', autoComplete: 'tel' })}
          {text('studentEmail', { type: 'email', autoComplete: 'email' })}
        </fieldset>
        <fieldset className={styles.group}>
          <legend>{t('scholarship.parent')}</legend>
          {text('parentPhone', { type: 'tel' })}
          {text('parentEmail', { type: 'email' })}
        </fieldset>
        <fieldset className={styles.group}>
          <legend>{t('scholarship.studies')}</legend>
          {text('currentSchool', { autoComplete: 'organization' })}
          {text('gpa', { inputMode: 'decimal', hint: t('scholarship.gpaHint') })}
          {file('transcript')}
          {file('recommendation1')}
          {file('recommendation2')}
          {file('recommendation3')}
          {file('essay', t('scholarship.essayHint'))}
        </fieldset>
        <fieldset className={styles.group}>
          <legend>{t('scholarship.choices')}</legend>
          <p className={styles.hint}>{t('scholarship.choicesHint')}</p>
          {select('choice1', schoolOptions)}
          {select('choice2', schoolOptions)}
          {select('choice3', schoolOptions)}
        </fieldset>
        <TermsField ctx={ctx} name="terms" checked={typed.terms === 'true'} />
        <SubmitButton className={styles.submit} busy={status.kind === 'submitting'}>
          {status.kind === 'submitting' ? t('scholarship.submitting') : t('scholarship.submit')}
        </SubmitButton>
      </form>
    </section>
  );
}
