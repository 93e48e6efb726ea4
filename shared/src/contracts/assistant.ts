import * as z from '@qf/shared/zod';

/**
 * The "Ask" assistant (issue 38): the shell's panel asks mf-content, the owner of search, what answers a
 * visitor's question (`GET ASK_PATH?q=…&lang=en|ar`, through the shell's gateway), and shows each page
 * with the question's words it has, or when it starts for the next events.
 */
export const ASK_PATH = '/api/content/ask';
/** At most this many pages answer a question. */
export const ASK_ANSWER_SIZE = 3;
/** The longest question asked (as the search's text). */
export const ASK_MAX_LENGTH = 200;

export const askAnswerSchema = z.object({
  items: z
    .array(
      z.object({
        id: z.string(),
        type: z.string(),
        title: z.string(),
        excerpt: z.string(),
        /** A path of the site. */
        url: z.string().check(z.startsWith('/')),
        /** The question's words this page has, as the visitor wrote them: why it answers. */
        matched: z.array(z.string()),
        /** For the next events: when each starts (ISO). */
        date: z.optional(z.string()),
      }),
    )
    .check(z.maxLength(ASK_ANSWER_SIZE)),
  /** What the question was understood to be about: the text of the full search it leads to. */
  words: z.array(z.string()),
  /** What it asks for (apply, contact, events, places, people, programmes, about), most likely first. */
  intents: z.array(z.string()),
});
export type AskAnswer = z.infer<typeof askAnswerSchema>;
