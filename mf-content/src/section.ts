import type { SectionDefinition } from '@qf/shared/react';
import { translations } from './translations';
import { Story } from './views/Story';

export const section: SectionDefinition = {
  name: 'mf-content',
  translations,
  views: { story: Story },
};
