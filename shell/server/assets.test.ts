import { createManifestReader, createStylesheetReader } from './assets';
import { sriDigest } from './remote-integrity';

const manifest = {
  metaData: { remoteEntry: { name: 'remoteEntry.abc.js', path: '' } },
  exposes: [
    { name: 'parcel', path: './parcel', assets: { js: { sync: ['parcel.1.js'], async: ['story.2.js'] }, css: { sync: ['parcel.1.css'], async: ['story.2.css', 'home.3.css'] } } },
    { name: 'routes', path: './routes', assets: { js: { sync: [], async: [] }, css: { sync: [], async: [] } } },
  ],
  qfCss: { story: ['story.2.css'], home: ['home.3.css'], NewsletterSignup: ['NewsletterSignup.4.css', 'shared.5.css'] },
};

const reader = (body: unknown) => {
  const asked: string[] = [];
  const fetchImpl = (async (url: string) => {
    asked.push(url);
    return new Response(JSON.stringify(body), { status: 200 });
  }) as unknown as typeof fetch;
  return { asked, ...createManifestReader(fetchImpl) };
};

describe('what a remote build says a page needs', () => {
  const url = 'http://127.0.0.1:4001/browser/mf-manifest.b1.json';

  it('links the stylesheets of the rendered views and widgets (not the others), so the server HTML is styled at first paint', async () => {
    const { parcelAssets } = reader(manifest);
    expect((await parcelAssets(url, 'idle', ['story'])).css).toEqual(['http://127.0.0.1:4001/browser/parcel.1.css', 'http://127.0.0.1:4001/browser/story.2.css']);
    expect((await parcelAssets(url, 'visible', ['NewsletterSignup', 'story', 'NewsletterSignup'])).css).toEqual([
      'http://127.0.0.1:4001/browser/parcel.1.css',
      'http://127.0.0.1:4001/browser/NewsletterSignup.4.css',
      'http://127.0.0.1:4001/browser/shared.5.css',
      'http://127.0.0.1:4001/browser/story.2.css',
    ]);
  });

  it('preloads scripts only for an eagerly hydrated slot, and reads each pinned manifest once', async () => {
    const { parcelAssets, asked } = reader(manifest);
    expect((await parcelAssets(url, 'idle')).js).toEqual([]);
    expect((await parcelAssets(url, 'eager')).js).toEqual(['http://127.0.0.1:4001/browser/remoteEntry.abc.js', 'http://127.0.0.1:4001/browser/parcel.1.js']);
    expect(asked).toEqual([url]);
  });

  it('still serves a build from before the stylesheet map (its views styled when their script loads)', async () => {
    const { qfCss: _, ...older } = manifest;
    const { parcelAssets } = reader(older);
    expect((await parcelAssets(url, 'idle', ['story'])).css).toEqual(['http://127.0.0.1:4001/browser/parcel.1.css']);
  });

  it('answers nothing, and does not throw, for a manifest it cannot read', async () => {
    const { parcelAssets } = reader({ not: 'a manifest' });
    expect(await parcelAssets(url, 'eager', ['story'])).toEqual({ css: [], js: [] });
  });
});

describe("a section's stylesheet inlined into the page (issue 37, item 5)", () => {
  const css = '.story{color:#123}';
  const fetchImpl = (async () => new Response(css)) as unknown as typeof fetch;
  const href = 'http://127.0.0.1:3001/browser/story.2.css';

  it('is inlined when its bytes are those of its release', async () => {
    const integrity = sriDigest(new TextEncoder().encode(css));
    await expect(createStylesheetReader(fetchImpl)(href, integrity)).resolves.toEqual({ href, text: css, integrity });
  });

  it('is not inlined when they are not, and is linked with its digest, which the browser checks in turn', async () => {
    const integrity = sriDigest(new TextEncoder().encode('.story{color:#000}'));
    await expect(createStylesheetReader(fetchImpl)(href, integrity)).resolves.toEqual({ href, integrity });
  });

  it('is inlined as before when the registry gives no digests', async () => {
    await expect(createStylesheetReader(fetchImpl)(href)).resolves.toEqual({ href, text: css });
  });
});
