import type { ReactElement, Ref } from 'react';
import { formatDate } from '@qf/shared/dates';
import { useLang, useT } from '@qf/shared/react';
import { revealMark } from '@qf/shared/contracts';
import type { StoryCard } from './list-data';
import styles from './Directory.module.css';

/** Story cards of the lists: image, area and type, date, linked title, excerpt. */
export function StoryCards({ stories, headingLevel = 2, listRef }: { stories: readonly StoryCard[]; headingLevel?: 2 | 3; listRef?: Ref<HTMLUListElement> }): ReactElement {
  const t = useT();
  const lang = useLang();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ul className={styles.cards} ref={listRef}>
      {stories.map((s, i) => (
        <li key={s.href} className={styles.card} data-vertical={s.vertical} {...revealMark}>
          {s.image ? <img src={s.image.src} srcSet={s.image.srcSet} sizes="(min-width: 60rem) 24rem, 100vw" width={s.image.width} height={s.image.height} alt="" loading={i < 3 ? 'eager' : 'lazy'} decoding="async" /> : null}
          <p className={styles.meta}>
            <span>{t(`story.verticals.${s.vertical}`)}</span>
            {s.type ? <> · {t(`storyList.types.${s.type}`)}</> : null} · <time dateTime={s.date}>{formatDate(lang, s.date, 'short')}</time>
          </p>
          <Heading className={styles.cardTitle}>
            <a href={s.href}>{s.title}</a>
          </Heading>
          <p>{s.excerpt}</p>
        </li>
      ))}
    </ul>
  );
}
