import path from 'node:path';
import { z } from 'zod';
import { contentWebhookEnvSchema, deadlinesEnvSchema, observabilityEnvSchema, previewEnvSchema, readEnv } from '@qf/shared/server';
import { DEFAULT_API_BODY_LIMIT } from './gateway';

const repoRoot = path.resolve(__dirname, '..', '..', '..');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  /** The registry document: a file path (re-read when it changes) or an http(s) URL. */
  REGISTRY: z.string().default(path.join(repoRoot, 'registry.json')),
  /** The public origin of the site, used for canonical and hreflang links. */
  SITE_URL: z.url().optional(),
  CONTENT_DIR: z.string().default(path.join(repoRoot, 'content')),
  /** Where content comes from; the Contentful settings are read by the content source itself. */
  CONTENT_SOURCE: z.enum(['files', 'contentful']).default('files'),
  /** How long the owner may take to answer before the page is served as unavailable. */
  SSR_TIMEOUT_MS: z.coerce.number().int().positive().default(3000),
  /** Hand-written redirect rules (the story rules are generated from the content). */
  REDIRECTS_FILE: z.string().optional(),
  /** Legacy hosts whose every path goes to the same path on SITE_URL. */
  LEGACY_HOSTS: z.string().default('radio.qf.org.qa,renad.qf.org.qa,woral.qf.org.qa,qf.edu.qa,www.qf.edu.qa,qatarfoundation.org,www.qatarfoundation.org'),
  /** The convocation sub-host, sent to /convocation. */
  CONVOCATION_HOST: z.string().default('convocation.qf.org.qa'),
  /** Other hosts a redirect rule may send visitors to (comma-separated). */
  REDIRECT_ALLOWED_HOSTS: z.string().default(''),
  /**
   * Whether a section's Node container runs only with the digests of its release in the registry
   * (`serverIntegrity`, remote-integrity.ts). `checked` (default): files are checked when the registry
   * gives digests (the supervisor and the pipeline always do) and run unchecked otherwise (a hand-written
   * registry, `npm run dev`); `required`: a container without digests is refused (production).
   */
  REMOTE_CODE_DIGESTS: z.enum(['checked', 'required']).default('checked'),
  /** How long a remote's build status is trusted before it is checked again. */
  REMOTE_STATUS_TTL_MS: z.coerce.number().int().nonnegative().default(500),
  /** A browser key of the Google Maps JavaScript API: the menu's map mode shows a map only when it is set. */
  GOOGLE_MAPS_API_KEY: z.string().trim().optional(),
  /**
   * A third-party chat assistant's script (https), used instead of the first-party one once the visitor
   * has consented to cookies; it must define `window.qfAssistantProvider.open({lang})` (see shell README).
   */
  ASSISTANT_SCRIPT_URL: z.url({ protocol: /^https$/ }).optional(),
  /**
   * The proxies in front of the shell (addresses or CIDR ranges, comma-separated; `loopback` for a proxy
   * on this machine) whose X-Forwarded-For and X-Forwarded-Proto are believed. Default: none, so a
   * client's own X-Forwarded-For never chooses the address its rate limits are counted on.
   */
  TRUSTED_PROXIES: z.string().default(''),
  /**
   * The token of `GET /_qf/release-health` (the release counts a canary is judged by): npm start's
   * supervisor sets it; unset, that address does not exist.
   */
  OPS_TOKEN: z.string().min(16).optional(),
  /** Pages (and as many resolutions) the page cache keeps at most; 0 keeps none and shares no render: every request is rendered (bench:ssr's uncached figure). */
  PAGE_CACHE_ENTRIES: z.coerce.number().int().nonnegative().default(1000),
  /** The megabytes the page cache keeps at most (its pages and, apart, their resolutions). */
  PAGE_CACHE_MB: z.coerce.number().positive().default(64),
  /** The most a request body may weigh through the API gateway (default: the largest form, see gateway.ts). */
  API_BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(DEFAULT_API_BODY_LIMIT),
  /** LOG_LEVEL, LOG_FORMAT, METRICS_PORT, METRICS_HOST: the logs and metrics of every server (observability.ts). */
  ...observabilityEnvSchema.shape,
  /** HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS: how long a request may take to arrive (errors.ts: 408 after). */
  ...deadlinesEnvSchema.shape,
  /** CONTENT_WEBHOOK_SECRET: the CMS's webhook, `POST /hooks/content` (content-hook.ts); unset: none. */
  ...contentWebhookEnvSchema.shape,
  /** CONTENT_PREVIEW_SECRET: an editor's preview of drafts, `GET /_preview?secret=…&path=…` (preview.ts); unset: none. */
  ...previewEnvSchema.shape,
});

/** The variables the shell reads itself (its deployment files are checked against them: deploy.test.ts). */
export const SHELL_ENV = Object.keys(envSchema.shape) as ReadonlyArray<keyof typeof envSchema.shape>;

export type ShellConfig = Omit<z.infer<typeof envSchema>, 'REDIRECTS_FILE'> & { REDIRECTS_FILE: string; siteUrl: string; clientDir: string; trustedProxies: string[] };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ShellConfig {
  const parsed = readEnv(envSchema, env);
  return {
    ...parsed,
    REDIRECTS_FILE: parsed.REDIRECTS_FILE ?? path.join(parsed.CONTENT_DIR, 'redirects.json'),
    siteUrl: (parsed.SITE_URL ?? `http://${parsed.HOST}:${parsed.PORT}`).replace(/\/$/, ''),
    clientDir: path.resolve(__dirname, '..', 'client'),
    trustedProxies: parsed.TRUSTED_PROXIES.split(',').map((p) => p.trim()).filter(Boolean),
  };
}
