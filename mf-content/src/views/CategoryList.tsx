import type { ReactElement } from 'react';
import { localDigitsIn } from '@qf/shared/i18n';
import { useLang, useT, type ViewComponentProps } from '@qf/shared/react';
import { categoryKeys } from './category-text';
import type { CategoryListData } from './list-data';
import styles from './Directory.module.css';

/**
 * A category of an area as a page (SPEC §2 menu level 2): schools, universities, entities or places, in
 * the area's colour. Places carry their address and a directions link that opens a maps service.
 */
export function CategoryList({ data }: ViewComponentProps<CategoryListData>): ReactElement {
  const t = useT();
  const lang = useLang();
  const keys = categoryKeys(data);
  const options = keys.categoryKey ? { category: t(keys.categoryKey) } : {};
  const title = t(keys.title, options);
  const intro = t(keys.intro, options);
  const area = t(`area.${data.vertical}.title`);
  return (
    <div className={`${styles.page} ${styles.wide}`} data-vertical={data.vertical}>
      <header className={styles.areaHero}>
        <p className={styles.meta}>
          <a href={data.area}>{area}</a>
        </p>
        <h1 tabIndex={-1}>{title}</h1>
        <p className={styles.subtitle}>{intro}</p>
      </header>
      <p className={styles.count}>{t('categoryList.count', { count: data.items.length })}</p>
      <ul className={styles.grid}>
        {data.items.map((item) => (
          <li key={item.href} className={styles.listItem}>
            {item.image ? <img src={item.image.src} srcSet={item.image.srcSet} sizes="6rem" width={item.image.width} height={item.image.height} alt="" loading="lazy" decoding="async" /> : null}
            <a href={item.href}>{item.title}</a>
            {item.subtitle ? <p className={styles.meta}>{item.subtitle}</p> : null}
            {item.excerpt ? <p>{item.excerpt}</p> : null}
            {item.address ? (
              <>
                <address className={styles.address}>{localDigitsIn(lang, item.address.text)}</address>
                {item.openingHours ? <p className={styles.meta}>{t('categoryList.openingHours', { hours: localDigitsIn(lang, item.openingHours) })}</p> : null}
                <a className={styles.directions} href={item.address.directions} target="_blank" rel="noopener noreferrer">
                  {t('directory.directions', { name: item.title })} <span className={styles.hint}>{t('directory.opensInNewTab')}</span>
                </a>
              </>
            ) : null}
          </li>
        ))}
      </ul>
      <p className={styles.back}>
        <a href={data.area}>{t('categoryList.back', { area })}</a>
      </p>
    </div>
  );
}
