import path from 'node:path';
import { z } from 'zod';
import { createContentfulSource, type ContentfulSourceOptions } from './contentful';
import { createFileStore } from './file-store';
import type { ContentSource } from './types';

const envSchema = z
  .object({
    /** `files` (default): the embedded store in CONTENT_DIR; `contentful`: the Contentful Delivery API. */
    CONTENT_SOURCE: z.enum(['files', 'contentful']).default('files'),
    CONTENT_DIR: z.string().optional(),
    CONTENTFUL_SPACE_ID: z.string().optional(),
    CONTENTFUL_ACCESS_TOKEN: z.string().optional(),
    CONTENTFUL_ENVIRONMENT: z.string().default('master'),
    CONTENTFUL_HOST: z.string().optional(),
    /** Keep a copy of the space through the Sync API, asking for changes at most this often (ms); unset: collections cached for a minute. */
    CONTENTFUL_SYNC_INTERVAL_MS: z.string().regex(/^\d{1,7}$/, { message: 'CONTENTFUL_SYNC_INTERVAL_MS must be a whole number of milliseconds' }).transform(Number).optional(),
    /** A Content Preview API token: the sections' preview pages (drafts) come through the Preview API. */
    CONTENTFUL_PREVIEW_TOKEN: z.string().optional(),
    /** The Preview API host; Contentful's `preview.contentful.com` when not given. */
    CONTENTFUL_PREVIEW_HOST: z.string().optional(),
    /** With the file store: a second store (a working copy with the drafts) the preview pages are made from. */
    CONTENT_PREVIEW_DIR: z.string().optional(),
  })
  .refine((env) => env.CONTENT_SOURCE !== 'contentful' || (env.CONTENTFUL_SPACE_ID && env.CONTENTFUL_ACCESS_TOKEN), {
    message: 'CONTENT_SOURCE=contentful needs CONTENTFUL_SPACE_ID and CONTENTFUL_ACCESS_TOKEN',
  });

/**
 * The content source the environment asks for: one setting (CONTENT_SOURCE) switches every server
 * from the embedded file store to the Contentful Delivery API.
 */
export function contentSourceFromEnv(repoRoot: string, env: NodeJS.ProcessEnv = process.env): ContentSource {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) throw new Error(`Invalid content configuration: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
  const e = parsed.data;
  if (e.CONTENT_SOURCE === 'contentful') {
    return createContentfulSource({
      space: e.CONTENTFUL_SPACE_ID!,
      accessToken: e.CONTENTFUL_ACCESS_TOKEN!,
      environment: e.CONTENTFUL_ENVIRONMENT,
      ...(e.CONTENTFUL_HOST ? { host: e.CONTENTFUL_HOST } : {}),
      ...(e.CONTENTFUL_SYNC_INTERVAL_MS !== undefined ? { syncIntervalMs: e.CONTENTFUL_SYNC_INTERVAL_MS } : {}),
    });
  }
  return createFileStore(path.resolve(e.CONTENT_DIR ?? path.join(repoRoot, 'content')));
}

/** How long the preview source reuses what the Preview API answered: the lookups of one page, not a second edit. */
export const PREVIEW_CACHE_MS = 1000;

/**
 * The content preview pages are made from (drafts), if the environment names one: Contentful's Content
 * Preview API with CONTENTFUL_PREVIEW_TOKEN (its answers reused for PREVIEW_CACHE_MS only, so a saved
 * draft shows at the next reload), or with the file store a drafts copy in CONTENT_PREVIEW_DIR.
 * Undefined otherwise: a section then shows its published pages to a preview.
 */
export function previewSourceFromEnv(env: NodeJS.ProcessEnv = process.env, { adapter }: Pick<ContentfulSourceOptions, 'adapter'> = {}): ContentSource | undefined {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) throw new Error(`Invalid content configuration: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
  const e = parsed.data;
  if (e.CONTENT_SOURCE === 'contentful') {
    if (!e.CONTENTFUL_PREVIEW_TOKEN) return undefined;
    return createContentfulSource({
      space: e.CONTENTFUL_SPACE_ID!,
      accessToken: e.CONTENTFUL_PREVIEW_TOKEN,
      environment: e.CONTENTFUL_ENVIRONMENT,
      host: e.CONTENTFUL_PREVIEW_HOST ?? 'preview.contentful.com',
      cacheTtlMs: PREVIEW_CACHE_MS,
      ...(adapter ? { adapter } : {}),
    });
  }
  return e.CONTENT_PREVIEW_DIR ? createFileStore(path.resolve(e.CONTENT_PREVIEW_DIR)) : undefined;
}
