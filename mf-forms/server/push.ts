import https from 'node:https';
import type { FastifyInstance } from 'fastify';
import webpush from 'web-push';
import { hostStatus, publicOnlyLookup } from './public-host';
import { z } from 'zod';
import { isLang, type Lang } from '@qf/shared/i18n';
import { push as pushStrings } from '../src/strings/push';
import { keptInDataDir } from './data-file';
import type { Db, Queryable } from './db';
import type { FormsEnv } from './config';
import { loggedError } from './log';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

export const VAPID_FILE = 'vapid.json';
const DEFAULT_SUBJECT = 'mailto:webmaster@qf.org.qa';

/**
 * The VAPID keys push services know this site by. Set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY to use
 * your own; otherwise a pair is generated on the first start and kept in the forms data folder (file
 * mode 0600), so every later start (and `push:send`) signs with the same pair and existing
 * subscriptions keep working.
 */
export function loadVapidKeys({ env, dataDir }: { env: Pick<FormsEnv, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT'>; dataDir: string }): VapidKeys {
  const subject = env.VAPID_SUBJECT || DEFAULT_SUBJECT;
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject };
  const keys = keptInDataDir(
    dataDir,
    VAPID_FILE,
    (text, file) => {
      try {
        return z.object({ publicKey: z.string().min(80), privateKey: z.string().min(40) }).parse(JSON.parse(text));
      } catch (error) {
        throw new Error(`${file} is not a valid VAPID key file: ${String(error)}`);
      }
    },
    () => JSON.stringify(webpush.generateVAPIDKeys()),
  );
  return { ...keys, subject };
}

const base64url = (bytes: number) =>
  z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/)
    .refine((v) => Buffer.from(v, 'base64url').length === bytes);

/** A browser's PushSubscription as `toJSON()` gives it. */
export const pushSubscriptionSchema = z.object({
  endpoint: z
    .string()
    .max(2048)
    .refine((v) => {
      try {
        return new URL(v).protocol === 'https:';
      } catch {
        return false;
      }
    }),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url(65), auth: base64url(16) }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionSchema>;

const endpointSchema = z.object({ endpoint: pushSubscriptionSchema.shape.endpoint });

export const pushMessages = (lang: Lang) => pushStrings[lang].push;

/**
 * The push API. `GET /api/forms/push/key` gives the public VAPID key; `POST` and `DELETE
 * /api/forms/push/subscriptions` store and remove a browser's subscription (one row per endpoint).
 */
export async function registerPush(app: FastifyInstance, db: Db, { env, dataDir }: { env: Pick<FormsEnv, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT'>; dataDir: string }): Promise<void> {
  const keys = loadVapidKeys({ env, dataDir });
  const langOf = (query: unknown): Lang => {
    const lang = (query as Record<string, unknown> | undefined)?.lang;
    return isLang(lang) ? lang : 'en';
  };

  app.get('/api/forms/push/key', async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return { publicKey: keys.publicKey };
  });

  app.post('/api/forms/push/subscriptions', async (request, reply) => {
    const lang = langOf(request.query);
    const m = pushMessages(lang);
    const parsed = pushSubscriptionSchema.safeParse(request.body ?? {});
    if (!parsed.success) return reply.code(400).send({ outcome: 'invalid', message: m.invalidSubscription });
    const { endpoint, keys: k } = parsed.data;
    // The server will send to this URL: never one on this machine or inside the network (checked
    // again when sending, where a name that did not resolve now must resolve to public addresses).
    if ((await hostStatus(endpoint)) === 'private') return reply.code(400).send({ outcome: 'invalid', message: m.invalidSubscription });
    try {
      // One statement: a browser that subscribes again (or twice at once) keeps one row, with its
      // latest keys and language.
      const rows = await db.query<{ inserted: boolean }>(
        `INSERT INTO push_subscriptions (endpoint, p256dh, auth, lang) VALUES ($1, $2, $3, $4)
         ON CONFLICT (endpoint) DO UPDATE SET p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth, lang = EXCLUDED.lang, updated_at = now()
         RETURNING (xmax = 0) AS inserted`,
        [endpoint, k.p256dh, k.auth, lang],
      );
      return reply.code(rows[0]?.inserted ? 201 : 200).send({ outcome: 'subscribed', message: m.subscribed });
    } catch (error) {
      request.log.error({ err: loggedError(error) }, 'push subscription failed');
      return reply.code(503).send({ outcome: 'error', message: m.enableError });
    }
  });

  app.delete('/api/forms/push/subscriptions', async (request, reply) => {
    const lang = langOf(request.query);
    const m = pushMessages(lang);
    const parsed = endpointSchema.safeParse(request.body ?? {});
    if (!parsed.success) return reply.code(400).send({ outcome: 'invalid', message: m.invalidSubscription });
    try {
      const rows = await db.query<{ id: string }>('DELETE FROM push_subscriptions WHERE endpoint = $1 RETURNING id', [parsed.data.endpoint]);
      if (rows.length === 0) return reply.code(404).send({ outcome: 'not-found', message: m.unknownSubscription });
      return reply.send({ outcome: 'unsubscribed', message: m.disabled });
    } catch (error) {
      request.log.error({ err: loggedError(error) }, 'push unsubscription failed');
      return reply.code(503).send({ outcome: 'error', message: m.disableError });
    }
  });
}

/** What a notification says: the service worker shows `title` and `body` and opens `url` on click. */
export const pushMessageSchema = z.object({
  title: z.string().trim().min(1).max(120),
  body: z.string().trim().max(500),
  url: z
    .string()
    .max(2048)
    .refine((v) => v.startsWith('/') && !v.startsWith('//'), 'a site path such as /stories/new-learning-commons'),
});
export type PushMessage = z.infer<typeof pushMessageSchema>;

export interface SendResult {
  sent: number;
  /** Subscriptions the push service no longer knows (404 or 410): deleted. */
  removed: number;
  failed: number;
  /** Subscriptions whose endpoint is not (or no longer) a public host: not contacted, kept. */
  refused: number;
}

/** Connects to public addresses only, whatever a name resolves to when the connection is made. */
const publicAgent = new https.Agent({ keepAlive: true, lookup: publicOnlyLookup });

type Send = (subscription: { endpoint: string; keys: { p256dh: string; auth: string } }, payload: string, options: webpush.RequestOptions) => Promise<unknown>;

/**
 * Send a notification to every subscription (or every one in a language). Subscriptions the push
 * service answers 404 or 410 for are gone for good and are removed; other failures are counted and
 * kept for the next send.
 */
export async function sendPush(
  db: Queryable,
  message: PushMessage,
  options: {
    keys: VapidKeys;
    lang?: Lang;
    send?: Send;
    concurrency?: number;
    /** For a push service with its own certificate authority (then it also decides which addresses it reaches). */
    agent?: https.Agent;
    /** Whether an endpoint may be contacted: by default, only a host that resolves to public addresses now. */
    allowed?: (endpoint: string) => Promise<boolean>;
  },
): Promise<SendResult> {
  const allowed = options.allowed ?? (async (endpoint: string) => (await hostStatus(endpoint)) === 'public');
  const send: Send = options.send ?? ((s, p, o) => webpush.sendNotification(s, p, o));
  const rows = await db.query<{ id: string; endpoint: string; p256dh: string; auth: string }>(
    options.lang ? 'SELECT id, endpoint, p256dh, auth FROM push_subscriptions WHERE lang = $1 ORDER BY id' : 'SELECT id, endpoint, p256dh, auth FROM push_subscriptions ORDER BY id',
    options.lang ? [options.lang] : [],
  );
  const payload = JSON.stringify(message);
  const vapidDetails = { subject: options.keys.subject, publicKey: options.keys.publicKey, privateKey: options.keys.privateKey };
  const result: SendResult = { sent: 0, removed: 0, failed: 0, refused: 0 };
  let next = 0;
  const worker = async () => {
    while (next < rows.length) {
      const row = rows[next++]!;
      if (!(await allowed(row.endpoint))) {
        result.refused++;
        continue;
      }
      try {
        await send({ endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } }, payload, { vapidDetails, TTL: 24 * 3600, agent: options.agent ?? publicAgent });
        result.sent++;
      } catch (error) {
        const status = (error as { statusCode?: number }).statusCode;
        if (status === 404 || status === 410) {
          await db.query('DELETE FROM push_subscriptions WHERE id = $1', [row.id]);
          result.removed++;
        } else result.failed++;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency ?? 8, rows.length) }, worker));
  return result;
}
