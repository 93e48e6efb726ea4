import type { SectionDefinition } from '@qf/shared/react';
import { translations } from './translations';
import { Landing } from './views/Landing';

export const section: SectionDefinition = {
  name: 'mf-idkt',
  translations,
  views: { landing: Landing },
};
