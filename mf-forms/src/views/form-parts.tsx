import { useId, type ReactElement } from 'react';
import type { FieldErrors, FieldValues } from 'react-hook-form';
import styles from './small-forms.module.css';

/** The ids and ARIA state that tie a control to its label, its hint and its error message. */
export function describedControl(formId: string, name: string, message: string | undefined, hint = false) {
  const describedBy = [hint ? `${formId}-${name}-hint` : null, message ? `${formId}-${name}-error` : null].filter(Boolean).join(' ');
  return { id: `${formId}-${name}`, 'aria-invalid': message ? true : undefined, 'aria-describedby': describedBy || undefined } as const;
}

/** A field's message, next to it. */
export function FieldError({ formId, name, message }: { formId: string; name: string; message: string | undefined }): ReactElement | null {
  return message ? (
    <p id={`${formId}-${name}-error`} className={styles.error}>
      {message}
    </p>
  ) : null;
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
