import type { ReactElement } from 'react';
import { localDigitsIn, type Lang } from '@qf/shared/i18n';
import { localePath } from '@qf/shared/routing';
import { useShellT } from '../i18n';
import type { MenuLink } from './menu-data';
import { previewImage, previewKey } from './previews';
import type { PreviewsState } from './use-previews';
import styles from './Menu.module.css';

interface PreviewPanelProps {
  lang: Lang;
  item: MenuLink | undefined;
  previews: PreviewsState;
  id?: string;
}

/** The level-3 preview (SPEC §2): hero image, kind, description and contact of the item in view. */
export function PreviewPanel({ lang, item, previews, id }: PreviewPanelProps): ReactElement {
  const t = useShellT();
  const record = item && previews.status === 'ready' ? previews.previews[previewKey(item.id, lang)] : undefined;
  const image = record?.heroImage ? previewImage(record.heroImage) : null;
  return (
    <section id={id} className={styles.preview} aria-label={t('menu.preview')} aria-live="polite">
      {!item ? <p className={styles.muted}>{t('menu.previewHint')}</p> : null}
      {item && previews.status === 'loading' ? <p className={styles.muted}>{t('menu.previewLoading')}</p> : null}
      {item && previews.status === 'error' ? <p className={styles.muted}>{t('menu.previewError')}</p> : null}
      {item ? (
        <>
          {image ? <img className={styles.previewImage} src={image.src} srcSet={image.srcSet} sizes="(min-width: 1380px) 336px, 100vw" alt="" loading="lazy" decoding="async" width={672} height={378} /> : null}
          {record?.type?.[0] ? <p className={styles.kind}>{record.type[0]}</p> : null}
          <h3 className={styles.previewTitle}>{record?.title || item.title}</h3>
          {record?.subtitle ? <p>{record.subtitle}</p> : null}
          {record?.entityDescription ? <p className={styles.description}>{record.entityDescription}</p> : null}
          <dl className={styles.facts}>
            {record?.location?.placeAddress ? <Fact term={t('menu.address')} value={localDigitsIn(lang, record.location.placeAddress)} /> : null}
            {record?.openingHours ? <Fact term={t('menu.openingHours')} value={localDigitsIn(lang, record.openingHours)} /> : null}
            {record?.phone ? <Fact term={t('menu.phone')} value={<a href={`tel:${record.phone.replace(/\s+/g, '')}`} dir="ltr">{record.phone}</a>} /> : null}
            {record?.fax ? <Fact term={t('menu.fax')} value={<span dir="ltr">{record.fax}</span>} /> : null}
            {record?.email ? <Fact term={t('menu.email')} value={<a href={`mailto:${record.email}`}>{record.email}</a>} /> : null}
          </dl>
          <a className={styles.visit} href={localePath(lang, item.path)}>
            {t('menu.visit', { title: record?.title || item.title })}
          </a>
        </>
      ) : null}
    </section>
  );
}

function Fact({ term, value }: { term: string; value: ReactElement | string }): ReactElement {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{value}</dd>
    </div>
  );
}
