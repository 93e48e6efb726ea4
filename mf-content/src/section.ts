import type { SectionDefinition } from '@qf/shared/react';
import { translations } from './translations';
import { Home } from './views/Home';
import { Page } from './views/Page';
import { Search } from './views/Search';
import { Story } from './views/Story';

export const section: SectionDefinition = {
  name: 'mf-content',
  translations,
  views: { story: Story, home: Home, search: Search, page: Page },
};
