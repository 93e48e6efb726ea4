import type { MouseEvent, ReactElement } from 'react';
import { useLang, useLinks, useT, type ViewComponentProps } from '@qf/shared/react';
import { inlineLinksHtml, localePath } from '@qf/shared/routing';
import { routes } from '../routes';
import { idktFooterDataSchema, type IdktFooterData } from './idkt-footer-data';
import styles from './IdktFooter.module.css';

/** The accessibility partner (Mada, Qatar Assistive Technology Center); its Arabic site takes ?lang=ar. */
export const PARTNER_URL = 'https://mada.org.qa/';

const NAVIGATION = [
  ['technologies', routes.path('technologies')],
  ['idktAbout', routes.path('subpage', { slug: 'about' })],
  ['infoBank', routes.path('infoBank')],
  ['technologyTransfer', routes.path('subpage', { slug: 'road-to-technology-transfer' })],
] as const;
/** The foundation's pages, mf-content's: by route id, resolved by the shell (a page it does not know is left out). */
const GENERAL = [
  ['about', 'mf-content/page', { slug: 'about' }],
  ['education', 'mf-content/area.education', undefined],
  ['research', 'mf-content/area.research', undefined],
  ['community', 'mf-content/area.community', undefined],
] as const;
const AUDIENCE_KEYS = { 'for-industry': 'forIndustry', 'for-researchers': 'forResearchers', 'for-entrepreneurs': 'forEntrepreneurs' } as const;

/** Back to the top of the page, where a keyboard user continues from the first control. */
function goToTop(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
  document.querySelector<HTMLElement>('a[href], button, [tabindex]:not([tabindex="-1"])')?.focus({ preventScroll: true });
}

/**
 * The IDKT footer (SPEC §2), shown by the shell instead of the main footer on IDKT pages: the office's
 * contacts, the newsletter, link columns, go-to-top, the site's copyright and small links, and the
 * accessibility partner's logo.
 */
export function IdktFooter({ data }: ViewComponentProps<IdktFooterData>): ReactElement {
  const t = useT();
  const lang = useLang();
  const d = idktFooterDataSchema.parse(data);
  const at = (path: string) => localePath(lang, path);
  const link = useLinks(routes);
  // A column whose links are all unknown (the shell knows none of mf-content's pages) is left out.
  const column = (id: string, heading: ReactElement | string, links: readonly { href: string; label: string }[]) =>
    links.length === 0 ? null : (
      <nav className={styles.column} aria-labelledby={`idkt-footer-${id}`} key={id}>
        <h3 id={`idkt-footer-${id}`} className={styles.columnHeading}>
          {heading}
        </h3>
        <ul className={styles.links}>
          {links.map((l) => (
            <li key={l.href}>
              <a href={l.href}>{l.label}</a>
            </li>
          ))}
        </ul>
      </nav>
    );
  return (
    <footer className={styles.footer} aria-label={t('footer.label')} data-qf-module="idkt-footer">
      <div className={styles.inner}>
        <section className={styles.office} aria-labelledby="idkt-footer-office">
          <h2 id="idkt-footer-office" className={styles.heading}>
            {t('footer.heading')}
          </h2>
          {d.email ? (
            <p>
              {t('footer.email')}{' '}
              <a href={`mailto:${d.email}`} dir="ltr">
                {d.email}
              </a>
            </p>
          ) : null}
          {d.phone ? (
            <p>
              {t('footer.phone')}{' '}
              <a href={`tel:${d.phone.replace(/\s+/g, '')}`} dir="ltr">
                {d.phone}
              </a>
            </p>
          ) : null}
          <p>
            <a className={styles.newsletter} href={at(routes.path('subpage', { slug: 'newsletter' }))}>
              {t('footer.newsletter')}
            </a>
          </p>
        </section>
        <div className={styles.columns}>
          {column(
            'navigation',
            t('footer.columns.navigation'),
            NAVIGATION.map(([key, path]) => ({ href: at(path), label: t(`footer.links.${key}`) })),
          )}
          {d.audiences.map((a) =>
            column(
              a.slug,
              <a href={at(routes.path('subpage', { slug: a.slug }))}>{t(`footer.columns.${AUDIENCE_KEYS[a.slug]}`)}</a>,
              a.sections.map((label, i) => ({ href: `${at(routes.path('subpage', { slug: a.slug }))}#section-${i + 1}`, label })),
            ),
          )}
          {column(
            'general',
            t('footer.columns.general'),
            GENERAL.flatMap(([key, route, params]) => {
              const href = link(route, params);
              return href ? [{ href, label: t(`footer.links.${key}`) }] : [];
            }),
          )}
        </div>
        <div className={styles.bottom}>
          <p className={styles.top}>
            <a href="#top" onClick={goToTop}>
              {t('footer.goToTop')}
            </a>
          </p>
          <p>{d.site.copyright}</p>
          {d.site.smallLinks ? <p role="group" aria-label={t('footer.legal')} dangerouslySetInnerHTML={{ __html: inlineLinksHtml(d.site.smallLinks, lang) }} /> : null}
          <a className={styles.partner} href={lang === 'ar' ? `${PARTNER_URL}?lang=ar` : PARTNER_URL} aria-label={t('footer.partner')} data-idkt-partner="">
            <svg aria-hidden="true" focusable="false" width="120" height="40" viewBox="0 0 120 40">
              <rect width="120" height="40" rx="6" fill="currentColor" opacity="0.12" />
              <circle cx="20" cy="20" r="11" fill="none" stroke="currentColor" strokeWidth="3" />
              <circle cx="20" cy="14" r="2.5" fill="currentColor" />
              <path d="M14 20h12M20 20v8" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
              <path d="M42 28V12l8 10 8-10v16M64 28l7-16 7 16M66.5 22h9M84 12v16h5a8 8 0 0 0 0-16zM100 28l7-16 7 16M102.5 22h9" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinejoin="round" />
            </svg>
          </a>
        </div>
      </div>
    </footer>
  );
}
