import { useId, type FormEvent, type ReactElement, type ReactNode } from 'react';
import type { FieldErrors, FieldValues, UseFormRegisterReturn } from 'react-hook-form';
import type { FormAnswer } from '@qf/shared/contracts';
import styles from './small-forms.module.css';

/** The ids and ARIA state that tie a control to its label, its hint and its error message. */
export function describedControl(formId: string, name: string, message: string | undefined, hint = false) {
  const describedBy = [hint ? `${formId}-${name}-hint` : null, message ? `${formId}-${name}-error` : null].filter(Boolean).join(' ');
  return { id: `${formId}-${name}`, 'aria-invalid': message ? true : undefined, 'aria-describedby': describedBy || undefined } as const;
}

/**
 * A form's submit button. While the form is being sent (`busy`) it says so and a press does nothing,
 * but it keeps focus (aria-disabled, not disabled): a disabled button loses focus, and after a keyboard
 * submit focus fell to <body> (issue 38, item 3). `disabled` is for a form that cannot be sent at all.
 */
export function SubmitButton({ busy, disabled, className, children }: { busy: boolean; disabled?: boolean; className?: string; children: ReactNode }): ReactElement {
  return (
    <button type="submit" className={className} disabled={disabled} aria-disabled={busy || undefined} onClick={(e) => busy && e.preventDefault()}>
      {children}
    </button>
  );
}

/** A form's submit handler that lets a submit pass only when none is being sent (Enter in a field submits without the button). */
export function oneAtATime(busy: boolean, submit: (event: FormEvent<HTMLFormElement>) => unknown): (event: FormEvent<HTMLFormElement>) => void {
  return (event) => {
    if (busy) {
      event.preventDefault();
      return;
    }
    void submit(event);
  };
}

/** A field's message, next to it. */
export function FieldError({ formId, name, message }: { formId: string; name: string; message: string | undefined }): ReactElement | null {
  return message ? (
    <p id={`${formId}-${name}-error`} className={styles.error}>
      {message}
    </p>
  ) : null;
}

/**
 * A labelled one-line text field with its message next to it. An email address is typed left to right
 * in both languages. `classes` are the form's own field and control styles.
 */
export function TextField({ formId, label, message, control, classes, type = 'text', autoComplete, required, defaultValue }: {
  formId: string;
  label: string;
  message: string | undefined;
  /** What react-hook-form's `register(name)` returned. */
  control: UseFormRegisterReturn;
  classes: { field: string; control: string };
  type?: 'text' | 'email';
  autoComplete: string;
  required?: boolean;
  /** What the visitor typed, when the form was sent back to them (an uncontrolled field's starting value). */
  defaultValue?: string;
}): ReactElement {
  const name = control.name;
  return (
    <div className={classes.field}>
      <label htmlFor={`${formId}-${name}`}>{label}</label>
      <input {...control} {...describedControl(formId, name, message)} className={classes.control} type={type} autoComplete={autoComplete} required={required} dir={type === 'email' ? 'ltr' : undefined} defaultValue={defaultValue} />
      <FieldError formId={formId} name={name} message={message} />
    </div>
  );
}

/**
 * The messages by field of a form sent back (the form-answer contract) as react-hook-form's errors: the
 * form starts with them, on the server and once hydrated (its `errors` option).
 */
export function fieldErrorsOf(answer: FormAnswer | undefined): FieldErrors | undefined {
  if (!answer?.errors || !Object.keys(answer.errors).length) return undefined;
  return Object.fromEntries(Object.entries(answer.errors).map(([field, message]) => [field, { type: 'server', message }])) as FieldErrors;
}

/** The form's errors in field order, for the summary. */
export function errorList<T extends FieldValues>(errors: FieldErrors<T>, order: readonly string[]): [string, string][] {
  return order.flatMap((field) => {
    const message = (errors as Record<string, { message?: unknown } | undefined>)[field]?.message;
    return typeof message === 'string' ? [[field, message] as [string, string]] : [];
  });
}

/**
 * A prefix for a widget's element ids, unique on the page and the same on the server and in the
 * browser. Each widget is its own React root, so `useId` alone repeats across widgets (two forms on one
 * page would both have `_R_0_-heading`); the shell's `widgetKey` (`mf-forms/Poll#page`) tells them apart.
 */
export function useFormId(data: unknown): string {
  const reactId = useId();
  const key = data && typeof data === 'object' && typeof (data as { widgetKey?: unknown }).widgetKey === 'string' ? (data as { widgetKey: string }).widgetKey : '';
  return key ? `${key.replace(/[^A-Za-z0-9_-]+/g, '-')}${reactId.replace(/[^A-Za-z0-9_-]+/g, '')}` : reactId;
}
