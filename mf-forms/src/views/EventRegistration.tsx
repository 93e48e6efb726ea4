import { useEffect, useId, useRef, useState, type FormEvent, type ReactElement } from 'react';
import { registrationErrors, registrationMessages, registrationResponseSchema, registrationFields, type RegistrationField, type RegistrationOutcome } from '@qf/shared/forms';
import { useLang, useT, type ViewComponentProps } from '@qf/shared/react';
import { ErrorSummary } from './ErrorSummary';
import { Honeypot } from './Honeypot';
import { newKey } from './schema-resolver';
import styles from './EventRegistration.module.css';

export interface EventRegistrationProps {
  eventId: string;
  /** Registration open and the event not over, at render time. */
  open: boolean;
  attendance: 'online' | 'in-person' | 'hybrid';
}

interface Availability {
  open: boolean;
  online: boolean;
  inPerson: boolean;
  seatsLeft: number;
}

type Status =
  | { kind: 'idle' }
  | { kind: 'submitting' }
  | { kind: 'invalid'; errors: Partial<Record<RegistrationField, string>> }
  | { kind: 'done'; outcome: RegistrationOutcome; message: string };

const HEARD = ['website', 'social-media', 'email', 'friend', 'news', 'other'] as const;

/**
 * Event registration (SPEC §3, §4, §5, §8): every field labelled, errors next to their field and
 * summarised for screen readers, focus on the first error; 'Registering…' while it submits; the
 * thank-you with the email note; 'Registration Closed'; online only once the in-person seats are gone;
 * the recording message when every seat is booked.
 */
export function EventRegistration({ data }: ViewComponentProps<EventRegistrationProps>): ReactElement {
  const t = useT();
  const lang = useLang();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [availability, setAvailability] = useState<Availability>({ open: data.open, online: data.attendance !== 'in-person', inPerson: data.attendance !== 'online', seatsLeft: -1 });
  const messages = registrationMessages[lang];

  useEffect(() => {
    if (!data.open) return;
    let cancelled = false;
    fetch(`/api/forms/events/${encodeURIComponent(data.eventId)}/availability`)
      .then((r) => (r.ok ? (r.json() as Promise<Availability>) : null))
      .then((a) => {
        if (a && !cancelled) setAvailability(a);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [data.eventId, data.open]);

  useEffect(() => {
    if (status.kind !== 'invalid') return;
    const first = registrationFields.find((f) => status.errors[f]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }, [status]);

  // The states that end the form keep the section and its heading, so the visitor keeps the context.
  const final = !availability.open ? (
    <p className={styles.closed} role="status">
      {messages.closed}
    </p>
  ) : !availability.online && !availability.inPerson ? (
    <p className={styles.closed} role="status">
      {messages.full}
    </p>
  ) : status.kind === 'done' && status.outcome === 'registered' ? (
    <div className={styles.thanks} role="status">
      <p>{messages.registered}</p>
      <p>{messages.emailNote}</p>
    </div>
  ) : null;
  if (final)
    return (
      <section className={styles.registration} aria-labelledby={`${id}-heading`}>
        <h2 id={`${id}-heading`}>{t('registration.heading')}</h2>
        {final}
      </section>
    );

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status.kind === 'submitting' || !formRef.current) return;
    const form = new FormData(formRef.current);
    const input = { ...Object.fromEntries([...form.entries()].map(([k, v]) => [k, String(v)])), vaccinated: form.get('vaccinated') === 'on' };
    const errors = registrationErrors(input, lang);
    if (Object.keys(errors).length) {
      setStatus({ kind: 'invalid', errors });
      return;
    }
    setStatus({ kind: 'submitting' });
    try {
      const res = await fetch(`/api/forms/events/${encodeURIComponent(data.eventId)}/registrations?lang=${lang}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': newKey() },
        body: JSON.stringify(input),
      });
      const parsed = registrationResponseSchema.safeParse(await res.json());
      if (!parsed.success) throw new Error('unexpected answer');
      if (parsed.data.outcome === 'invalid' && parsed.data.errors) return setStatus({ kind: 'invalid', errors: parsed.data.errors });
      if (parsed.data.outcome === 'in-person-full') setAvailability((a) => ({ ...a, inPerson: false, seatsLeft: 0 }));
      if (parsed.data.outcome === 'full' || parsed.data.outcome === 'closed') setAvailability((a) => ({ ...a, open: parsed.data.outcome !== 'closed', online: false, inPerson: false }));
      setStatus({ kind: 'done', outcome: parsed.data.outcome, message: parsed.data.message });
    } catch {
      setStatus({ kind: 'done', outcome: 'error', message: messages.error });
    }
  }

  const errors = status.kind === 'invalid' ? status.errors : {};
  const field = (name: RegistrationField) => ({
    id: `${id}-${name}`,
    name,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  });
  const error = (name: RegistrationField) =>
    errors[name] ? (
      <p id={`${id}-${name}-error`} className={styles.error}>
        {errors[name]}
      </p>
    ) : null;
  const text = (name: 'name' | 'email' | 'title' | 'company' | 'nationality' | 'countryOfResidence', autoComplete: string, type = 'text') => (
    <div className={styles.field}>
      <label htmlFor={`${id}-${name}`}>{t(`registration.${name}`)}</label>
      <input {...field(name)} className={styles.control} type={type} autoComplete={autoComplete} required dir={type === 'email' ? 'ltr' : undefined} />
      {error(name)}
    </div>
  );

  return (
    <section className={styles.registration} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t('registration.heading')}</h2>
      <p className={styles.hint}>{t('registration.required')}</p>
      <ErrorSummary
        errors={registrationFields.flatMap((f) => (errors[f] ? [[f, errors[f]] as const] : []))}
        idOf={(f) => `${id}-${f}`}
        failure={status.kind === 'done' && status.outcome !== 'registered' ? status.message : undefined}
      />
      <form ref={formRef} noValidate onSubmit={onSubmit} className={styles.form}>
        <Honeypot />
        {text('name', 'name')}
        {text('email', 'email', 'email')}
        {text('title', 'organization-title')}
        {text('company', 'organization')}
        {text('nationality', 'off')}
        {text('countryOfResidence', 'country-name')}
        <div className={styles.field}>
          <label htmlFor={`${id}-heardFrom`}>{t('registration.heardFrom')}</label>
          <select {...field('heardFrom')} className={styles.control} defaultValue="" required>
            <option value="" disabled>
              {t('registration.choose')}
            </option>
            {HEARD.map((h) => (
              <option key={h} value={h}>
                {t(`registration.heard.${h}`)}
              </option>
            ))}
          </select>
          {error('heardFrom')}
        </div>
        <fieldset key={`${availability.online}-${availability.inPerson}`} className={styles.field} aria-describedby={errors.attendance ? `${id}-attendance-error` : undefined}>
          <legend>{t('registration.attendance')}</legend>
          {availability.online ? (
            <label className={styles.choice}>
              <input type="radio" name="attendance" value="online" defaultChecked={!availability.inPerson} /> {t('registration.online')}
            </label>
          ) : null}
          {availability.inPerson ? (
            <label className={styles.choice}>
              <input type="radio" name="attendance" value="in-person" /> {t('registration.inPerson')}
              {availability.seatsLeft > 0 ? <span className={styles.seats}> ({t('registration.seatsLeft', { count: availability.seatsLeft })})</span> : null}
            </label>
          ) : data.attendance !== 'online' ? (
            <p className={styles.note}>{messages['in-person-full']}</p>
          ) : null}
          {error('attendance')}
        </fieldset>
        <div className={styles.field}>
          <label className={styles.choice}>
            <input {...field('vaccinated')} type="checkbox" required /> {t('registration.vaccinated')}
          </label>
          {error('vaccinated')}
        </div>
        <button type="submit" className={styles.button} disabled={status.kind === 'submitting'}>
          {status.kind === 'submitting' ? t('registration.submitting') : t('registration.submit')}
        </button>
      </form>
    </section>
  );
}
