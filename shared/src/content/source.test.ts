import { contentSourceFromEnv } from '@qf/shared/content';
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

  it('refuses an unknown source', () => {
    expect(() => contentSourceFromEnv(root, { CONTENT_SOURCE: 'wordpress' })).toThrow('Invalid content configuration');
  });
});
