import path from 'node:path';
import { z } from 'zod';
import { createContentfulSource } from './contentful';
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
