import { readFileSync } from 'node:fs';
import path from 'node:path';
import { AUDIENCE_PAGES } from '../components/ExplorePanel';
import { panels } from './panels';

/** The audience pages of the repository's content: slug → title per language. */
function audiencePages(): Map<string, { en: string; ar: string }> {
  const entries = JSON.parse(readFileSync(path.resolve(__dirname, '../../../content/entries/page.json'), 'utf8')) as { fields: { slug: { 'en-US': string }; title: { 'en-US': string; 'ar-QA': string } } }[];
  return new Map(entries.map((e) => [e.fields.slug['en-US'], { en: e.fields.title['en-US'], ar: e.fields.title['ar-QA'] }]));
}

describe('the Explore panel’s audience links', () => {
  it('are labelled as the pages they lead to are titled, in both languages (a label that promises another page reads as a wrong link)', () => {
    const pages = audiencePages();
    for (const slug of AUDIENCE_PAGES) {
      expect([slug, panels.en.panels.explore.pages[slug]]).toEqual([slug, pages.get(slug)?.en]);
      expect([slug, panels.ar.panels.explore.pages[slug]]).toEqual([slug, pages.get(slug)?.ar]);
    }
  });
});
