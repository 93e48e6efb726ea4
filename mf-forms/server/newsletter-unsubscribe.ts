import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { MIN_SECRET_LENGTH, type FormsEnv } from './config';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NEWSLETTER_LISTS, newsletterMessages, type NewsletterList } from '../src/forms';
import { isLang, type Lang } from '@qf/shared/i18n';
import { localePath } from '@qf/shared/routing';
import { FORM_BODY_LIMIT } from './body';
import { keptInDataDir } from './data-file';
import type { Db } from './db';
import { confirmPage, outcomePage } from './outcome-page';
import { loggedError } from './log';

export const UNSUBSCRIBE_PATH = '/api/forms/newsletter/unsubscribe';
export const SECRET_FILE = 'forms-secret';

const strings = {
  en: {
    title: 'Unsubscribe from the newsletter',
    question: 'Do you want to stop receiving the Qatar Foundation newsletter at this address?',
    button: 'Unsubscribe',
    unsubscribed: 'You have been unsubscribed. You will not receive our newsletter any more.',
    invalidLink: 'This unsubscribe link is not valid. Please use the complete link from one of our newsletter emails.',
    home: 'Go to the home page',
  },
  ar: {
    title: 'إلغاء الاشتراك في النشرة الإخبارية',
    question: 'هل تريد التوقف عن تلقي النشرة الإخبارية لمؤسسة قطر على هذا العنوان؟',
    button: 'إلغاء الاشتراك',
    unsubscribed: 'تم إلغاء اشتراكك. لن تصلك نشرتنا الإخبارية بعد الآن.',
    invalidLink: 'رابط إلغاء الاشتراك هذا غير صالح. يُرجى استخدام الرابط كاملاً كما ورد في إحدى رسائل نشرتنا الإخبارية.',
    home: 'الانتقال إلى الصفحة الرئيسية',
  },
} as const;

/** What the unsubscribe page asks and says for IDKT's quarterly list instead of the monthly one. */
const idktStrings = {
  en: {
    title: 'Unsubscribe from the IDKT newsletter',
    question: 'Do you want to stop receiving the quarterly IDKT newsletter at this address?',
    unsubscribed: 'You have been unsubscribed. You will not receive the IDKT newsletter any more.',
  },
  ar: {
    title: 'إلغاء الاشتراك في نشرة تنمية الصناعة ونقل المعرفة',
    question: 'هل تريد التوقف عن تلقي النشرة الفصلية لتنمية الصناعة ونقل المعرفة على هذا العنوان؟',
    unsubscribed: 'تم إلغاء اشتراكك. لن تصلك نشرة تنمية الصناعة ونقل المعرفة بعد الآن.',
  },
} as const;

export const unsubscribeMessages = (lang: Lang, list: NewsletterList = 'general') => (list === 'idkt-quarterly' ? { ...strings[lang], ...idktStrings[lang] } : strings[lang]);

/** The subscription's key, as the newsletter stores it (`email_normalized`). */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/**
 * The key unsubscribe links are signed with. `FORMS_SECRET` when set (required when several servers share
 * one PostgreSQL: each would otherwise sign with its own); otherwise generated on the first start and kept
 * in the forms data folder (mode 0600), like the VAPID keys, so links already mailed stay valid.
 */
export function loadFormsSecret({ env, dataDir }: { env: Pick<FormsEnv, 'FORMS_SECRET'>; dataDir: string }): Buffer {
  // Its length is checked with the rest of the environment (config.ts).
  if (env.FORMS_SECRET) return Buffer.from(env.FORMS_SECRET, 'utf8');
  return keptInDataDir(
    dataDir,
    SECRET_FILE,
    (text, file) => {
      if (text.trim().length < MIN_SECRET_LENGTH) throw new Error(`${file} is not a valid secret file: it holds fewer than ${MIN_SECRET_LENGTH} characters`);
      return Buffer.from(text.trim(), 'utf8');
    },
    () => `${randomBytes(32).toString('base64url')}\n`,
  );
}

/**
 * The site's public origin, for links in emails: `SITE_URL` (the variable the shell reads for canonical
 * links), else the first of `SHELL_ORIGINS` (the browser reaches the forms API through the shell).
 */
export function siteOrigin(env: Partial<Pick<FormsEnv, 'SITE_URL' | 'SHELL_ORIGINS'>>): string {
  const name = env.SITE_URL?.trim() ? 'SITE_URL' : 'SHELL_ORIGINS';
  const value = env.SITE_URL?.trim() || (env.SHELL_ORIGINS ?? 'http://127.0.0.1:3000').split(',')[0]!.trim();
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an http(s) URL such as https://www.qf.org.qa (got ${JSON.stringify(value)})`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`${name} must be an http(s) URL such as https://www.qf.org.qa (got ${JSON.stringify(value)})`);
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

/** What the newsletter needs to sign its links and the unsubscribe endpoint to check them. */
export interface NewsletterLinks {
  /** The absolute, signed link of one subscriber's unsubscribe page, for one list. */
  unsubscribeUrl(lang: Lang, email: string, list?: NewsletterList): string;
  /** Whether `token` was made for `email` and `list` by this site (constant time). */
  verify(email: string, token: string, list?: NewsletterList): boolean;
}

export function newsletterLinks(secret: Buffer, origin: string): NewsletterLinks {
  // The monthly list's links sign the address alone (links already mailed stay valid); another list's
  // sign the list too, so a link unsubscribes from its own list only.
  const sign = (email: string, list: NewsletterList) =>
    createHmac('sha256', secret)
      .update(list === 'general' ? normalizeEmail(email) : `${list}\u0000${normalizeEmail(email)}`, 'utf8')
      .digest('base64url');
  return {
    unsubscribeUrl: (lang, email, list = 'general') =>
      `${origin}${UNSUBSCRIBE_PATH}?${new URLSearchParams({ lang, email, ...(list === 'general' ? {} : { list }), token: sign(email, list) }).toString()}`,
    verify(email, token, list = 'general') {
      const expected = Buffer.from(sign(email, list), 'utf8');
      const given = Buffer.from(token, 'utf8');
      // The length of a token is no secret (it is always that of a SHA-256 in base64url).
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

/** The list a request names (the monthly one when it names none), or null for one that does not exist. */
function listOf(request: FastifyRequest): NewsletterList | null {
  const { list } = (request.query ?? {}) as Record<string, unknown>;
  if (list === undefined) return 'general';
  return typeof list === 'string' && (NEWSLETTER_LISTS as readonly string[]).includes(list) ? (list as NewsletterList) : null;
}

/** The signed address and list a request carries in its query, or null when it carries none that this site signed. */
function signedAddress(request: FastifyRequest, links: NewsletterLinks): { email: string; list: NewsletterList } | null {
  const { email, token } = (request.query ?? {}) as Record<string, unknown>;
  const list = listOf(request);
  if (list === null || typeof email !== 'string' || typeof token !== 'string' || email.length > 254 || token.length > 100) return null;
  return links.verify(email, token, list) ? { email, list } : null;
}

/**
 * `GET` and `POST /api/forms/newsletter/unsubscribe?lang=&email=&token=`, the link of every newsletter
 * email. The GET only asks (mail scanners fetch links, and must not unsubscribe anyone); the POST — the
 * page's button, or a mail app's RFC 8058 one-click `List-Unsubscribe=One-Click` — deletes the
 * subscription. The token is the authorization, so the guard exempts this path from its Origin check.
 */
export async function registerNewsletterUnsubscribe(app: FastifyInstance, db: Db, links: NewsletterLinks): Promise<void> {
  await app.register(async (scope) => {
    // RFC 8058 lets a mail app send its one-click body as multipart/form-data; the body says nothing the
    // URL does not, so it is read (within the usual limit) and set aside.
    scope.addContentTypeParser('multipart/form-data', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, _body, done) => done(null, {}));

    const langOf = (request: FastifyRequest): Lang => {
      const lang = (request.query as Record<string, unknown> | undefined)?.lang;
      return isLang(lang) ? lang : 'en';
    };
    const page = (reply: FastifyReply, status: number, html: string) =>
      reply.code(status).header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer').type('text/html; charset=utf-8').send(html);
    const outcome = (reply: FastifyReply, lang: Lang, status: number, message: string, list: NewsletterList = 'general') =>
      page(reply, status, outcomePage(lang, message, localePath(lang, '/'), unsubscribeMessages(lang, list).title, strings[lang].home));

    scope.get(UNSUBSCRIBE_PATH, async (request, reply) => {
      const lang = langOf(request);
      const signed = signedAddress(request, links);
      if (signed === null) return outcome(reply, lang, 400, strings[lang].invalidLink);
      const { email, list } = signed;
      const s = unsubscribeMessages(lang, list);
      const { token } = request.query as { token: string };
      const action = `${UNSUBSCRIBE_PATH}?${new URLSearchParams({ lang, email, ...(list === 'general' ? {} : { list }), token }).toString()}`;
      return page(reply, 200, confirmPage(lang, { title: s.title, question: s.question, detail: email, action, button: s.button, back: localePath(lang, '/'), backText: s.home }));
    });

    scope.post(UNSUBSCRIBE_PATH, async (request, reply) => {
      const lang = langOf(request);
      const signed = signedAddress(request, links);
      if (signed === null) return outcome(reply, lang, 400, strings[lang].invalidLink);
      const { email, list } = signed;
      const normalized = normalizeEmail(email);
      try {
        // The address is personal data: once unsubscribed, nothing of it stays, neither the subscription
        // nor any newsletter email to it (a welcome still waiting is never sent). Same answer whether or
        // not the address was subscribed, so the page tells nobody who is.
        await db.transaction(async (tx) => {
          await tx.query('DELETE FROM newsletter_subscriptions WHERE email_normalized = $1 AND list = $2', [normalized, list]);
          // The address's other subscription (if any) still writes to it: only when none is left do its
          // waiting newsletter emails go too.
          const left = await tx.query('SELECT 1 FROM newsletter_subscriptions WHERE email_normalized = $1', [normalized]);
          if (!left.length) await tx.query("DELETE FROM email_outbox WHERE kind LIKE 'newsletter-%' AND (to_address = $2 OR lower(to_address) = $1)", [normalized, email.trim()]);
        });
      } catch (error) {
        request.log.error({ err: loggedError(error) }, 'newsletter unsubscription failed');
        return outcome(reply, lang, 503, newsletterMessages[lang].error, list);
      }
      return outcome(reply, lang, 200, unsubscribeMessages(lang, list).unsubscribed, list);
    });
  });
}
