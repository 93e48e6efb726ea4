/**
 * The zod of every browser bundle: `import * as z from '@qf/shared/zod'` instead of `zod/mini`.
 *
 * It is a shared singleton (shared/build), so a page loads one zod, not one per bundle: tree-shaken, the
 * shell's copy (its contracts) and mf-forms' copy (the form schemas) were each ~9.5 KB gzip, nearly all
 * of zod's core, and a story page loaded both. A shared module ships whole, so sharing `zod/mini`
 * itself would ship all of it (~80 KB): this module names exactly what our code uses, and the bundle
 * that provides it keeps only that. One zod also means one `z.config({ jitless: true })` for the page
 * (see shell/src/csp-zod.ts).
 *
 * Using a zod function not listed here is a type error: add it to the list (a few hundred bytes).
 */
export {
  array,
  boolean,
  config,
  custom,
  email,
  enum,
  gte,
  int,
  literal,
  lte,
  maxLength,
  minLength,
  null,
  nullable,
  number,
  object,
  optional,
  overwrite,
  partialRecord,
  pipe,
  positive,
  record,
  refine,
  regex,
  safeParse,
  startsWith,
  string,
  superRefine,
  transform,
  trim,
  union,
  unknown,
  url,
} from 'zod/mini';
export type { infer, input, output } from 'zod/mini';
