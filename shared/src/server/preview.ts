import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { secretMatches } from './content-webhook';

/**
 * Preview of drafts (issue 35, deliver 6). An editor opens the shell's secret preview address (the CMS's
 * "content preview" URL, `/_preview?secret=…&path=…`); the shell gives their browser a signed cookie and,
 * for as long as it holds, renders their pages from the sections' preview content (Contentful's Preview
 * API: drafts included), never from or into any cache. The shell asks a section's `GET /_qf/page` for a
 * preview with the same secret in `PREVIEW_HEADER`; a section refuses any other value.
 */
export const PREVIEW_HEADER = 'x-qf-preview';
/** The preview cookie's name (set by the shell, read by the shell only). */
export const PREVIEW_COOKIE = 'qf_preview';
/** How long a preview lasts once opened (then the editor opens the address again). */
export const PREVIEW_COOKIE_MS = 2 * 60 * 60 * 1000;

export const previewEnvSchema = z.object({
  /**
   * The preview's shared secret (at least 32 characters, the same on the shell and every section): the
   * preview address's `secret`, and what the shell shows a section. Unset: no preview anywhere.
   */
  CONTENT_PREVIEW_SECRET: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(32, { message: 'CONTENT_PREVIEW_SECRET must have at least 32 characters' }).optional()),
});

/** Whether a section may answer a request's preview header (the secret, compared in constant time). */
export const previewAllowed = (secret: string | undefined, header: unknown): boolean => secret !== undefined && secretMatches(secret, header);

const signature = (secret: string, expires: number): Buffer => createHmac('sha256', secret).update(`qf-preview\n${expires}`).digest();

/** A preview cookie's value: when it ends and a signature of that by the secret (nothing else in it). */
export function previewToken(secret: string, now = Date.now(), lifetimeMs = PREVIEW_COOKIE_MS): string {
  const expires = now + lifetimeMs;
  return `${expires}.${signature(secret, expires).toString('base64url')}`;
}

/** Whether a cookie's value is a preview token of this secret that has not ended (and not one made to last longer than a preview). */
export function previewTokenValid(secret: string, token: unknown, now = Date.now(), lifetimeMs = PREVIEW_COOKIE_MS): boolean {
  if (typeof token !== 'string') return false;
  const match = /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return false;
  const expires = Number(match[1]);
  if (!(expires > now && expires <= now + lifetimeMs)) return false;
  const given = Buffer.from(match[2]!, 'base64url');
  const expected = signature(secret, expires);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
