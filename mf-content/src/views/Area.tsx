import type { ReactElement } from 'react';
import { formatDate } from '@qf/shared/dates';
import { useLang, useLinks, useT, type ViewComponentProps } from '@qf/shared/react';
import { revealMark } from '@qf/shared/contracts';
import { routes } from '../routes';
import type { AreaData } from './directory-data';
import styles from './Directory.module.css';

/** SPEC §2 vertical template: an area page in its colour (education purple, research blue, community red). */
export function Area({ data }: ViewComponentProps<AreaData>): ReactElement {
  const t = useT();
  const lang = useLang();
  const link = useLinks(routes);
  const links = data.links.flatMap((l) => {
    const href = l.href ?? (l.route ? link(l.route) : undefined);
    return href ? [{ key: l.key, href }] : [];
  });
  return (
    <div className={`${styles.page} ${styles.wide}`} data-vertical={data.vertical}>
      <header className={styles.areaHero}>
        <h1 tabIndex={-1}>{t(`area.${data.vertical}.title`)}</h1>
        <p className={styles.subtitle}>{t(`area.${data.vertical}.intro`)}</p>
      </header>
      {links.length > 0 ? (
        <ul className={styles.pills} aria-label={t('area.more', { area: t(`area.${data.vertical}.title`) })}>
          {links.map((l) => (
            <li key={l.key}>
              <a href={l.href}>{t(`area.links.${l.key}`)}</a>
            </li>
          ))}
        </ul>
      ) : null}
      {data.stories.length > 0 ? (
        <section aria-labelledby="area-latest" className={styles.section}>
          <h2 id="area-latest">{t('area.latest')}</h2>
          <ul className={styles.cards}>
            {data.stories.map((s, i) => (
              <li key={s.href} className={styles.card} {...revealMark}>
                {s.image ? <img src={s.image.src} srcSet={s.image.srcSet} sizes="(min-width: 60rem) 24rem, 100vw" width={s.image.width} height={s.image.height} alt="" loading={i === 0 ? 'eager' : 'lazy'} decoding="async" /> : null}
                <h3>
                  <a href={s.href}>{s.title}</a>
                </h3>
                <p className={styles.meta}>
                  <time dateTime={s.date}>{formatDate(lang, s.date, 'short')}</time>
                </p>
                <p>{s.excerpt}</p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {data.groups.map((g) => (
        <section key={g.key} aria-labelledby={`area-${g.key}`} className={styles.section}>
          <h2 id={`area-${g.key}`}>{t(`area.groups.${g.key}`)}</h2>
          <ul className={styles.grid}>
            {g.items.map((item) => (
              <li key={item.href}>
                <a href={item.href}>{item.title}</a>
                {item.subtitle ? <p className={styles.meta}>{item.subtitle}</p> : null}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
