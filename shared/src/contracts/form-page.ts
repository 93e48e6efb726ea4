// Apart from form-answer.ts (no zod here): the browser builds of the forms import only this.

/** The query parameter of a form sent again from its answer page: the page it is on (`formAnswerSchema`'s `page`). */
export const FORM_PAGE_PARAM = 'qf-page';

/** A form's action with the page it is shown in, when it was sent back to the visitor in that page. */
export const actionWithPage = (action: string, answer: { page?: string } | undefined): string =>
  answer?.page ? `${action}${action.includes('?') ? '&' : '?'}${FORM_PAGE_PARAM}=${encodeURIComponent(answer.page)}` : action;
