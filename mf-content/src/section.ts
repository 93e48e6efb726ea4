import type { SectionDefinition } from '@qf/shared/react';
import { translations } from './translations';
import { Home } from './views/Home';
import { Page } from './views/Page';
import { Search } from './views/Search';
import { Story } from './views/Story';
import { Area } from './views/Area';
import { Detail } from './views/Detail';
import { ProgramList } from './views/ProgramList';
import { TapStories } from './views/TapStories';
import { TapStory } from './views/TapStory';
import { StoryList } from './views/StoryList';
import { CategoryList } from './views/CategoryList';
import { Campaign } from './views/Campaign';
import { People } from './views/People';

export const section: SectionDefinition = {
  name: 'mf-content',
  translations,
  views: {
    story: Story,
    home: Home,
    search: Search,
    page: Page,
    area: Area,
    programs: ProgramList,
    program: Detail,
    place: Detail,
    school: Detail,
    university: Detail,
    person: Detail,
    tapStories: TapStories,
    tapStory: TapStory,
    stories: StoryList,
    category: CategoryList,
    campaign: Campaign,
    people: People,
  },
};
