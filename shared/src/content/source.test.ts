import { contentSourceFromEnv, previewSourceFromEnv } from '@qf/shared/content';
import path from 'node:path';

describe('choosing the content source', () => {
  const root = path.resolve(__dirname, '../../..');

  it('uses the embedded store by default', async () => {
    const source = contentSourceFromEnv(root, {});
    expect((await source.entries('siteGlobals')).length).toBe(1);
  });

  it('switches to Contentful with one setting, and says what is missing', () => {
    expect(() => contentSourceFromEnv(root, { CONTENT_SOURCE: 'contentful' })).toThrow('CONTENT_SOURCE=contentful needs CONTENTFUL_SPACE_ID and CONTENTFUL_ACCESS_TOKEN');
    const source = contentSourceFromEnv(root, { CONTENT_SOURCE: 'contentful', CONTENTFUL_SPACE_ID: 'space', CONTENTFUL_ACCESS_TOKEN: 'token' });
    expect(typeof source.entries).toBe('function');
  });

  it('keeps a copy through the Sync API when asked to (a refresh, as a webhook asks, is then possible), and refuses a bad interval', () => {
    const base = { CONTENT_SOURCE: 'contentful', CONTENTFUL_SPACE_ID: 'space', CONTENTFUL_ACCESS_TOKEN: 'token' };
    expect(contentSourceFromEnv(root, base).refresh).toBeUndefined();
    expect(typeof contentSourceFromEnv(root, { ...base, CONTENTFUL_SYNC_INTERVAL_MS: '2000' }).refresh).toBe('function');
    expect(() => contentSourceFromEnv(root, { ...base, CONTENTFUL_SYNC_INTERVAL_MS: '2s' })).toThrow('CONTENTFUL_SYNC_INTERVAL_MS must be a whole number of milliseconds');
  });

  it('refuses an unknown source', () => {
    expect(() => contentSourceFromEnv(root, { CONTENT_SOURCE: 'wordpress' })).toThrow('Invalid content configuration');
  });

  it('makes previews from drafts only where the environment names them: the Preview API, or a drafts copy of the file store', async () => {
    expect(previewSourceFromEnv({})).toBeUndefined();
    const contentful = { CONTENT_SOURCE: 'contentful', CONTENTFUL_SPACE_ID: 'space', CONTENTFUL_ACCESS_TOKEN: 'token' };
    expect(previewSourceFromEnv(contentful)).toBeUndefined();
    expect(typeof previewSourceFromEnv({ ...contentful, CONTENTFUL_PREVIEW_TOKEN: 'preview' })?.entries).toBe('function');
    // A drafts folder is a store of its own: here the repository's, read as the drafts.
    const drafts = previewSourceFromEnv({ CONTENT_PREVIEW_DIR: path.join(root, 'content') });
    expect((await drafts?.entries('siteGlobals'))?.length).toBe(1);
    // Only with the file store: a Contentful site previews through the Preview API.
    expect(previewSourceFromEnv({ ...contentful, CONTENT_PREVIEW_DIR: path.join(root, 'content') })).toBeUndefined();
  });
});
