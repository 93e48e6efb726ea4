import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';

/**
 * A react-hook-form resolver over a shared form schema: `errorsOf` gives each field's message in the
 * visitor's language (the same function the server answers with), `parse` the values the API is sent.
 */
export function schemaResolver<T extends FieldValues, Out extends FieldValues = T>(errorsOf: (values: T) => Partial<Record<string, string>>, parse: (values: T) => Out): Resolver<T, unknown, Out> {
  return async (values) => {
    const errors = errorsOf(values);
    const fields = Object.entries(errors).filter((e): e is [string, string] => typeof e[1] === 'string');
    if (fields.length === 0) return { values: parse(values), errors: {} };
    return { values: {}, errors: Object.fromEntries(fields.map(([name, message]) => [name, { type: 'schema', message }])) as FieldErrors<T> };
  };
}

/** A key per submission, so a retried request is recognised by the server. */
export function newKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/**
 * The API's own refusal of a submission (429 too many from this connection, 403 not from the site),
 * which it words in the visitor's language: shown as it is, where other failures get the form's
 * generic error.
 */
export class FormRefused extends Error {}

/** Reads a refusal out of an answer, if it is one. */
export function refusalOf(status: number, body: unknown): FormRefused | null {
  if (status !== 429 && status !== 403) return null;
  const message = body && typeof body === 'object' ? (body as { message?: unknown }).message : undefined;
  return typeof message === 'string' && message ? new FormRefused(message) : null;
}

/** What a failed submission tells the visitor: the API's refusal, else the form's generic error. */
export const failureMessage = (error: unknown, generic: string): string => (error instanceof FormRefused ? error.message : generic);

/** Posts a form's values as JSON to the forms API and reads its `{outcome, message}` answer (throws a refusal). */
export async function postForm(url: string, body: unknown): Promise<unknown> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': newKey() }, body: JSON.stringify(body) });
  const answer: unknown = await res.json();
  const refused = refusalOf(res.status, answer);
  if (refused) throw refused;
  return answer;
}
