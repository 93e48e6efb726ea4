import { existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { readEnv } from '@qf/shared/server';

/** The shortest FORMS_SECRET (and kept secret file) accepted: links are signed and addresses hashed with it. */
export const MIN_SECRET_LENGTH = 32;

/** A variable set to nothing (or spaces) is a variable not set; every other value is read trimmed. */
const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() || undefined : value);
const text = () => z.preprocess(trimmed, z.string().optional());

/** A whole number from `min` to `max` (digits only: "1e3", "30 ", "0x10" are refused). */
const whole = (min: number, max: number, what = `a whole number from ${min} to ${max}`) =>
  z.preprocess(
    trimmed,
    z
      .string()
      .transform((value, ctx) => {
        const n = /^[0-9]{1,16}$/.test(value) ? Number(value) : NaN;
        if (!(n >= min && n <= max)) {
          ctx.addIssue({ code: 'custom', message: `must be ${what} (got ${JSON.stringify(value)})` });
          return z.NEVER;
        }
        return n;
      })
      .optional(),
  );

/** An http(s) URL. */
const httpUrl = (example: string) =>
  z.preprocess(
    trimmed,
    z
      .string()
      .refine((value) => URL.canParse(value) && ['http:', 'https:'].includes(new URL(value).protocol), { message: `must be an http(s) URL such as ${example}` })
      .optional(),
  );

/**
 * Every environment variable mf-forms' own code reads, checked once when the server starts (or an
 * export / push command runs): a wrong value stops the start with every problem named, instead of a
 * limit that silently reads NaN or a link signed with a short key. Besides these it reads what every
 * section reads (`REMOTE_ENV` of `@qf/shared/server`: PORT, HOST, TRUSTED_PROXIES) and the content
 * source's settings. deploy.test.ts checks the deployment files against FORMS_ENV.
 */
export const formsEnvSchema = z.object({
  /** The shared PostgreSQL; unset: PGlite in DATA_DIR (one server). */
  DATABASE_URL: z.preprocess(trimmed, z.string().regex(/^postgres(ql)?:\/\//, 'must be a PostgreSQL URL such as postgres://user:password@host:5432/forms').optional()),
  /** The PGlite folder, and where generated keys are kept (default: data/forms beside the workspaces). */
  DATA_DIR: text(),
  /** Where uploaded files are kept without the database store (default: DATA_DIR/../uploads). */
  UPLOADS_DIR: text(),
  /** `files`: keep uploads in UPLOADS_DIR even with PostgreSQL (one server only). */
  UPLOADS_STORE: z.preprocess(trimmed, z.enum(['files', 'database'], { message: 'must be files or database' }).optional()),
  /**
   * The bytes each upload form (art entries, scholarships) may be sent per hour, all visitors together
   * (default 2147483648, 2 GiB); past it uploads are answered 429 until the hour ends (issue 37, M1).
   */
  UPLOAD_BYTES_PER_HOUR: whole(11 * 1024 * 1024, 2 ** 50, 'a number of bytes, at least 11534336 (one upload)'),
  /** The most all stored uploads may take (default 53687091200, 50 GiB); past it uploads are answered 507. */
  UPLOAD_STORE_QUOTA_BYTES: whole(11 * 1024 * 1024, 2 ** 50, 'a number of bytes, at least 11534336 (one upload)'),
  /** The key unsubscribe links are signed with and addresses hashed with; unset: generated into DATA_DIR. */
  FORMS_SECRET: z.preprocess(trimmed, z.string().min(MIN_SECRET_LENGTH, `must be at least ${MIN_SECRET_LENGTH} characters long`).optional()),
  /** The push key pair (both or neither) and the contact push services are given. */
  VAPID_PUBLIC_KEY: text(),
  VAPID_PRIVATE_KEY: text(),
  VAPID_SUBJECT: z.preprocess(trimmed, z.string().regex(/^(mailto:|https:\/\/)/, 'must be a mailto: address or an https:// URL').optional()),
  /** Where confirmation emails go out: smtp:// or smtps://; unset, they wait in the outbox. */
  SMTP_URL: z.preprocess(
    trimmed,
    z
      .string()
      .refine((value) => URL.canParse(value) && ['smtp:', 'smtps:'].includes(new URL(value).protocol) && new URL(value).hostname !== '', {
        message: 'must be an smtp:// or smtps:// URL with a host, such as smtp://user:pass@host:587',
      })
      .optional(),
  ),
  MAIL_FROM: text(),
  /** How often due emails are looked for. */
  OUTBOX_POLL_MS: whole(100, 86_400_000, 'a number of milliseconds, at least 100'),
  /** The site's public origin for links in emails; unset: the first of SHELL_ORIGINS. */
  SITE_URL: httpUrl('https://www.qf.org.qa'),
  /** The shell's origins (comma-separated): the only origins that may post, and the site's origin by default. */
  SHELL_ORIGINS: z.preprocess(trimmed, z.string().default('http://127.0.0.1:3000,http://localhost:3000')),
  /** Submissions per client per minute and endpoint. */
  FORMS_RATE_LIMIT: whole(1, 1_000_000_000).default(30),
  /** Votes one poll counts from one client address. */
  POLL_VOTES_PER_ADDRESS: whole(1, 999_999).default(1),
  /** `1`: one of several instances behind a proxy, sharing one PostgreSQL. */
  QF_CLUSTER: z.preprocess(trimmed, z.enum(['0', '1'], { message: 'must be 1 (several instances) or 0' }).optional()),
  /** The workflow speaker-series questions are forwarded to, its token, and the retry interval. */
  ECSS_WORKFLOW_URL: httpUrl('https://workflow.example.org/ecss'),
  ECSS_WORKFLOW_TOKEN: text(),
  ECSS_RETRY_MS: whole(1, 86_400_000, 'a number of milliseconds, at least 1'),
});

export type FormsEnv = z.infer<typeof formsEnvSchema>;

/** The variables mf-forms reads itself (its deployment files are checked against them: deploy.test.ts). */
export const FORMS_ENV = Object.keys(formsEnvSchema.shape) as ReadonlyArray<keyof FormsEnv>;

/** The environment, checked and typed; throws naming every variable that is wrong. */
export function loadFormsEnv(env: NodeJS.ProcessEnv = process.env): FormsEnv {
  return readEnv(formsEnvSchema, env);
}

/** What a command run beside the server (`forms:export`, `push:send`) is given to find the database. */
export interface CommandIo {
  env: NodeJS.ProcessEnv;
  cwd: string;
  defaultDataDir: string;
  stderr(text: string): void;
}

/**
 * The environment and database a command uses, or undefined once the problem is said on stderr under
 * the command's name: a wrong variable (as the server would refuse it), or no PGlite folder where it
 * looks and no DATABASE_URL.
 */
export function commandDatabase(command: string, io: CommandIo): { env: FormsEnv; databaseUrl: string | undefined; dataDir: string } | undefined {
  let env: FormsEnv;
  try {
    env = loadFormsEnv(io.env);
  } catch (error) {
    io.stderr(`${command}: ${(error as Error).message}\n`);
    return undefined;
  }
  const dataDir = path.resolve(io.cwd, env.DATA_DIR ?? io.defaultDataDir);
  if (!env.DATABASE_URL && !existsSync(dataDir)) {
    io.stderr(`${command}: there is no forms database in ${dataDir}. Set DATA_DIR to the server's data folder, or DATABASE_URL for PostgreSQL.\n`);
    return undefined;
  }
  return { env, databaseUrl: env.DATABASE_URL, dataDir };
}
