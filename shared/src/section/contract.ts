import { routeManifestSchema } from '@qf/shared/contracts';
import { fillPattern } from '@qf/shared/routing';
import type { SectionPages } from './pages';
import type { SectionRouteTable } from './routes';
import type { DefinedSection } from './views';

/**
 * What is wrong with a section's definition, as sentences (none when it keeps the contract): the
 * manifest the shell reads parses; every template has a view, a resolver with its sitemap paths, and a
 * link that leads back to it; every widget has a view; no view, resolver or widget is left without a
 * route. Each remote's contract test asserts this is empty; the types say most of it at compile time.
 */
export function sectionProblems({ routes, section, pages }: { routes: SectionRouteTable; section: DefinedSection; pages: SectionPages }): string[] {
  const problems: string[] = [];
  const manifest = routeManifestSchema.safeParse(routes);
  if (!manifest.success) problems.push(`the route manifest does not parse: ${manifest.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`);
  if (section.name !== routes.remote) problems.push(`the section is named ${section.name}, its routes ${routes.remote}`);
  if (section.routes !== routes) problems.push('the section was defined from other routes');
  const templates = Object.keys(routes.templates);
  const widgets = Object.keys(routes.widgetSpecs);
  const views = new Set([...Object.keys(section.views), ...Object.keys(section.loaders)]);
  const resolvers = new Set(pages.templates);
  for (const t of templates) {
    if (!views.has(t)) problems.push(`template "${t}" has no view`);
    if (!resolvers.has(t)) problems.push(`template "${t}" has no resolver`);
    if (!routes.routes.some((r) => r.template === t)) problems.push(`template "${t}" is not in the manifest`);
  }
  for (const w of widgets) if (!views.has(w)) problems.push(`widget "${w}" has no view`);
  for (const v of views) if (!templates.includes(v) && !widgets.includes(v)) problems.push(`view "${v}" is neither a template nor a widget`);
  for (const r of resolvers) if (!templates.includes(r)) problems.push(`resolver "${r}" has no template`);
  for (const route of routes.routes) {
    // A sample path of the pattern must reach its template: no other pattern of the section hides it.
    const sample = fillPattern(route.pattern, Object.fromEntries(route.pattern.split('/').filter((s) => s.startsWith(':')).map((s) => [s.slice(1), `sample-${s.slice(1)}`])));
    const matches = routes.match(sample).map((m) => m.template);
    if (!matches.includes(route.template)) problems.push(`a path of ${route.pattern} does not reach template "${route.template}" (it reaches ${matches.join(', ') || 'nothing'})`);
  }
  return problems;
}

/**
 * What is wrong with a section's sitemap, as sentences (none when it keeps the contract): a template
 * lists no page, or a listed page is not answered, in English and Arabic, by the template whose
 * pattern it is. Each remote's contract test asserts this is empty against its real content.
 */
export async function sitemapProblems({ routes, pages }: { routes: SectionRouteTable; pages: SectionPages }): Promise<string[]> {
  const problems: string[] = [];
  const listed = await pages.paths();
  const listedTemplates = new Set(listed.map((p) => routes.match(p.en)[0]?.template));
  for (const t of Object.keys(routes.templates)) if (!listedTemplates.has(t)) problems.push(`template "${t}" lists no page`);
  for (const entry of listed) {
    const template = routes.match(entry.en)[0]?.template;
    if (!template) {
      problems.push(`${entry.en} is listed but no pattern matches it`);
      continue;
    }
    for (const lang of ['en', 'ar'] as const) {
      const page = await pages.resolve(entry.en, lang);
      if (page?.template !== template) problems.push(`${entry.en} (${lang}) is answered by ${page ? `"${page.template}"` : 'nothing'}, not "${template}"`);
    }
  }
  return problems;
}
