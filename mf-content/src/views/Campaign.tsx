import type { ReactElement } from 'react';
import { useT, type ViewComponentProps } from '@qf/shared/react';
import type { CampaignData } from './list-data';
import { StoryCards } from './StoryCards';
import styles from './Directory.module.css';

/** A campaign (SPEC §3 `campaign`): its year, description and stories, newest first. */
export function Campaign({ data }: ViewComponentProps<CampaignData>): ReactElement {
  const t = useT();
  return (
    <div className={`${styles.page} ${styles.wide}`}>
      <header className={styles.header}>
        {data.year ? <p className={styles.meta}>{t('campaign.year', { year: data.year })}</p> : null}
        <h1 tabIndex={-1}>{data.title}</h1>
        <p className={styles.subtitle}>{data.description}</p>
      </header>
      <section aria-labelledby="campaign-stories" className={styles.section}>
        <h2 id="campaign-stories">{t('campaign.stories')}</h2>
        {data.stories.length === 0 ? <p>{t('campaign.none')}</p> : <StoryCards stories={data.stories} headingLevel={3} />}
      </section>
      <p className={styles.back}>
        <a href={data.all}>{t('campaign.allStories')}</a>
      </p>
    </div>
  );
}
