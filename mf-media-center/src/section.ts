import type { SectionDefinition } from '@qf/shared/react';
import { translations } from './translations';
import { ExpertsList } from './views/ExpertsList';
import { ExpertProfile } from './views/ExpertProfile';

export const section: SectionDefinition = {
  name: 'mf-media-center',
  translations,
  views: { experts: ExpertsList, expert: ExpertProfile },
};
