import type { ReactElement } from 'react';
import { localePath } from '@qf/shared/routing';
import type { Lang } from '@qf/shared/i18n';
import type { Globals } from '../state';
import { useShellT } from '../i18n';
import styles from './Footer.module.css';

export function Footer({ lang, globals }: { lang: Lang; globals: Globals }): ReactElement {
  const t = useShellT();
  const links = [
    { href: '/about', label: t('footer.about') },
    { href: globals.featuredStoryPath ?? '/stories', label: t('footer.articles') },
    { href: '/events', label: t('footer.events') },
    { href: '/media-center', label: t('footer.mediaCenter') },
  ];
  return (
    <footer className={styles.footer} aria-label={t('footer.label')}>
      <div className={styles.inner}>
        <p className={styles.tagline}>{globals.tagline}</p>
        <nav aria-label={t('footer.quickLinks')}>
          <h2 className={styles.heading}>{t('footer.quickLinks')}</h2>
          <ul className={styles.links}>
            {links.map((l) => (
              <li key={l.href}>
                <a href={localePath(lang, l.href)}>{l.label}</a>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="qf-footer-contact">
          <h2 className={styles.heading} id="qf-footer-contact">
            {t('footer.contact')}
          </h2>
          <p>
            <a href={`mailto:${globals.email}`}>{t('footer.email', { email: globals.email })}</a>
          </p>
          <p>
            <a href={`tel:${globals.phone.replace(/\s+/g, '')}`} dir="ltr">
              {t('footer.phone', { phone: globals.phone })}
            </a>
          </p>
        </section>
        <p className={styles.copyright}>{globals.copyright}</p>
      </div>
    </footer>
  );
}
