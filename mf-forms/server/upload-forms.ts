import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { WidgetId } from '@qf/shared/contracts';
import { fieldOf, plainField, type ContentSource, type Entry } from '@qf/shared/content';
import {
  artEntryAccept,
  artEntryErrors,
  artEntryFileFields,
  artEntryMessage,
  artEntryOutcomes,
  artEntrySchema,
  artEntryTextFields,
  expectedKind,
  fileTypeMessage,
  MAX_UPLOAD_BYTES,
  scholarshipAccept,
  scholarshipErrors,
  scholarshipFileFields,
  scholarshipMessage,
  scholarshipOutcomes,
  scholarshipSchema,
  scholarshipTextFields,
  uploadMessages,
  type FileFacts,
} from '../src/forms';
import { isLang, type Lang } from '@qf/shared/i18n';
import type { Db, Queryable } from './db';
import { HONEYPOT_FIELD } from './guard';
import { formAnswer, pageTakesAnswer, sendFormAnswer, sentValues } from './form-answer';
import { backPath, outcomePage } from './outcome-page';
import { lingerThenClose } from '@qf/shared/server';
import { createDatabaseUploadStore, createUploadStore, FileTooLarge, WrongKind, type StoredFile, type UploadStore } from './upload-store';
import type { FormsEnv } from './config';
import { loggedError } from './log';
import { noteSubmission } from './metrics';

type Fields = Record<string, string>;
interface Received extends StoredFile {
  field: string;
  originalName: string;
}

/** What differs between the two upload forms; the streaming, checks and storage are shared. */
interface UploadForm {
  kind: 'art-entry' | 'scholarship';
  /** The widget that places the form (the answer shown in the page goes to it). */
  widget: WidgetId;
  path: string;
  textFields: readonly string[];
  fileFields: readonly string[];
  accept: Record<string, readonly string[]>;
  outcomes: Record<string, number>;
  message(outcome: string, lang: Lang): string;
  duplicate: string;
  errors(fields: Fields, files: Record<string, FileFacts | null>, lang: Lang, content: ContentSource): Promise<Record<string, string | undefined>>;
  /** Inserts the submission; null when the participant has already submitted (a unique constraint). */
  insert(tx: Queryable, windowId: string, fields: Fields, lang: Lang): Promise<number | null>;
  fileTable: 'art_entry_files' | 'scholarship_files';
  fileOwner: 'entry_id' | 'application_id';
}

const artEntry: UploadForm = {
  kind: 'art-entry',
  widget: 'mf-forms/ArtEntry',
  path: '/api/forms/art-entries',
  textFields: artEntryTextFields,
  fileFields: artEntryFileFields,
  accept: artEntryAccept,
  outcomes: artEntryOutcomes,
  message: (o, lang) => artEntryMessage(o as keyof typeof artEntryOutcomes, lang),
  duplicate: 'already-submitted',
  errors: async (fields, files, lang) => artEntryErrors(fields, lang, files),
  async insert(tx, windowId, fields, lang) {
    const v = artEntrySchema.parse(fields);
    const rows = await tx.query<{ id: number }>(
      `INSERT INTO art_entries (contest_id, name, email, email_normalized, phone, title, statement, biography, dimensions, material, link, terms_accepted, lang)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) ON CONFLICT DO NOTHING RETURNING id`,
      [windowId, v.name, v.email, v.email.toLowerCase(), v.phone, v.title, v.statement, v.biography, v.dimensions, v.material, v.link || null, v.terms, lang],
    );
    return rows[0] ? Number(rows[0].id) : null;
  },
  fileTable: 'art_entry_files',
  fileOwner: 'entry_id',
};

const scholarship: UploadForm = {
  kind: 'scholarship',
  widget: 'mf-forms/Scholarship',
  path: '/api/forms/scholarships',
  textFields: scholarshipTextFields,
  fileFields: scholarshipFileFields,
  accept: scholarshipAccept,
  outcomes: scholarshipOutcomes,
  message: (o, lang) => scholarshipMessage(o as keyof typeof scholarshipOutcomes, lang),
  duplicate: 'already-applied',
  async errors(fields, files, lang, content) {
    const schools = (await content.entries('school')).map((s) => s.sys.id);
    return scholarshipErrors(fields, lang, { schools, files });
  },
  async insert(tx, windowId, fields, lang) {
    const v = scholarshipSchema.parse(fields);
    const rows = await tx.query<{ id: number }>(
      `INSERT INTO scholarship_applications (cycle_id, first_name, last_name, national_id, date_of_birth, gender, gpa, current_school, student_phone, student_email,
         student_email_normalized, parent_phone, parent_email, choice_1, choice_2, choice_3, terms_accepted, lang)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18) ON CONFLICT DO NOTHING RETURNING id`,
      [windowId, v.firstName, v.lastName, v.nationalId, v.dateOfBirth, v.gender, v.gpa, v.currentSchool, v.studentPhone, v.studentEmail, v.studentEmail.toLowerCase(), v.parentPhone, v.parentEmail, v.choice1, v.choice2, v.choice3, v.terms, lang],
    );
    return rows[0] ? Number(rows[0].id) : null;
  },
  fileTable: 'scholarship_files',
  fileOwner: 'application_id',
};

const formTitles: Record<UploadForm['kind'], Record<Lang, string>> = {
  'art-entry': { en: 'Art contest', ar: 'مسابقة الفنون' },
  scholarship: { en: 'Pre-university scholarship', ar: 'منحة ما قبل الجامعة' },
};

/** Text fields are short: a value longer than this is refused by the schema anyway. */
const FIELD_BYTES = 64 * 1024;
/** Room for the text fields and the multipart framing around the files. */
const OVERHEAD_BYTES = 1024 * 1024;
const IDEMPOTENCY_KEY = /^[A-Za-z0-9-]{8,100}$/;

class Stop extends Error {
  constructor(
    readonly outcome: string,
    readonly errors?: Record<string, string>,
  ) {
    super(outcome);
  }
}

export interface UploadFormsOptions {
  db: Db;
  content: ContentSource;
  /** Where the files go (see `uploadStoreFor`). */
  store: UploadStore;
  now?: () => Date;
  /** The bytes each form may be sent per hour, by everyone together, and the most all stored uploads may take (`uploadBudgetOf`). */
  budget?: UploadBudget;
}

/** Issue 37, M1: what uploads may cost in all, whoever sends them (a rate limit per address does not bound it). */
export interface UploadBudget {
  bytesPerHour: number;
  storeQuotaBytes: number;
}
/** 2 GiB per form per hour (about 40 scholarship applications with all five documents at their limit, or 200 artworks), 50 GiB stored. */
export const DEFAULT_UPLOAD_BUDGET: UploadBudget = { bytesPerHour: 2 * 1024 ** 3, storeQuotaBytes: 50 * 1024 ** 3 };
export const uploadBudgetOf = (env: Pick<FormsEnv, 'UPLOAD_BYTES_PER_HOUR' | 'UPLOAD_STORE_QUOTA_BYTES'>): UploadBudget => ({
  bytesPerHour: env.UPLOAD_BYTES_PER_HOUR ?? DEFAULT_UPLOAD_BUDGET.bytesPerHour,
  storeQuotaBytes: env.UPLOAD_STORE_QUOTA_BYTES ?? DEFAULT_UPLOAD_BUDGET.storeQuotaBytes,
});

const HOUR_MS = 3_600_000;

/**
 * Whether a request may be read, against the budget: refused `full` when what is stored plus what it
 * may bring passes the quota, `busy` when the form's bytes this hour would pass the hour's budget;
 * else the bytes are taken from the budget (all instances share it: one conditional upsert). A request
 * is counted at what it declares (at most the largest body the form takes; that largest when it
 * declares nothing), before it is read: a refused upload cost the servers its bytes as much as a kept one.
 */
async function budgetRefusal(form: UploadForm, declared: number, budget: UploadBudget, db: Db, now: Date): Promise<{ refused: 'busy' | 'full'; retryAfterS: number } | undefined> {
  const largest = form.fileFields.length * MAX_UPLOAD_BYTES + OVERHEAD_BYTES;
  const bytes = declared > 0 ? Math.min(declared, largest) : largest;
  const [stored] = await db.query<{ bytes: string | number }>(
    'SELECT (SELECT COALESCE(SUM(size_bytes), 0) FROM art_entry_files) + (SELECT COALESCE(SUM(size_bytes), 0) FROM scholarship_files) AS bytes',
  );
  if (Number(stored?.bytes ?? 0) + bytes > budget.storeQuotaBytes) return { refused: 'full', retryAfterS: 3600 };
  const hour = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
  const retryAfterS = Math.max(1, Math.ceil((hour + HOUR_MS - now.getTime()) / 1000));
  if (bytes > budget.bytesPerHour) return { refused: 'busy', retryAfterS };
  const taken = await db.query(
    `INSERT INTO upload_budget (form, hour, bytes) VALUES ($1, $2, $3)
     ON CONFLICT (form, hour) DO UPDATE SET bytes = upload_budget.bytes + EXCLUDED.bytes WHERE upload_budget.bytes + EXCLUDED.bytes <= $4
     RETURNING bytes`,
    [form.kind, new Date(hour).toISOString(), bytes, budget.bytesPerHour],
  );
  if (!taken.length) return { refused: 'busy', retryAfterS };
  await db.query('DELETE FROM upload_budget WHERE hour < $1', [new Date(hour - HOUR_MS).toISOString()]);
  return undefined;
}

type Said = (form: UploadForm, refused: 'busy' | 'full', request: FastifyRequest) => void;

export const defaultUploadsDir = (dataDir: string, env: Pick<FormsEnv, 'UPLOADS_DIR'>) => env.UPLOADS_DIR ?? path.resolve(dataDir, '..', 'uploads');

/**
 * The store a server (or the export) uses: with PostgreSQL, the shared database, so every instance
 * reads what any stored, unless `UPLOADS_STORE=files` asks for the folder; with PGlite (one server),
 * the uploads folder (`UPLOADS_DIR`, default `uploads/` beside the data folder).
 */
export function uploadStoreFor(db: Db, dataDir: string, env: Pick<FormsEnv, 'UPLOADS_DIR' | 'UPLOADS_STORE'>): UploadStore {
  return db.kind === 'postgres' && env.UPLOADS_STORE !== 'files' ? createDatabaseUploadStore(db) : createUploadStore(defaultUploadsDir(dataDir, env));
}

/**
 * The two upload forms: `POST /api/forms/art-entries` and `POST /api/forms/scholarships`, multipart,
 * `?window={form_window entry id}&lang=en|ar`. Files are checked while they stream (10 MB, the type by
 * its first bytes against its extension) and stored under random names; the submission and its file
 * rows are one transaction, and on any failure every file of the request is deleted.
 */
export async function registerUploadForms(app: FastifyInstance, options: UploadFormsOptions): Promise<void> {
  const store = options.store;
  const now = options.now ?? (() => new Date());
  const budget = options.budget ?? DEFAULT_UPLOAD_BUDGET;
  // A budget spent or a store full is what ops must hear of (uploads refused): said once per form, refusal and hour.
  const saidFor = new Set<string>();
  const said: Said = (form, refused, request) => {
    const key = `${form.kind} ${refused} ${Math.floor(now().getTime() / HOUR_MS)}`;
    if (saidFor.has(key)) return;
    if (saidFor.size > 100) saidFor.clear();
    saidFor.add(key);
    request.log.warn(
      refused === 'full'
        ? `${form.kind}: uploads refused (507): the stored uploads reach UPLOAD_STORE_QUOTA_BYTES (${budget.storeQuotaBytes}); export and remove old ones, or raise it`
        : `${form.kind}: uploads refused (429) until the hour ends: this hour's UPLOAD_BYTES_PER_HOUR (${budget.bytesPerHour}) is spent`,
    );
  };
  // Files a crash left without their row are deleted at start-up (in the background: never in the way).
  void store.sweep(async () => {
    const rows = await options.db.query<{ id: string }>('SELECT id::text AS id FROM art_entry_files UNION ALL SELECT id::text FROM scholarship_files');
    return new Set(rows.map((r) => r.id));
  }).then(
    (deleted) => deleted.length && app.log.info({ deleted: deleted.length }, `deleted ${deleted.length} upload(s) without a submission, left by an earlier crash`),
    (error: unknown) => app.log.error({ err: loggedError(error) }, 'the sweep of uploads without a submission failed'),
  );
  // Its own scope: the multipart parser and the catch-all below apply to these two routes only.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    await scope.register(multipart, { throwFileSizeLimit: false });
    // Any other body (JSON, text, nothing) reaches the handler unread, which answers 415 in the visitor's language.
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null));
    for (const form of [artEntry, scholarship]) scope.post(form.path, (request, reply) => handle(form, request, reply, { ...options, store, now, said, budget }));
  });
}

async function windowOf(content: ContentSource, id: unknown, kind: UploadForm['kind']): Promise<Entry | undefined> {
  if (typeof id !== 'string' || !id) return undefined;
  const entry = await content.entry(id);
  return entry && entry.sys.contentType === 'form_window' && plainField(entry, 'form') === kind ? entry : undefined;
}

async function handle(form: UploadForm, request: FastifyRequest, reply: FastifyReply, ctx: UploadFormsOptions & { store: UploadStore; now: () => Date; said: Said; budget: UploadBudget }): Promise<FastifyReply> {
  const query = request.query as Record<string, unknown>;
  const lang: Lang = isLang(query.lang) ? query.lang : 'en';
  const html = wantsHtml(request);
  const received: Received[] = [];
  // The text fields read so far: what the form is refilled with when the shell shows the answer in the page.
  const fields: Fields = {};
  let bodyRead = false;
  let title = formTitles[form.kind][lang];

  const answer = async (outcome: string, errors?: Record<string, string>, stored?: { status: number; body: unknown }) => {
    // After an early answer (a file over the limit, a refused type) the rest of the body is read and
    // dropped, never kept, so the client (or the shell's gateway) still reads the answer; one that keeps
    // sending past 64 MB or 15 s has its connection closed.
    if (!bodyRead) lingerThenClose(request.raw, reply.raw, { bytes: 64 * 1024 * 1024, ms: 15_000 });
    // A stored answer is a retry's (the first one's answer again), unless it is the one just stored.
    noteSubmission(request, stored && !outcome ? 'replayed' : outcome);
    const status = stored?.status ?? form.outcomes[outcome] ?? 503;
    const body = (stored?.body ?? { outcome, message: form.message(outcome, lang), ...(errors ? { errors } : {}) }) as { message: string; errors?: Record<string, string> };
    if (html && pageTakesAnswer(request)) {
      return sendFormAnswer(reply, status, formAnswer(form.widget, body as { outcome: string; message: string }, sentValues(fields, form.textFields), status >= 400));
    }
    if (html) {
      const lines = [body.message, ...Object.values(body.errors ?? {})];
      return reply.code(status).type('text/html; charset=utf-8').send(outcomePage(lang, lines.join(' '), backPath(request.headers.referer, lang), title));
    }
    return reply.code(status).send(body);
  };
  const fail = async (outcome: string, errors?: Record<string, string>) => {
    await ctx.store.remove(received);
    return answer(outcome, errors);
  };

  try {
    const key = request.headers['idempotency-key'];
    const idempotencyKey = typeof key === 'string' && IDEMPOTENCY_KEY.test(key) ? `${form.kind}:${key}` : undefined;
    const replay = async () => (idempotencyKey ? (await ctx.db.query<{ status: number; body: unknown }>('SELECT status, body FROM idempotency_keys WHERE key = $1', [idempotencyKey]))[0] : undefined);
    const first = await replay();
    if (first) return answer('', undefined, first);

    if (!request.isMultipart()) return answer('unsupported');
    const window = await windowOf(ctx.content, query.window, form.kind);
    if (!window) return answer('not-found');
    title = fieldOf<string>(window, 'title', lang) ?? title;
    const t = ctx.now().getTime();
    if (!(Date.parse(plainField<string>(window, 'opensAt') ?? '') <= t && t < Date.parse(plainField<string>(window, 'closesAt') ?? ''))) return answer('closed');
    // A body that says it is larger than every file at the limit plus the fields is refused unread.
    const declared = Number(request.headers['content-length'] ?? 0);
    if (declared > form.fileFields.length * MAX_UPLOAD_BYTES + OVERHEAD_BYTES) return answer('too-large', { [form.fileFields[0]!]: uploadMessages[lang].tooLarge });
    const over = await budgetRefusal(form, declared, ctx.budget, ctx.db, ctx.now());
    if (over) {
      ctx.said(form, over.refused, request);
      reply.header('Retry-After', String(over.retryAfterS));
      return answer(over.refused);
    }

    let honeypot = false;
    const parts = request.parts({
      limits: { fileSize: MAX_UPLOAD_BYTES, fieldSize: FIELD_BYTES, fields: form.textFields.length + 10, files: form.fileFields.length, parts: form.textFields.length + form.fileFields.length + 20 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.fieldname === HONEYPOT_FIELD) honeypot ||= String(part.value).trim() !== '';
        else if (form.textFields.includes(part.fieldname) && !(part.fieldname in fields)) fields[part.fieldname] = String(part.value);
        continue;
      }
      // An unknown or repeated file field, or an empty file input, is read and dropped.
      if (!form.fileFields.includes(part.fieldname) || received.some((r) => r.field === part.fieldname) || !part.filename) {
        part.file.resume();
        await new Promise((resolve) => part.file.once('end', resolve).once('close', resolve));
        continue;
      }
      const accept = form.accept[part.fieldname]!;
      const expected = expectedKind(part.filename, accept);
      if (!expected) throw new Stop('file-type', { [part.fieldname]: fileTypeMessage(accept, lang) });
      const file = await ctx.store.save(part.file, expected).catch((error: unknown) => {
        if (error instanceof FileTooLarge) throw new Stop('too-large', { [part.fieldname]: uploadMessages[lang].tooLarge });
        if (error instanceof WrongKind) throw new Stop('file-type', { [part.fieldname]: fileTypeMessage(accept, lang) });
        throw error;
      });
      received.push({ ...file, field: part.fieldname, originalName: part.filename.slice(0, 255) });
      if (part.file.truncated) throw new Stop('too-large', { [part.fieldname]: uploadMessages[lang].tooLarge });
    }
    bodyRead = true;

    const present = received.filter((r) => r.size > 0);
    const facts = Object.fromEntries(form.fileFields.map((f) => [f, present.find((r) => r.field === f) ? { name: present.find((r) => r.field === f)!.originalName, size: present.find((r) => r.field === f)!.size } : null]));
    if (honeypot) {
      noteSubmission(request, 'spam');
      await ctx.store.remove(received);
      return answer('submitted');
    }
    const errors = Object.fromEntries(Object.entries(await form.errors(fields, facts, lang, ctx.content)).filter((e): e is [string, string] => Boolean(e[1])));
    if (Object.keys(errors).length) return fail('invalid', errors);
    await ctx.store.remove(received.filter((r) => r.size === 0));

    const ok = { status: form.outcomes.submitted!, body: { outcome: 'submitted', message: form.message('submitted', lang) } };
    const stored = await ctx.db.transaction(async (tx) => {
      const id = await form.insert(tx, window.sys.id, fields, lang);
      if (id === null) return null;
      for (const file of present)
        await tx.query(`INSERT INTO ${form.fileTable} (id, ${form.fileOwner}, field, original_name, kind, size_bytes, sha256) VALUES ($1, $2, $3, $4, $5, $6, $7)`, [
          file.id,
          id,
          file.field,
          file.originalName,
          file.kind,
          file.size,
          file.sha256,
        ]);
      if (idempotencyKey) await tx.query('INSERT INTO idempotency_keys (key, scope, status, body) VALUES ($1, $2, $3, $4)', [idempotencyKey, form.kind, ok.status, JSON.stringify(ok.body)]);
      return id;
    });
    if (stored === null) {
      await ctx.store.remove(received);
      // The same request sent twice at once: the one that lost the race answers like the one that won.
      const again = await replay();
      return again ? answer('', undefined, again) : answer(form.duplicate);
    }
    return answer('submitted', undefined, ok);
  } catch (error) {
    if (error instanceof Stop) return fail(error.outcome, error.errors);
    // busboy's and the plugin's errors: a broken or truncated body, too many parts or files.
    const code = (error as { code?: string }).code ?? '';
    if (code.startsWith('FST_') || /multipart|boundary|Unexpected end/i.test(String((error as Error).message))) return fail('malformed');
    request.log.error({ err: loggedError(error) }, `${form.kind} submission failed`);
    return fail('error');
  }
}

/** A plain form post (no script): the browser asks for HTML, so it gets the small outcome page. */
function wantsHtml(request: FastifyRequest): boolean {
  const accept = String(request.headers.accept ?? '');
  return accept.includes('text/html') && !accept.includes('application/json');
}
