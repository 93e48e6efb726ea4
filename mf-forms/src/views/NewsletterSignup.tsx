import { useId, useRef, useState, type FormEvent, type ReactElement } from 'react';
import { newsletterError, newsletterMessages, newsletterResponseSchema, type NewsletterOutcome } from '@qf/shared/forms';
import { useLang, useT, type ViewComponentProps } from '@qf/shared/react';
import { Honeypot } from './Honeypot';
import { newKey } from './schema-resolver';
import styles from './NewsletterSignup.module.css';

type Status = { kind: 'idle' } | { kind: 'submitting' } | { kind: 'done'; outcome: NewsletterOutcome; message: string } | { kind: 'invalid'; message: string };

/**
 * The newsletter form. It is a real form (it posts to the forms API through the shell); with
 * JavaScript it validates with the shared schema and answers in place.
 */
export function NewsletterSignup(_props: ViewComponentProps<Record<string, unknown>>): ReactElement {
  const t = useT();
  const lang = useLang();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status.kind === 'submitting') return;
    const email = inputRef.current?.value ?? '';
    const invalid = newsletterError({ email }, lang);
    if (invalid) {
      setStatus({ kind: 'invalid', message: invalid });
      inputRef.current?.focus();
      return;
    }
    setStatus({ kind: 'submitting' });
    try {
      const res = await fetch(`/api/forms/newsletter?lang=${lang}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': newKey() },
        body: JSON.stringify({ email, website: (event.currentTarget.elements.namedItem('website') as HTMLInputElement | null)?.value ?? '' }),
      });
      const parsed = newsletterResponseSchema.safeParse(await res.json());
      if (!parsed.success) throw new Error('unexpected answer');
      setStatus({ kind: 'done', outcome: parsed.data.outcome, message: parsed.data.message });
    } catch {
      setStatus({ kind: 'done', outcome: 'error', message: newsletterMessages[lang].error });
    }
  }

  const errorText = status.kind === 'invalid' ? status.message : status.kind === 'done' && (status.outcome === 'invalid-email' || status.outcome === 'error') ? status.message : null;
  const successText = status.kind === 'done' && (status.outcome === 'subscribed' || status.outcome === 'already-subscribed') ? status.message : null;
  return (
    <section className={styles.newsletter} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className={styles.heading}>
        {t('newsletter.heading')}
      </h2>
      <p className={styles.intro}>{t('newsletter.intro')}</p>
      <form className={styles.form} method="post" action={`/api/forms/newsletter?lang=${lang}`} noValidate onSubmit={onSubmit}>
        <Honeypot />
        <label htmlFor={`${id}-email`} className={styles.label}>
          {t('newsletter.emailLabel')}
        </label>
        <div className={styles.row}>
          <input
            ref={inputRef}
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            dir="ltr"
            required
            className={styles.input}
            aria-invalid={errorText ? true : undefined}
            aria-describedby={`${id}-message`}
          />
          <button type="submit" className={styles.button} disabled={status.kind === 'submitting'}>
            {status.kind === 'submitting' ? t('newsletter.submitting') : t('newsletter.submit')}
          </button>
        </div>
        <p id={`${id}-message`} className={errorText ? styles.error : styles.success} role={errorText ? 'alert' : 'status'}>
          {errorText ?? successText ?? ''}
        </p>
      </form>
    </section>
  );
}
