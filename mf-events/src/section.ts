import type { SectionDefinition } from '@qf/shared/react';
import { translations } from './translations';
import { EventPage } from './views/EventPage';
import { EventsList } from './views/EventsList';

export const section: SectionDefinition = {
  name: 'mf-events',
  translations,
  views: { events: EventsList, event: EventPage },
};
