import { useEffect, useRef, useState, type ReactElement } from 'react';
import { useForm } from 'react-hook-form';
import { registrationErrors, registrationFields, registrationMessages, registrationResponseSchema, registrationSchema, type RegistrationField, type RegistrationInput, type RegistrationOutcome } from '../forms';
import { actionWithPage, type FormAnswer } from '@qf/shared/contracts';
import { useLang, useT, type ViewComponentProps } from '@qf/shared/react';
import { ErrorSummary } from './ErrorSummary';
import { describedControl, errorList, FieldError, fieldErrorsOf, oneAtATime, SubmitButton, TextField, useFormId } from './form-parts';
import { Honeypot } from './Honeypot';
import { failureMessage, postForm, schemaResolver } from './schema-resolver';
import styles from './EventRegistration.module.css';

export interface EventRegistrationProps {
  eventId: string;
  /** Registration open and the event not over, at render time. */
  open: boolean;
  attendance: 'online' | 'in-person' | 'hybrid';
  /**
   * The seats left at render time, as `GET /api/forms/events/{eventId}/availability` answers (the
   * event page asks it on the server): with it the server HTML already says full, or offers online
   * attendance only, before any script runs. Without it the widget learns it once hydrated.
   */
  availability?: Availability;
  /** The form sent back by the shell's answer page (posted before or without the script): refilled, with its messages. */
  answer?: FormAnswer;
}

export interface Availability {
  open: boolean;
  online: boolean;
  inPerson: boolean;
  seatsLeft: number;
}

/** What the widget offers before it has asked the API: the page's seats when it had them, else every way of attending. */
export function initialAvailability(data: Pick<EventRegistrationProps, 'open' | 'attendance' | 'availability'>): Availability {
  const offered = { online: data.attendance !== 'in-person', inPerson: data.attendance !== 'online' };
  if (!data.availability) return { open: data.open, ...offered, seatsLeft: -1 };
  const a = data.availability;
  return { open: data.open && a.open, online: offered.online && a.online, inPerson: offered.inPerson && a.inPerson, seatsLeft: a.seatsLeft };
}

const OUTCOMES = registrationResponseSchema.shape.outcome.options;

/** The answer sent back, when it is one of this form's outcomes. */
function answerOf(answer: FormAnswer | undefined): { outcome: RegistrationOutcome; message: string } | null {
  const outcome = OUTCOMES.find((o) => o === answer?.outcome);
  return answer && outcome ? { outcome, message: answer.message } : null;
}

/** What an outcome says of the seats: the in-person ones gone, every one gone, or registration closed. */
function afterOutcome(a: Availability, outcome: RegistrationOutcome | undefined): Availability {
  if (outcome === 'in-person-full') return { ...a, inPerson: false, seatsLeft: 0 };
  if (outcome === 'full' || outcome === 'closed') return { ...a, open: outcome !== 'closed', online: false, inPerson: false };
  return a;
}

type FormValues = Omit<Record<RegistrationField, string>, 'attendance' | 'vaccinated'> & { attendance: string | null; vaccinated: boolean };

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
  const id = useFormId(data);
  const formRef = useRef<HTMLFormElement>(null);
  // A form sent back starts where the visitor left it: the outcome it had, its messages, what was typed.
  const sent = answerOf(data.answer);
  const [result, setResult] = useState<{ outcome: RegistrationOutcome; message: string } | null>(() => (sent && sent.outcome !== 'invalid' ? { outcome: sent.outcome, message: sent.message } : null));
  const [availability, setAvailability] = useState<Availability>(() => afterOutcome(initialAvailability(data), sent?.outcome));
  const [sentErrors] = useState(() => fieldErrorsOf(data.answer));
  const typed = data.answer?.values ?? {};
  const messages = registrationMessages[lang];
  // No default values: the server markup is the form's starting state, read field by field when the
  // widget hydrates (text typed before the code arrived is kept), with the attendance choice checked
  // there when only one is offered. A form sent back has what was typed in that markup.
  const { register, handleSubmit, setError, setValue, formState } = useForm<FormValues, unknown, RegistrationInput>({
    resolver: schemaResolver<FormValues, RegistrationInput>((v) => registrationErrors(v, lang), (v) => registrationSchema.parse(v)),
    ...(sentErrors ? { errors: sentErrors } : {}),
  });
  const errors = formState.errors;
  const message = (name: RegistrationField) => errors[name]?.message;

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

  // The states that end the form keep the section and its heading, so the visitor keeps the context.
  const final = !availability.open ? (
    <p className={styles.closed} role="status">
      {messages.closed}
    </p>
  ) : !availability.online && !availability.inPerson ? (
    <p className={styles.closed} role="status">
      {messages.full}
    </p>
  ) : result?.outcome === 'registered' ? (
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

  const onValid = async (values: RegistrationInput) => {
    try {
      const website = (formRef.current?.elements.namedItem('website') as HTMLInputElement | null)?.value ?? '';
      const parsed = registrationResponseSchema.safeParse(await postForm(`/api/forms/events/${encodeURIComponent(data.eventId)}/registrations?lang=${lang}`, { ...values, website }));
      // Any other answer (a proxy's error page) is the generic error; a 429/403 says why.
      if (!parsed.success) throw new Error('unexpected answer');
      const { outcome, errors: fieldErrors } = parsed.data;
      if (outcome === 'invalid' && fieldErrors) {
        registrationFields.filter((f) => fieldErrors[f]).forEach((f, i) => setError(f, { type: 'server', message: fieldErrors[f] }, { shouldFocus: i === 0 }));
        return;
      }
      setAvailability((a) => afterOutcome(a, outcome));
      setResult({ outcome, message: parsed.data.message });
    } catch (error) {
      setResult({ outcome: 'error', message: failureMessage(error, messages.error) });
    }
  };

  const text = (name: 'name' | 'email' | 'title' | 'company' | 'nationality' | 'countryOfResidence', autoComplete: string, type: 'text' | 'email' = 'text') => (
    <TextField formId={id} label={t(`registration.${name}`)} message={message(name)} control={register(name)} classes={{ field: styles.field!, control: styles.control! }} type={type} autoComplete={autoComplete} required defaultValue={typed[name]} />
  );
  const attendanceError = message('attendance');
  // The first choice offered carries the group's id, so the summary's link has somewhere to go.
  const firstChoice = availability.online ? 'online' : 'in-person';
  const choice = (value: 'online' | 'in-person') => {
    const field = register('attendance');
    return {
      ...field,
      // React-hook-form gives a radio group the value of its first radio when it meets the next one,
      // and so unchecks a later choice the visitor made before the widget hydrated: it is put back.
      ref: (el: HTMLInputElement | null) => {
        const chosen = el?.checked;
        field.ref(el);
        if (el && chosen && !el.checked) setValue('attendance', el.value);
      },
      id: value === firstChoice ? `${id}-attendance` : undefined,
      type: 'radio',
      value,
      'aria-invalid': attendanceError ? true : undefined,
    };
  };

  return (
    <section className={styles.registration} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t('registration.heading')}</h2>
      <p className={styles.hint}>{t('registration.required')}</p>
      <ErrorSummary errors={errorList(errors, registrationFields)} idOf={(f) => `${id}-${f}`} failure={result && result.outcome !== 'registered' ? result.message : undefined} />
      <form
        ref={formRef}
        // Sent as a plain form post if the visitor submits before the script runs: never as a GET,
        // which would put their name and email in the address bar and the server's logs.
        method="post"
        action={actionWithPage(`/api/forms/events/${encodeURIComponent(data.eventId)}/registrations?lang=${lang}`, data.answer)}
        noValidate
        onSubmit={oneAtATime(formState.isSubmitting, (e) => {
          setResult(null);
          return handleSubmit(onValid)(e);
        })}
        className={styles.form}
      >
        <Honeypot />
        {text('name', 'name')}
        {text('email', 'email', 'email')}
        {text('title', 'organization-title')}
        {text('company', 'organization')}
        {text('nationality', 'off')}
        {text('countryOfResidence', 'country-name')}
        <div className={styles.field}>
          <label htmlFor={`${id}-heardFrom`}>{t('registration.heardFrom')}</label>
          {/* defaultValue: without it a browser selects the first option that is not disabled. */}
          <select {...register('heardFrom')} {...describedControl(id, 'heardFrom', message('heardFrom'))} className={styles.control} defaultValue={HEARD.find((h) => h === typed.heardFrom) ?? ''} required>
            <option value="" disabled>
              {t('registration.choose')}
            </option>
            {HEARD.map((h) => (
              <option key={h} value={h}>
                {t(`registration.heard.${h}`)}
              </option>
            ))}
          </select>
          <FieldError formId={id} name="heardFrom" message={message('heardFrom')} />
        </div>
        {/* The only choice offered is checked; keyed by the choices, so it is when it becomes the only one.
            No space before a choice's name (the flex gap spaces it): its label's text starts with the name. */}
        <fieldset key={`${availability.online}-${availability.inPerson}`} className={styles.field} aria-describedby={attendanceError ? `${id}-attendance-error` : undefined}>
          <legend>{t('registration.attendance')}</legend>
          {availability.online ? (
            <label className={styles.choice}>
              <input {...choice('online')} defaultChecked={!availability.inPerson || typed.attendance === 'online'} />
              {t('registration.online')}
            </label>
          ) : null}
          {availability.inPerson ? (
            <label className={styles.choice}>
              <input {...choice('in-person')} defaultChecked={!availability.online || typed.attendance === 'in-person'} />
              {t('registration.inPerson')}
              {availability.seatsLeft > 0 ? <span className={styles.seats}> ({t('registration.seatsLeft', { count: availability.seatsLeft })})</span> : null}
            </label>
          ) : data.attendance !== 'online' ? (
            <p className={styles.note}>{messages['in-person-full']}</p>
          ) : null}
          <FieldError formId={id} name="attendance" message={attendanceError} />
        </fieldset>
        <div className={styles.field}>
          <label className={styles.choice}>
            <input {...register('vaccinated')} {...describedControl(id, 'vaccinated', message('vaccinated'))} type="checkbox" required defaultChecked={typed.vaccinated === 'on' || typed.vaccinated === 'true'} />
            {t('registration.vaccinated')}
          </label>
          <FieldError formId={id} name="vaccinated" message={message('vaccinated')} />
        </div>
        <SubmitButton className={styles.button} busy={formState.isSubmitting}>
          {formState.isSubmitting ? t('registration.submitting') : t('registration.submit')}
        </SubmitButton>
      </form>
    </section>
  );
}
