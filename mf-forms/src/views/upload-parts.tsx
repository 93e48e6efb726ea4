import { useEffect, useRef, useState, type ReactElement, type ReactNode } from 'react';
import type { FieldErrors, FieldValues, Path, UseFormRegister, UseFormSetError, UseFormSetFocus } from 'react-hook-form';
import { MAX_UPLOAD_BYTES, uploadMessages, uploadResponseSchema, type FileFacts } from '../forms';
import type { FormAnswer } from '@qf/shared/contracts';
import type { Lang } from '@qf/shared/i18n';
import { useT } from '@qf/shared/react';
import { ErrorSummary } from './ErrorSummary';
import { failureMessage, newKey, refusalOf } from './schema-resolver';
import styles from './Uploads.module.css';

/** What the page that places an upload form passes: the window from its content entry. */
export interface UploadWindowProps {
  windowId: string;
  title: string;
  opensAt: string;
  closesAt: string;
  /** The form sent back by the shell's answer page (posted before or without the script): refilled, with its messages. */
  answer?: FormAnswer;
}

export type WindowState = 'open' | 'not-yet' | 'closed';

export function windowState({ opensAt, closesAt }: Pick<UploadWindowProps, 'opensAt' | 'closesAt'>, now = Date.now()): WindowState {
  if (now < Date.parse(opensAt)) return 'not-yet';
  return now < Date.parse(closesAt) ? 'open' : 'closed';
}

/** The chosen file of a file input, as the shared rules read it. */
export function chosenFile(value: unknown): FileFacts | null {
  const file = value && typeof value === 'object' && 'length' in value ? (value as FileList)[0] : undefined;
  return file ? { name: file.name, size: file.size } : null;
}

export type Status = { kind: 'idle' } | { kind: 'submitting' } | { kind: 'done'; message: string } | { kind: 'failed'; message: string };

interface FieldContext<T extends FieldValues> {
  formId: string;
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
}

const messageOf = <T extends FieldValues>(errors: FieldErrors<T>, name: string): string | undefined => {
  const m = (errors as Record<string, { message?: unknown } | undefined>)[name]?.message;
  return typeof m === 'string' ? m : undefined;
};

/** Label, hint, control and error of one field, tied together for assistive technology. */
export function Field<T extends FieldValues>({
  ctx,
  name,
  label,
  hint,
  optional,
  children,
}: {
  ctx: FieldContext<T>;
  name: Path<T>;
  label: string;
  hint?: string;
  optional?: boolean;
  children: (control: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string; className?: string }) => ReactNode;
}): ReactElement {
  const t = useT();
  const id = `${ctx.formId}-${name}`;
  const message = messageOf(ctx.errors, name);
  const describedBy = [hint ? `${id}-hint` : '', message ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className={styles.field}>
      <label htmlFor={id}>
        {label}
        {optional ? <span className={styles.muted}> ({t('uploads.optional')})</span> : null}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {children({ id, 'aria-invalid': message ? true : undefined, 'aria-describedby': describedBy || undefined, className: styles.control })}
      {message ? (
        <p id={`${id}-error`} className={styles.error}>
          {message}
        </p>
      ) : null}
    </div>
  );
}

/** A file input with its accepted types and the 10 MB hint. */
export function FileField<T extends FieldValues>({ ctx, name, label, accept, hint }: { ctx: FieldContext<T>; name: Path<T>; label: string; accept: readonly string[]; hint?: string }): ReactElement {
  const t = useT();
  const types = accept.join(', ');
  return (
    <Field ctx={ctx} name={name} label={label} hint={[hint, t('uploads.fileHint', { types })].filter(Boolean).join(' ')}>
      {(control) => <input {...control} {...ctx.register(name)} type="file" accept={accept.join(',')} data-max-bytes={MAX_UPLOAD_BYTES} />}
    </Field>
  );
}

/** The terms checkbox (`checked`: as the visitor left it, in a form sent back). */
export function TermsField<T extends FieldValues>({ ctx, name, checked }: { ctx: FieldContext<T>; name: Path<T>; checked?: boolean }): ReactElement {
  const t = useT();
  const id = `${ctx.formId}-${name}`;
  const message = messageOf(ctx.errors, name);
  return (
    <div className={styles.field}>
      <label className={styles.choice}>
        <input id={id} type="checkbox" value="true" aria-invalid={message ? true : undefined} aria-describedby={message ? `${id}-error` : undefined} defaultChecked={checked} {...ctx.register(name)} /> {t('uploads.terms')}
      </label>
      {message ? (
        <p id={`${id}-error`} className={styles.error}>
          {message}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The form's errors in field order, with a failure the server reported for the whole form; in a form
 * sent back with files chosen, that they must be chosen again (a page cannot give files back).
 */
export function UploadSummary<T extends FieldValues>({ formId, errors, order, failure, filesDropped }: { formId: string; errors: FieldErrors<T>; order: readonly string[]; failure?: string; filesDropped?: boolean }): ReactElement {
  const t = useT();
  const list = order.flatMap((f) => {
    const m = messageOf(errors, f);
    return m ? [[f, m] as const] : [];
  });
  return (
    <>
      <ErrorSummary errors={list} idOf={(f) => `${formId}-${f}`} failure={failure} />
      {filesDropped ? <p className={styles.filesAgain}>{t('uploads.filesAgain')}</p> : null}
    </>
  );
}

/** How an upload form sent back starts: done, or failed with its message (its field messages go to the fields). */
export function answeredStatus(answer: FormAnswer | undefined): Status {
  if (!answer) return { kind: 'idle' };
  return answer.outcome === 'submitted' ? { kind: 'done', message: answer.message } : { kind: 'failed', message: answer.message };
}

/** Moves the focus to the first field (in the form's order) that has an error, after each failed submit. */
export function useFocusFirstError<T extends FieldValues>(errors: FieldErrors<T>, order: readonly Path<T>[], submitCount: number, setFocus: UseFormSetFocus<T>): void {
  const handled = useRef(0);
  useEffect(() => {
    if (submitCount === handled.current) return;
    const first = order.find((f) => messageOf(errors, f));
    if (!first) return;
    handled.current = submitCount;
    setFocus(first);
  }, [errors, order, submitCount, setFocus]);
}

/**
 * Sends the form as multipart (its text fields, then its files) with a key that stays the same across
 * retries of this form, and turns the answer into a status; field errors the server found go next to
 * their fields.
 */
export function useUploadSubmit<T extends FieldValues>(url: string, lang: Lang, setError: UseFormSetError<T>, fields: readonly Path<T>[], answer?: FormAnswer) {
  const [status, setStatus] = useState<Status>(() => answeredStatus(answer));
  const [key] = useState(newKey);
  async function submit(form: HTMLFormElement): Promise<void> {
    setStatus({ kind: 'submitting' });
    try {
      const res = await fetch(url, { method: 'POST', headers: { accept: 'application/json', 'idempotency-key': key }, body: new FormData(form) });
      const answer: unknown = await res.json();
      const refused = refusalOf(res.status, answer);
      if (refused) throw refused;
      const parsed = uploadResponseSchema.safeParse(answer);
      if (!parsed.success) throw new Error('unexpected answer');
      if (res.ok) return setStatus({ kind: 'done', message: parsed.data.message });
      for (const field of fields) {
        const message = parsed.data.errors?.[field];
        if (message) setError(field, { type: 'server', message }, { shouldFocus: field === fields.find((f) => parsed.data.errors?.[f]) });
      }
      setStatus({ kind: 'failed', message: parsed.data.message });
    } catch (error) {
      setStatus({ kind: 'failed', message: failureMessage(error, uploadMessages[lang].error) });
    }
  }
  return { status, submit };
}
