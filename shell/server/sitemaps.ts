import type { FastifyInstance } from 'fastify';
import type { PagePathEntry, RemoteName } from '@qf/shared/contracts';

/** The sitemaps protocol's limits per file: 50,000 URLs and 50 MB (52,428,800 bytes) uncompressed. */
export const SITEMAP_MAX_URLS = 50_000;
export const SITEMAP_MAX_BYTES = 50 * 1024 * 1024;

/** How long the sitemaps made from the sections' lists are kept before they are made again. */
export const SITEMAP_TTL_MS = 60_000;

export interface SitemapOptions {
  /** The site's origin, without a trailing slash: every address in the sitemaps is absolute. */
  siteUrl: string;
  /** The sections of the live registry (a section joins the sitemaps with its registry entry). */
  sections: () => Promise<readonly RemoteName[]>;
  /** The pages a section lists (its `/_qf/paths`); none when it is down, so its pages are left out until it is back. */
  pathsOf: (remote: RemoteName) => Promise<PagePathEntry[]>;
  /** The clock (the lastmod of a sitemap whose pages say none, and the age of the kept sitemaps); tests set it. */
  now?: () => Date;
  /** Limits per sitemap file (the protocol's unless a test sets smaller ones). */
  maxUrls?: number;
  maxBytes?: number;
  ttlMs?: number;
}

type Lang = 'en' | 'ar';
const LANGS: readonly Lang[] = ['en', 'ar'];

interface SitemapFile {
  body: string;
  /** The newest lastmod of its pages (the time it was made when none says one). */
  lastmod: string;
}

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

const URLSET_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n';
const URLSET_TAIL = '</urlset>\n';

/** A sitemap file's address: the first of a language keeps the name it always had. */
const fileName = (lang: Lang, index: number) => (index === 0 ? `sitemap-${lang}.xml` : `sitemap-${lang}-${index + 1}.xml`);

/**
 * The sitemaps (SPEC SEO) and robots.txt: an index of the sitemaps of each language; each lists pages of
 * every section that is up, with their lastmod and hreflang alternates (en, ar, x-default = en). A
 * language's pages are split over as many files as the protocol's limits need (`sitemap-en.xml`, then
 * `sitemap-en-2.xml`, …), each with the newest lastmod of its pages in the index and as its
 * Last-Modified. The files are made once from the sections' lists and kept for `ttlMs`, or until a
 * section joins or leaves (a crawler asking them again does not make every section list every page
 * again); requests meanwhile share one making.
 */
export function registerSitemaps(app: FastifyInstance, options: SitemapOptions): void {
  const { siteUrl, sections, pathsOf, now = () => new Date(), maxUrls = SITEMAP_MAX_URLS, maxBytes = SITEMAP_MAX_BYTES, ttlMs = SITEMAP_TTL_MS } = options;
  let kept: { at: number; sections: string; files: Promise<Record<Lang, SitemapFile[]>> } | undefined;

  /** One language's pages as files within the limits. */
  function split(entries: readonly PagePathEntry[], lang: Lang, madeAt: string): SitemapFile[] {
    const files: SitemapFile[] = [];
    const room = maxBytes - Buffer.byteLength(URLSET_HEAD) - Buffer.byteLength(URLSET_TAIL);
    let urls: string[] = [];
    let bytes = 0;
    let newest: { time: number; text: string } | undefined;
    const close = () => {
      files.push({ body: `${URLSET_HEAD}${urls.join('')}${URLSET_TAIL}`, lastmod: newest?.text ?? madeAt });
      urls = [];
      bytes = 0;
      newest = undefined;
    };
    for (const e of entries) {
      const url =
        `<url><loc>${xml(siteUrl + (lang === 'en' ? e.en : e.ar))}</loc>${e.lastmod ? `<lastmod>${xml(e.lastmod)}</lastmod>` : ''}` +
        `<xhtml:link rel="alternate" hreflang="en" href="${xml(siteUrl + e.en)}"/><xhtml:link rel="alternate" hreflang="ar" href="${xml(siteUrl + e.ar)}"/>` +
        `<xhtml:link rel="alternate" hreflang="x-default" href="${xml(siteUrl + e.en)}"/></url>\n`;
      const size = Buffer.byteLength(url);
      if (urls.length > 0 && (urls.length >= maxUrls || bytes + size > room)) close();
      urls.push(url);
      bytes += size;
      const time = e.lastmod ? Date.parse(e.lastmod) : NaN;
      if (!Number.isNaN(time) && (!newest || time > newest.time)) newest = { time, text: e.lastmod! };
    }
    if (urls.length > 0 || files.length === 0) close();
    return files;
  }

  async function make(remotes: readonly RemoteName[]): Promise<Record<Lang, SitemapFile[]>> {
    const entries = (await Promise.all(remotes.map((r) => pathsOf(r)))).flat();
    const madeAt = now().toISOString();
    return { en: split(entries, 'en', madeAt), ar: split(entries, 'ar', madeAt) };
  }

  /** The files, made at most once per `ttlMs`, and again when a section joins or leaves (a making that failed is not kept). */
  async function files(): Promise<Record<Lang, SitemapFile[]>> {
    const remotes = await sections();
    const names = remotes.join(',');
    const t = now().getTime();
    if (!kept || kept.sections !== names || t - kept.at >= ttlMs || t < kept.at) {
      const made = { at: t, sections: names, files: make(remotes) };
      made.files.catch(() => kept === made && (kept = undefined));
      kept = made;
    }
    return kept.files;
  }

  app.get('/sitemap.xml', async (_req, reply) => {
    const all = await files();
    reply.type('application/xml; charset=utf-8');
    const items = LANGS.flatMap((lang) => all[lang].map((f, i) => `<sitemap><loc>${siteUrl}/${fileName(lang, i)}</loc><lastmod>${xml(f.lastmod)}</lastmod></sitemap>`));
    return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join('\n')}\n</sitemapindex>\n`;
  });

  // sitemap-en.xml, sitemap-en-2.xml, …; any other name is the site's 404.
  app.get('/sitemap-:file', async (request, reply) => {
    // The second file on are numbered from 2: "sitemap-en-1.xml" is not a second address of the first.
    const m = /^(en|ar)(?:-([2-9]|[1-9]\d{1,5}))?\.xml$/.exec((request.params as { file: string }).file);
    const file = m ? (await files())[m[1] as Lang][m[2] ? Number(m[2]) - 1 : 0] : undefined;
    if (!file) return reply.callNotFound();
    const modified = Date.parse(file.lastmod);
    if (!Number.isNaN(modified)) reply.header('Last-Modified', new Date(modified).toUTCString());
    reply.type('application/xml; charset=utf-8');
    return file.body;
  });

  app.get('/robots.txt', async (_req, reply) => {
    reply.type('text/plain; charset=utf-8');
    return `User-agent: *\nAllow: /\nSitemap: ${siteUrl}/sitemap.xml\n`;
  });
}
