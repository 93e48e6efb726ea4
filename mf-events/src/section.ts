import { defineSection } from '@qf/shared/section';
import { routes } from './routes';
import { translations } from './translations';
import { EventPage } from './views/EventPage';
import { EventsList } from './views/EventsList';
import { SeriesPage } from './views/SeriesPage';
import { SpeakerPage } from './views/SpeakerPage';
import { SpeakersList } from './views/SpeakersList';

/** A view per template of the routes (a missing one does not compile); all ship with the entry. */
export const section = defineSection(routes, {
  translations,
  views: { events: EventsList, event: EventPage, series: SeriesPage, speakers: SpeakersList, speaker: SpeakerPage },
});
