import type { ReactElement } from 'react';
import { inlineLinksHtml, localePath } from '@qf/shared/routing';
import type { Lang } from '@qf/shared/i18n';
import type { Globals } from '../state';
import { useShellT } from '../i18n';
import { OPEN_ASSISTANT_EVENT } from '../chrome/assistant-event';
import { MODULE_ATTRIBUTE, SOCIAL_ATTRIBUTE } from '../data-layer';
import { SocialIcon } from './SocialIcon';
import styles from './Footer.module.css';

const openAssistant = () => window.dispatchEvent(new CustomEvent(OPEN_ASSISTANT_EVENT));

/** The main footer of SPEC §2, on every page but those under /idkt; fed by site globals and the menu. */
export function Footer({ lang, globals }: { lang: Lang; globals: Globals }): ReactElement {
  const t = useShellT();
  const footer = globals.footer;
  const at = (path: string) => localePath(lang, path);
  const quick = [
    { href: '/about', label: t('footers.about') },
    // "Articles" is every story, not the featured one (the header links that one).
    { href: '/stories', label: t('footers.articles') },
    { href: '/events', label: t('footers.events') },
    { href: '/media-center', label: t('footers.mediaCenter') },
  ];
  const business = [
    footer?.yearInReviewUrl ? { href: footer.yearInReviewUrl, label: t('footers.yearInReview') } : null,
    footer?.tendersUrl ? { href: footer.tendersUrl, label: t('footers.tenders') } : null,
    footer?.supplierRegistrationPath ? { href: at(footer.supplierRegistrationPath), label: t('footers.supplierRegistration') } : null,
  ].filter((l) => l !== null);
  // The World Cup group is the stories link the footer skips (SPEC §2).
  const groups = (globals.areas ?? []).filter((a) => a.vertical !== 'worldcup');
  return (
    <footer className={styles.footer} aria-label={t('footers.label')} {...{ [MODULE_ATTRIBUTE]: 'footer' }}>
      <div className={styles.inner}>
        <div className={styles.brand}>
          <p className={styles.tagline}>{globals.tagline}</p>
          <button type="button" className={styles.ask} onClick={openAssistant} aria-describedby="qf-footer-ask-hint">
            {t('footers.ask', { name: footer?.assistantName || t('siteName') })}
          </button>
          <p id="qf-footer-ask-hint" className={styles.hint}>
            {t('footers.askHint')}
          </p>
        </div>
        <nav aria-labelledby="qf-footer-quick" className={styles.column}>
          <h2 id="qf-footer-quick" className={styles.heading}>
            {t('footers.quickLinks')}
          </h2>
          <ul className={styles.links}>
            {quick.map((l) => (
              <li key={l.label}>
                <a href={at(l.href)}>{l.label}</a>
              </li>
            ))}
          </ul>
        </nav>
        {footer && footer.secondary.length > 0 ? (
          <nav aria-labelledby="qf-footer-secondary" className={styles.column}>
            <h2 id="qf-footer-secondary" className={styles.heading}>
              {t('footers.secondary')}
            </h2>
            <ul className={styles.links}>
              {footer.secondary.map((l) => (
                <li key={l.href}>
                  <a href={at(l.href)}>{l.label}</a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        {groups.length > 0 ? (
          <nav aria-labelledby="qf-footer-areas" className={styles.groups}>
            <h2 id="qf-footer-areas" className={styles.heading}>
              {t('footers.areas')}
            </h2>
            <div className={styles.groupList}>
              {groups.map((area) => (
                <div key={area.vertical} className={styles.group} data-area={area.vertical}>
                  <h3 className={styles.groupHeading}>
                    <a href={at(area.href)}>{area.label}</a>
                  </h3>
                  <ul className={styles.links}>
                    {area.categories.map((c) => (
                      <li key={c.href}>
                        <a href={at(c.href)}>{c.label}</a>
                      </li>
                    ))}
                  </ul>
                </div>
              ))}
            </div>
          </nav>
        ) : null}
        {business.length > 0 ? (
          <nav aria-labelledby="qf-footer-business" className={styles.column}>
            <h2 id="qf-footer-business" className={styles.heading}>
              {t('footers.business')}
            </h2>
            <ul className={styles.links}>
              {business.map((l) => (
                <li key={l.label}>
                  <a href={l.href}>{l.label}</a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <section aria-labelledby="qf-footer-contact" className={styles.column}>
          <h2 className={styles.heading} id="qf-footer-contact">
            {t('footers.contact')}
          </h2>
          {footer?.pressEmail ? (
            <p>
              {t('footers.inquiries')}{' '}
              <a href={`mailto:${footer.pressEmail}`} dir="ltr">
                {footer.pressEmail}
              </a>
            </p>
          ) : null}
          {globals.email ? (
            <p>
              {t('footers.email')}{' '}
              <a href={`mailto:${globals.email}`} dir="ltr">
                {globals.email}
              </a>
            </p>
          ) : null}
          {globals.phone ? (
            <p>
              {t('footers.phone')}{' '}
              <a href={`tel:${globals.phone.replace(/\s+/g, '')}`} dir="ltr">
                {globals.phone}
              </a>
            </p>
          ) : null}
          {footer?.hotlinePath ? (
            <p>
              <a href={at(footer.hotlinePath)}>{t('footers.hotline')}</a>
            </p>
          ) : null}
        </section>
        {footer && footer.socials.length > 0 ? (
          <section aria-labelledby="qf-footer-social" className={styles.column}>
            <h2 className={styles.heading} id="qf-footer-social">
              {t('footers.social')}
            </h2>
            <ul className={styles.socials}>
              {footer.socials.map((s) => (
                <li key={s.network}>
                  <a href={s.href} rel="noopener" aria-label={t(`footers.networks.${s.network}`)} {...{ [SOCIAL_ATTRIBUTE]: s.network }}>
                    <SocialIcon network={s.network} />
                  </a>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <div className={styles.legal}>
          <p className={styles.copyright}>{globals.copyright}</p>
          {footer?.smallLinks ? (
            <p className={styles.smallLinks} role="group" aria-label={t('footers.legal')} dangerouslySetInnerHTML={{ __html: inlineLinksHtml(footer.smallLinks, lang) }} />
          ) : null}
          <p className={styles.accessibility}>{t('footers.accessibility')}</p>
        </div>
      </div>
    </footer>
  );
}
