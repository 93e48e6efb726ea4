import type { FastifyInstance } from 'fastify';
import type { PagePathEntry, RemoteName } from '@qf/shared/contracts';

export interface SitemapOptions {
  /** The site's origin, without a trailing slash: every address in the sitemaps is absolute. */
  siteUrl: string;
  /** The sections of the live registry (a section joins the sitemaps with its registry entry). */
  sections: () => Promise<readonly RemoteName[]>;
  /** The pages a section lists (its `/_qf/paths`); none when it is down, so its pages are left out until it is back. */
  pathsOf: (remote: RemoteName) => Promise<PagePathEntry[]>;
  /** The time the index says its sitemaps were modified; a parameter so tests can fix it. */
  now?: () => Date;
}

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

/**
 * The sitemaps (SPEC SEO) and robots.txt: an index of one sitemap per language; each lists every page
 * of every section that is up, with its lastmod and its hreflang alternates (en, ar, x-default = en).
 */
export function registerSitemaps(app: FastifyInstance, { siteUrl, sections, pathsOf, now = () => new Date() }: SitemapOptions): void {
  app.get('/sitemap.xml', async (_req, reply) => {
    reply.type('application/xml; charset=utf-8');
    const at = now().toISOString();
    return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${(['en', 'ar'] as const)
      .map((l) => `<sitemap><loc>${siteUrl}/sitemap-${l}.xml</loc><lastmod>${at}</lastmod></sitemap>`)
      .join('\n')}\n</sitemapindex>\n`;
  });

  for (const lang of ['en', 'ar'] as const) {
    app.get(`/sitemap-${lang}.xml`, async (_req, reply) => {
      const entries = (await Promise.all((await sections()).map((r) => pathsOf(r)))).flat();
      const urls = entries.map(
        (e) =>
          `<url><loc>${xml(siteUrl + (lang === 'en' ? e.en : e.ar))}</loc>${e.lastmod ? `<lastmod>${xml(e.lastmod)}</lastmod>` : ''}` +
          `<xhtml:link rel="alternate" hreflang="en" href="${xml(siteUrl + e.en)}"/><xhtml:link rel="alternate" hreflang="ar" href="${xml(siteUrl + e.ar)}"/>` +
          `<xhtml:link rel="alternate" hreflang="x-default" href="${xml(siteUrl + e.en)}"/></url>`,
      );
      reply.type('application/xml; charset=utf-8');
      return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
    });
  }

  app.get('/robots.txt', async (_req, reply) => {
    reply.type('text/plain; charset=utf-8');
    return `User-agent: *\nAllow: /\nSitemap: ${siteUrl}/sitemap.xml\n`;
  });
}
