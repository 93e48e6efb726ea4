import type { SectionDefinition } from '@qf/shared/react';
import { translations } from './translations';
import { Landing } from './views/Landing';
import { Subpage } from './views/Subpage';

export const section: SectionDefinition = {
  name: 'mf-idkt',
  translations,
  views: { landing: Landing, subpage: Subpage },
};
