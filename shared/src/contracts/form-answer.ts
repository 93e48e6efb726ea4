import * as z from '@qf/shared/zod';
import { widgetIdSchema } from './page-data';

/**
 * A form posted by the page itself, before or without its script (a plain form post), is answered as
 * a page of the site: the page the form is on, with the form refilled and each message by its field.
 * The shell's gateway offers that with this request header when it forwards such a post; a section that
 * takes the offer answers `FORM_ANSWER_TYPE` (the JSON of `formAnswerSchema`, with the outcome's status)
 * instead of a page of its own, and the shell renders the page with the answer given to that widget as
 * its `answer` prop. Without the header (the section reached directly) it answers as before.
 */
export const FORM_ANSWER_HEADER = 'x-qf-form-answer';
export const FORM_ANSWER_TYPE = 'application/vnd.qf.form-answer+json';
/** The largest answer the shell reads (the values of a form are bounded far below this by the sections' limits). */
export const FORM_ANSWER_MAX_BYTES = 256 * 1024;


export const formAnswerSchema = z.object({
  /** The widget that placed the form: it gets the answer. */
  widget: widgetIdSchema,
  outcome: z.string(),
  /** The message for the whole form, in the request's language. */
  message: z.string(),
  /** A message per field to correct, by field name. */
  errors: z.optional(z.record(z.string(), z.string())),
  /** What the visitor typed, by field name (never a file, never the honeypot), to refill the form. */
  values: z.optional(z.record(z.string(), z.string())),
  /** The form had file fields: files cannot be given back, the visitor chooses them again (said plainly). */
  filesDropped: z.optional(z.boolean()),
  /**
   * Set by the shell: the page the answer is shown in. Without a script the browser's address is then
   * the form's (an API address), so the form sent again names its page in its action's query
   * (`FORM_PAGE_PARAM`), which the gateway reads and takes off before the section sees the request.
   */
  page: z.optional(z.string()),
});
export type FormAnswer = z.infer<typeof formAnswerSchema>;
