import { useRef, useState, type ReactElement } from 'react';
import { useForm } from 'react-hook-form';
import { NEWSLETTER_LISTS, newsletterError, newsletterMessages, newsletterResponseSchema, newsletterSchema, type NewsletterInput, type NewsletterList, type NewsletterOutcome } from '../forms';
import { useLang, useT, type ViewComponentProps } from '@qf/shared/react';
import { ErrorSummary } from './ErrorSummary';
import { describedControl, errorList, FieldError, oneAtATime, SubmitButton, useFormId } from './form-parts';
import { Honeypot } from './Honeypot';
import { failureMessage, postForm, schemaResolver } from './schema-resolver';
import styles from './NewsletterSignup.module.css';

interface FormValues {
  email: string;
}

const FIELDS = ['email'] as const;

/** The list a page asks for (`props.list`): the monthly newsletter unless it names another that exists. */
const listOf = (data: Record<string, unknown>): NewsletterList =>
  typeof data.list === 'string' && (NEWSLETTER_LISTS as readonly string[]).includes(data.list) ? (data.list as NewsletterList) : 'general';

/**
 * The newsletter form, for the list the page names (`list`: the monthly newsletter by default, IDKT's
 * quarterly one on /idkt/newsletter). It is a real form (it posts to the forms API through the shell, which answers a
 * plain post with an outcome page); with JavaScript it validates with the shared schema and answers in
 * place: success and already-subscribed in a status region, a bad address next to the field and in the
 * summary, a failure in the summary.
 */
export function NewsletterSignup({ data }: ViewComponentProps<Record<string, unknown>>): ReactElement {
  const t = useT();
  const lang = useLang();
  const id = useFormId(data);
  const list = listOf(data);
  // The monthly newsletter keeps its own strings; another list has its heading and intro.
  const text = (key: 'heading' | 'intro') => (list === 'general' ? t(`newsletter.${key}`) : t(`newsletter.lists.${list}.${key}`));
  const formRef = useRef<HTMLFormElement>(null);
  const [result, setResult] = useState<{ outcome: NewsletterOutcome; message: string } | null>(null);
  // No default values: the server markup is the form's starting state, read field by field when the
  // widget hydrates, so an address typed before the code arrived is kept.
  const { register, handleSubmit, setError, formState } = useForm<FormValues, unknown, NewsletterInput>({
    resolver: schemaResolver<FormValues, NewsletterInput>(
      (v) => {
        const message = newsletterError(v, lang);
        return message ? { email: message } : {};
      },
      (v) => newsletterSchema.parse(v),
    ),
  });
  const message = formState.errors.email?.message;

  const onValid = async (values: NewsletterInput) => {
    try {
      const website = (formRef.current?.elements.namedItem('website') as HTMLInputElement | null)?.value ?? '';
      const parsed = newsletterResponseSchema.safeParse(await postForm(`/api/forms/newsletter?lang=${lang}`, { ...values, ...(list === 'general' ? {} : { list }), website }));
      // Any other answer (a proxy's error page) is the generic error of SPEC §8; a 429/403 says why.
      if (!parsed.success) throw new Error('unexpected answer');
      if (parsed.data.outcome === 'invalid-email') {
        setError('email', { type: 'server', message: parsed.data.message }, { shouldFocus: true });
        return;
      }
      setResult(parsed.data);
    } catch (error) {
      setResult({ outcome: 'error', message: failureMessage(error, newsletterMessages[lang].error) });
    }
  };

  const done = result && result.outcome !== 'error' ? result.message : '';
  return (
    <section className={styles.newsletter} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className={styles.heading}>
        {text('heading')}
      </h2>
      <p className={styles.intro}>{text('intro')}</p>
      <ErrorSummary errors={errorList(formState.errors, FIELDS)} idOf={(f) => `${id}-${f}`} failure={result?.outcome === 'error' ? result.message : undefined} />
      <form
        ref={formRef}
        className={styles.form}
        method="post"
        action={`/api/forms/newsletter?lang=${lang}`}
        noValidate
        onSubmit={oneAtATime(formState.isSubmitting, (e) => {
          setResult(null);
          return handleSubmit(onValid)(e);
        })}
      >
        <Honeypot />
        {list === 'general' ? null : <input type="hidden" name="list" value={list} />}
        <label htmlFor={`${id}-email`} className={styles.label}>
          {t('newsletter.emailLabel')}
        </label>
        <div className={styles.row}>
          <input {...register('email')} {...describedControl(id, 'email', message)} type="email" autoComplete="email" inputMode="email" dir="ltr" required className={styles.input} />
          <SubmitButton className={styles.button} busy={formState.isSubmitting}>
            {formState.isSubmitting ? t('newsletter.submitting') : t('newsletter.submit')}
          </SubmitButton>
        </div>
        <FieldError formId={id} name="email" message={message} />
        {/* Always in the page, so assistive technology announces the outcome when it appears. */}
        <p className={styles.success} role="status">
          {done}
        </p>
      </form>
    </section>
  );
}
