import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { contentTypes, isContentType, LOCALES, linkSchema, type ContentTypeName, type FieldMeta } from './model';

export interface ContentProblem {
  /** Path relative to the content folder's parent, e.g. `content/entries/article.json`. */
  file: string;
  id?: string;
  contentType?: string;
  field?: string;
  message: string;
}

export const formatProblem = (p: ContentProblem): string =>
  `${p.file}${p.id ? `: ${p.id}${p.contentType ? ` (${p.contentType})` : ''}` : ''}${p.field ? ` field "${p.field}"` : ''}: ${p.message}`;

interface Located {
  file: string;
  entry: { sys: { id: string; contentType: string }; fields: Record<string, Record<string, unknown> | undefined> };
}

const LOCALE_NAMES: Record<string, string> = { 'en-US': 'English (en-US)', 'ar-QA': 'Arabic (ar-QA)' };

function linksIn(value: unknown): { id: string; linkType: string }[] {
  const one = linkSchema.safeParse(value);
  if (one.success) return [{ id: one.data.sys.id, linkType: one.data.sys.linkType }];
  if (Array.isArray(value)) return value.flatMap(linksIn);
  return [];
}

/**
 * Every problem of a content store: entries that break their type's schema, unknown types or fields,
 * missing English or Arabic values, links to entries that do not exist or have the wrong type,
 * duplicate ids, duplicate slugs per type and locale, and images without dimensions.
 */
export async function checkContent(contentDir: string): Promise<{ problems: ContentProblem[]; entries: number }> {
  const dir = path.join(contentDir, 'entries');
  const rel = (file: string) => path.join(path.basename(contentDir), 'entries', file);
  const problems: ContentProblem[] = [];
  const all: Located[] = [];
  const byId = new Map<string, Located>();

  for (const file of (await readdir(dir)).filter((f) => f.endsWith('.json')).sort()) {
    let raw: unknown;
    try {
      raw = JSON.parse(await readFile(path.join(dir, file), 'utf8'));
    } catch (error) {
      problems.push({ file: rel(file), message: `is not valid JSON: ${(error as Error).message}` });
      continue;
    }
    if (!Array.isArray(raw)) {
      problems.push({ file: rel(file), message: 'must hold a JSON array of entries' });
      continue;
    }
    raw.forEach((item: unknown, index) => {
      const entry = item as Located['entry'];
      const id = typeof entry?.sys?.id === 'string' && entry.sys.id ? entry.sys.id : undefined;
      if (!id || typeof entry?.sys?.contentType !== 'string' || typeof entry.fields !== 'object' || entry.fields === null) {
        problems.push({ file: rel(file), message: `entry #${index + 1} has no sys.id, sys.contentType or fields` });
        return;
      }
      const located = { file: rel(file), entry };
      if (byId.has(id)) problems.push({ file: rel(file), id, message: `duplicate id (also in ${byId.get(id)!.file})` });
      else byId.set(id, located);
      all.push(located);
    });
  }

  const slugs = new Map<string, Located>();
  for (const located of all) {
    const { file, entry } = located;
    const { id, contentType } = entry.sys;
    const at = { file, id, contentType };
    if (!isContentType(contentType)) {
      problems.push({ ...at, message: `unknown content type "${contentType}"` });
      continue;
    }
    const type = contentTypes[contentType as ContentTypeName];
    const fields = type.fields as Record<string, { meta: FieldMeta }>;

    for (const name of Object.keys(entry.fields)) if (!(name in fields)) problems.push({ ...at, field: name, message: `is not a field of ${contentType}` });

    for (const [name, { meta }] of Object.entries(fields)) {
      const value = entry.fields[name];
      if (value === undefined) {
        if (!meta.optional) problems.push({ ...at, field: name, message: 'is missing' });
        continue;
      }
      const locales = meta.localized ? LOCALES : (['en-US'] as const);
      for (const locale of locales) {
        const v = value[locale];
        if (v === undefined || v === null || (typeof v === 'string' && !v.trim())) problems.push({ ...at, field: name, message: `missing ${LOCALE_NAMES[locale]} value` });
      }
      if (!meta.localized && 'ar-QA' in value) problems.push({ ...at, field: name, message: 'is not localised: give only the en-US value' });
      if (meta.localized && Array.isArray(value['en-US']) && Array.isArray(value['ar-QA']) && value['en-US'].length !== value['ar-QA'].length)
        problems.push({ ...at, field: name, message: `has ${value['en-US'].length} English and ${value['ar-QA'].length} Arabic items` });

      if (meta.linkTo) {
        for (const link of linksIn(value['en-US'])) {
          const target = byId.get(link.id);
          if (!target) problems.push({ ...at, field: name, message: `links to ${link.id}, which does not exist` });
          else if (!meta.linkTo.includes(target.entry.sys.contentType))
            problems.push({ ...at, field: name, message: `links to ${link.id}, a ${target.entry.sys.contentType}; expected ${meta.linkTo.join(' or ')}` });
          else if ((target.entry.sys.contentType === 'asset') !== (link.linkType === 'Asset'))
            problems.push({ ...at, field: name, message: `links to ${link.id} with linkType ${link.linkType}; use ${target.entry.sys.contentType === 'asset' ? 'Asset' : 'Entry'}` });
        }
      }
    }

    if (contentType === 'menu') {
      // Menu items and map categories name entries by id: the preview panel and the map need them.
      for (const locale of LOCALES) {
        const items = (entry.fields.menuItems?.[locale] ?? []) as { subpages?: { items?: { id: string }[] }[] }[];
        const ids = items.flatMap((i) => (i.subpages ?? []).flatMap((s) => (s.items ?? []).map((x) => x.id)));
        const refs = ((entry.fields.mapCategories?.[locale] ?? []) as { references?: string[] }[]).flatMap((c) => c.references ?? []);
        for (const ref of [...ids, ...refs]) if (!byId.has(ref)) problems.push({ ...at, field: 'menuItems', message: `${locale} names ${ref}, which does not exist` });
      }
    }

    if (contentType === 'asset') {
      const file = entry.fields.file?.['en-US'] as { width?: unknown; height?: unknown } | undefined;
      if (!file || typeof file.width !== 'number' || typeof file.height !== 'number') problems.push({ ...at, field: 'file', message: 'image without dimensions (width and height)' });
    }

    const parsed = type.schema.safeParse(entry);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const [, field, locale, ...rest] = issue.path.map(String);
        // Missing values were reported above in plainer words.
        if (issue.code === 'invalid_type' && issue.input === undefined) continue;
        problems.push({ ...at, field: field ? [field, locale, ...rest].filter(Boolean).join('.') : undefined, message: issue.message });
      }
    }

    for (const locale of LOCALES) {
      const slug = (entry.fields.slug?.[locale] ?? entry.fields.slug?.['en-US']) as string | undefined;
      if (!slug) continue;
      const key = `${contentType}|${locale}|${slug}`;
      const other = slugs.get(key);
      if (other && other.entry.sys.id !== id) problems.push({ ...at, field: 'slug', message: `duplicate slug "${slug}" (${locale}) also used by ${other.entry.sys.id} in ${other.file}` });
      else slugs.set(key, located);
    }
  }
  // Duplicate-slug problems are found once per locale; one line per pair is enough.
  const seen = new Set<string>();
  return {
    entries: all.length,
    problems: problems.filter((p) => {
      const key = formatProblem(p).replace(/ \((en-US|ar-QA)\) /, ' ');
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    }),
  };
}
