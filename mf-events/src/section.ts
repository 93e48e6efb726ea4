import type { SectionDefinition } from '@qf/shared/react';
import { translations } from './translations';
import { EventPage } from './views/EventPage';
import { EventsList } from './views/EventsList';
import { SeriesPage } from './views/SeriesPage';
import { SpeakerPage } from './views/SpeakerPage';
import { SpeakersList } from './views/SpeakersList';

export const section: SectionDefinition = {
  name: 'mf-events',
  translations,
  views: { events: EventsList, event: EventPage, series: SeriesPage, speakers: SpeakersList, speaker: SpeakerPage },
};
