import { useEffect, useLayoutEffect, useRef, useState, type ReactElement } from 'react';
import { useForm } from 'react-hook-form';
import { pollErrors, pollMessages, pollResponseSchema, pollResultsSchema, pollVoteSchema, type PollResults, type PollVote } from '../forms';
import { useLang, useT, type ViewComponentProps } from '@qf/shared/react';
import { remember, remembered, voterId } from './browser-memory';
import { ErrorSummary } from './ErrorSummary';
import { FieldError, oneAtATime, SubmitButton, useFormId } from './form-parts';
import { failureMessage, postForm, schemaResolver } from './schema-resolver';
import styles from './small-forms.module.css';

export interface PollProps {
  /** The poll's content id. */
  pollId: string;
  /** The question and options in the page's language, when the placing page has them (server-rendered). */
  question?: string;
  options?: { id: string; label: string }[];
}

interface FormValues {
  optionId: string;
}

const votedKey = (pollId: string) => `qf-poll:${pollId}`;

/**
 * A poll (SPEC §2): four options as a radio group and a 'Vote' button; once this browser has voted
 * (remembered in its storage, and known to the server by its voter id) it shows the results with each
 * option's 'Votes'. A second vote is refused by the server and answered with the results.
 */
export function Poll({ data }: ViewComponentProps<PollProps>): ReactElement {
  const t = useT();
  const lang = useLang();
  const id = useFormId(data);
  const [results, setResults] = useState<PollResults | null>(null);
  const [notice, setNotice] = useState<{ text: string; alert: boolean } | null>(null);
  const [closed, setClosed] = useState(false);
  const { register, handleSubmit, setError, formState } = useForm<FormValues, unknown, PollVote>({
    resolver: schemaResolver<FormValues, PollVote>((v) => pollErrors(v, lang), (v) => pollVoteSchema.parse(v)),
    defaultValues: { optionId: '' },
  });

  const [poll, setPoll] = useState<{ question: string; options: { id: string; label: string }[] } | null>(data.question && data.options ? { question: data.question, options: data.options } : null);

  useEffect(() => {
    let cancelled = false;
    fetch(`/api/forms/polls/${encodeURIComponent(data.pollId)}?lang=${lang}&voter=${encodeURIComponent(voterId())}`)
      .then((r) => (r.ok ? r.json() : null))
      .then((body: unknown) => {
        const parsed = pollResultsSchema.safeParse(body);
        if (cancelled || !parsed.success) return;
        setPoll({ question: parsed.data.question, options: parsed.data.options.map(({ id: optionId, label }) => ({ id: optionId, label })) });
        setClosed(!parsed.data.open);
        // Results once this browser has voted (the server knows) or the poll is over.
        if (parsed.data.votedFor || remembered(votedKey(data.pollId)) || !parsed.data.open) setResults(parsed.data);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [data.pollId, lang]);

  const onValid = async (values: PollVote) => {
    setNotice(null);
    try {
      const parsed = pollResponseSchema.safeParse(await postForm(`/api/forms/polls/${encodeURIComponent(data.pollId)}/votes?lang=${lang}`, { optionId: values.optionId, voterId: voterId() }));
      if (!parsed.success) throw new Error('unexpected answer');
      const answer = parsed.data;
      if (answer.outcome === 'invalid') {
        setError('optionId', { type: 'server', message: answer.errors?.optionId ?? pollMessages[lang].select }, { shouldFocus: true });
        if (!answer.errors?.optionId) setNotice({ text: answer.message, alert: true });
        return;
      }
      if (answer.outcome === 'voted' || answer.outcome === 'already-voted') remember(votedKey(data.pollId), 'voted');
      if (answer.results) setResults(answer.results);
      setNotice({ text: answer.message, alert: answer.outcome !== 'voted' && answer.outcome !== 'already-voted' });
    } catch (error) {
      setNotice({ text: failureMessage(error, pollMessages[lang].error), alert: true });
    }
  };

  const headingId = `${id}-question`;
  if (!poll)
    return (
      <section className={styles.panel} aria-busy="true">
        <p>{t('engagement.poll.loading')}</p>
      </section>
    );

  const status = notice ? (
    <p className={styles.notice} role={notice.alert ? 'alert' : 'status'}>
      {notice.text}
    </p>
  ) : (
    <p className={styles.notice} role="status" />
  );

  if (results) {
    const total = results.total;
    return (
      <section className={styles.panel} aria-labelledby={headingId}>
        <h2 id={headingId}>{results.question || poll.question}</h2>
        {status}
        <ul className={styles.results}>
          {results.options.map((o) => {
            const percent = total ? Math.round((o.votes / total) * 100) : 0;
            return (
              <li key={o.id} className={styles.result}>
                <div className={styles.resultHead}>
                  <span className={o.id === results.votedFor ? styles.mine : undefined}>
                    {o.label}
                    {o.id === results.votedFor ? ` (${t('engagement.poll.yourChoice')})` : ''}
                  </span>
                  <span>
                    {t('engagement.poll.votes', { count: o.votes })} · {t('engagement.poll.percent', { percent })}
                  </span>
                </div>
                <div className={styles.bar} aria-hidden="true">
                  <BarFill className={styles.fill} percent={percent} />
                </div>
              </li>
            );
          })}
        </ul>
        <p className={styles.fieldHint}>{t('engagement.poll.total', { count: total })}</p>
      </section>
    );
  }

  const message = formState.errors.optionId?.message;
  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <ErrorSummary errors={message ? [['optionId', message]] : []} idOf={() => `${id}-option-0`} />
      {status}
      <form className={styles.form} method="post" action={`/api/forms/polls/${encodeURIComponent(data.pollId)}/votes?lang=${lang}`} noValidate onSubmit={oneAtATime(formState.isSubmitting, handleSubmit(onValid))}>
        <fieldset className={styles.field} aria-describedby={message ? `${id}-optionId-error` : undefined} disabled={closed}>
          <legend>
            <h2 id={headingId}>{poll.question}</h2>
          </legend>
          {poll.options.map((o, i) => (
            <label key={o.id} className={styles.choice}>
              <input {...register('optionId')} id={`${id}-option-${i}`} type="radio" value={o.id} aria-invalid={message ? true : undefined} /> {o.label}
            </label>
          ))}
          <FieldError formId={id} name="optionId" message={message} />
        </fieldset>
        <SubmitButton className={styles.button} busy={formState.isSubmitting} disabled={closed}>
          {t('engagement.poll.vote')}
        </SubmitButton>
      </form>
    </section>
  );
}

const useIsomorphicLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

/**
 * The filled part of a result bar. Its width is set through the CSSOM, never as a `style` attribute:
 * the site's CSP has no 'unsafe-inline' for styles, so a server-rendered style attribute is blocked.
 */
function BarFill({ className, percent }: { className?: string; percent: number }): ReactElement {
  const ref = useRef<HTMLDivElement>(null);
  useIsomorphicLayoutEffect(() => {
    ref.current?.style.setProperty('inline-size', `${percent}%`);
  }, [percent]);
  return <div ref={ref} className={className} />;
}
