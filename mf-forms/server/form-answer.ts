import type { FastifyReply, FastifyRequest } from 'fastify';
import { FORM_ANSWER_HEADER, FORM_ANSWER_TYPE, formAnswerSchema, type FormAnswer, type WidgetId } from '@qf/shared/contracts';

/** A value longer than this is not given back (no field of these forms takes as much). */
const MAX_VALUE_LENGTH = 10_000;

/** Whether the shell offered to show the answer in the page the form is on (see FORM_ANSWER_HEADER). */
export const pageTakesAnswer = (request: FastifyRequest): boolean => request.headers[FORM_ANSWER_HEADER] !== undefined;

/** The text values of `fields` as the visitor sent them, to refill the form (anything else is left out). */
export function sentValues(body: Record<string, unknown>, fields: readonly string[]): Record<string, string> {
  return Object.fromEntries(fields.flatMap((f) => (typeof body[f] === 'string' && (body[f] as string).length <= MAX_VALUE_LENGTH ? [[f, body[f] as string]] : [])));
}

/** An outcome of the forms API (`{outcome, message, errors?}`) as the answer the shell places in the page. */
export function formAnswer(widget: WidgetId, body: { outcome: string; message: string } & Record<string, unknown>, values: Record<string, string>, filesDropped = false): FormAnswer {
  const errors = body.errors && typeof body.errors === 'object' ? Object.fromEntries(Object.entries(body.errors as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === 'string')) : undefined;
  return formAnswerSchema.parse({ widget, outcome: body.outcome, message: body.message, ...(errors && Object.keys(errors).length ? { errors } : {}), values, ...(filesDropped ? { filesDropped } : {}) });
}

export const sendFormAnswer = (reply: FastifyReply, status: number, answer: FormAnswer): FastifyReply => reply.code(status).header('Cache-Control', 'no-store').type(FORM_ANSWER_TYPE).send(JSON.stringify(answer));
