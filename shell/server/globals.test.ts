import type { ContentSource, Entry } from '@qf/shared/content';
import { createGlobalsReader } from './globals';

function source(versioned: boolean) {
  const state = { version: 'v1', tagline: 'Unlocking human potential', reads: 0 };
  const entry = (): Entry => ({ sys: { id: 'globals', contentType: 'siteGlobals' }, fields: { tagline: { 'en-US': state.tagline, 'ar-QA': 'إطلاق قدرات الإنسان' }, featuredStory: { 'en-US': 'a-day-at-sidra' } } });
  const content: ContentSource = {
    entries: async (type) => {
      if (type === 'siteGlobals') state.reads += 1;
      return type === 'siteGlobals' ? [entry()] : [];
    },
    entry: async () => undefined,
    ...(versioned ? { version: async () => state.version } : {}),
  };
  return { state, content };
}

describe('site globals', () => {
  it('are read once per language and content version', async () => {
    const { state, content } = source(true);
    const globals = createGlobalsReader(content);
    expect((await globals('en')).tagline).toBe('Unlocking human potential');
    const once = state.reads;
    expect(once).toBeGreaterThan(0);
    await globals('en');
    expect(state.reads).toBe(once);
    expect((await globals('ar')).tagline).toBe('إطلاق قدرات الإنسان');
    expect(state.reads).toBe(2 * once);
    state.version = 'v2';
    state.tagline = 'A new tagline';
    expect((await globals('en')).tagline).toBe('A new tagline');
    expect(state.reads).toBe(3 * once);
  });

  it('are read every time from a source without versions', async () => {
    const { state, content } = source(false);
    const globals = createGlobalsReader(content);
    await globals('en');
    const once = state.reads;
    state.tagline = 'Changed';
    expect((await globals('en')).tagline).toBe('Changed');
    expect(state.reads).toBe(2 * once);
  });

  it('link the featured story by mf-content’s route for it, asked each time, and not at all while it is unknown', async () => {
    const { content } = source(true);
    const story: { pattern?: string } = {};
    const globals = createGlobalsReader(content, { storyPath: async (slug) => story.pattern?.replace(':slug', slug) });
    expect((await globals('en')).featuredStoryPath).toBeUndefined();
    story.pattern = '/stories/:slug';
    expect((await globals('en')).featuredStoryPath).toBe('/stories/a-day-at-sidra');
    // The same object while nothing changed: the server reuses what it rendered from it by identity.
    expect(await globals('en')).toBe(await globals('en'));
    story.pattern = '/news/:slug';
    expect((await globals('en')).featuredStoryPath).toBe('/news/a-day-at-sidra');
    expect(await globals('ar')).not.toHaveProperty('featuredStory');
  });
});
