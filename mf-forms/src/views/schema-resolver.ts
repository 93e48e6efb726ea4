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

/** Posts a form's values as JSON to the forms API and reads its `{outcome, message}` answer. */
export async function postForm(url: string, body: unknown): Promise<unknown> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': newKey() }, body: JSON.stringify(body) });
  return res.json();
}
