import type { SectionDefinition } from '@qf/shared/react';
import { translations } from './translations';
import { ExpertsList } from './views/ExpertsList';
import { ExpertProfile } from './views/ExpertProfile';
import { Gallery } from './views/Gallery';
import { MediaList } from './views/MediaList';
import { PressRelease } from './views/PressRelease';
import { MediaCenter } from './views/MediaCenter';

export const section: SectionDefinition = {
  name: 'mf-media-center',
  translations,
  views: { experts: ExpertsList, expert: ExpertProfile, galleries: MediaList, news: MediaList, mentions: MediaList, gallery: Gallery, pressRelease: PressRelease, landing: MediaCenter },
};
