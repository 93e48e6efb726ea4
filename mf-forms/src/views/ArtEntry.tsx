import { useEffect, useId, useRef, useState, type ReactElement } from 'react';
import { formatDate } from '@qf/shared/dates';
import { useForm } from 'react-hook-form';
import { artEntryAccept, artEntryErrors, artEntryFields, artEntryMessages, type ArtEntryField } from '../forms';
import { actionWithPage } from '@qf/shared/contracts';
import { useLang, useT, type ViewComponentProps } from '@qf/shared/react';
import { Honeypot } from './Honeypot';
import { fieldErrorsOf, oneAtATime, SubmitButton } from './form-parts';
import { schemaResolver } from './schema-resolver';
import { chosenFile, Field, FileField, TermsField, UploadSummary, useFocusFirstError, useUploadSubmit, windowState, type UploadWindowProps } from './upload-parts';
import styles from './Uploads.module.css';

export type ArtEntryProps = UploadWindowProps;

type Values = Record<Exclude<ArtEntryField, 'image' | 'terms'>, string> & { image: FileList | null; terms: boolean };

/**
 * The art-contest entry (SPEC §3, §4, §5): every field labelled, errors next to their field and
 * summarised for screen readers, focus on the first error; 'Submitting…' while the file uploads, then
 * the thank-you; a closed state outside the contest's window.
 */
export function ArtEntry({ data }: ViewComponentProps<ArtEntryProps>): ReactElement {
  const t = useT();
  const lang = useLang();
  const formId = useId().replace(/:/g, '');
  const formRef = useRef<HTMLFormElement>(null);
  // A form sent back starts with its messages by field (and, below, what was typed).
  const [sentErrors] = useState(() => fieldErrorsOf(data.answer));
  const url = `/api/forms/art-entries?window=${encodeURIComponent(data.windowId)}&lang=${lang}`;
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, submitCount },
  } = useForm<Values>({
    resolver: schemaResolver<Values>((v) => artEntryErrors({ ...v, image: undefined }, lang, { image: chosenFile(v.image) }), (v) => v),
    shouldFocusError: false,
    ...(sentErrors ? { errors: sentErrors } : {}),
  });
  const { status, submit } = useUploadSubmit<Values>(url, lang, setError, artEntryFields, data.answer);
  const typed = data.answer?.values ?? {};
  useFocusFirstError(errors, artEntryFields, submitCount, setFocus);
  const state = windowState(data);
  useEffect(() => {
    if (status.kind === 'done') document.getElementById(`${formId}-heading`)?.focus();
  }, [status.kind, formId]);
  const ctx = { formId, register, errors };

  const heading = (
    <h2 id={`${formId}-heading`} tabIndex={-1}>
      {state === 'open' ? t('artEntry.heading') : t('artEntry.closedHeading')}
    </h2>
  );
  if (state !== 'open' || status.kind === 'done')
    return (
      <section className={styles.panel} aria-labelledby={`${formId}-heading`}>
        {heading}
        <p className={styles.final} role="status">
          {status.kind === 'done' ? status.message : state === 'not-yet' ? t('uploads.opensOn', { date: formatDate(lang, data.opensAt) }) : artEntryMessages[lang].closed}
        </p>
      </section>
    );

  const text = (name: 'name' | 'email' | 'phone' | 'title' | 'dimensions' | 'material' | 'link', extra: { type?: string; autoComplete?: string; hint?: string; optional?: boolean } = {}) => (
    <Field ctx={ctx} name={name} label={t(`artEntry.${name}`)} hint={extra.hint} optional={extra.optional}>
      {(control) => <input {...control} {...register(name)} type={extra.type ?? 'text'} autoComplete={extra.autoComplete ?? 'off'} dir={extra.type && extra.type !== 'text' ? 'ltr' : undefined} defaultValue={typed[name]} />}
    </Field>
  );
  const words = (name: 'statement' | 'biography') => (
    <Field ctx={ctx} name={name} label={t(`artEntry.${name}`)} hint={t('artEntry.wordsHint')}>
      {(control) => <textarea {...control} {...register(name)} rows={5} defaultValue={typed[name]} />}
    </Field>
  );

  return (
    <section className={styles.panel} aria-labelledby={`${formId}-heading`}>
      {heading}
      <p className={styles.hint}>
        {t('uploads.closesOn', { date: formatDate(lang, data.closesAt) })} {t('artEntry.onePerParticipant')} {t('uploads.required')}
      </p>
      <UploadSummary formId={formId} errors={errors} order={artEntryFields} failure={status.kind === 'failed' ? status.message : undefined} filesDropped={data.answer?.filesDropped} />
      <form ref={formRef} method="post" action={actionWithPage(url, data.answer)} encType="multipart/form-data" noValidate className={styles.form} onSubmit={oneAtATime(status.kind === 'submitting', handleSubmit(() => submit(formRef.current!)))}>
        <Honeypot />
        {text('name', { autoComplete: 'name' })}
        {text('email', { type: 'email', autoComplete: 'email' })}
        {text('phone', { type: 'tel', autoComplete: 'tel' })}
        {text('title')}
        {words('statement')}
        {words('biography')}
        {text('dimensions', { hint: t('artEntry.dimensionsHint') })}
        {text('material')}
        <FileField ctx={ctx} name="image" label={t('artEntry.image')} accept={artEntryAccept.image} />
        {text('link', { type: 'url', autoComplete: 'url', hint: t('artEntry.linkHint'), optional: true })}
        <TermsField ctx={ctx} name="terms" checked={typed.terms === 'true'} />
        <SubmitButton className={styles.submit} busy={status.kind === 'submitting'}>
          {status.kind === 'submitting' ? t('artEntry.submitting') : t('artEntry.submit')}
        </SubmitButton>
      </form>
    </section>
  );
}
