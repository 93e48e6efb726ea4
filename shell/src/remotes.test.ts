/** @jest-environment jsdom */
import { LIFECYCLE_TIMEOUTS } from '@qf/shared/contracts';

const loaded = new Map<string, unknown>();
const plugins: { name: string; createScript?: (args: { url: string }) => HTMLScriptElement }[] = [];
jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  registerPlugins: jest.fn((list: typeof plugins) => plugins.push(...list)),
  loadRemote: jest.fn(async (id: string) => loaded.get(id)),
}));

import { createRemoteLoader } from './remotes';

const lifecycles = { bootstrap: async () => {}, mount: async () => {}, unmount: async () => {} };
const loader = () => createRemoteLoader([{ name: 'mf-events', buildId: 'b1', entry: 'http://127.0.0.1/mf-events/remoteEntry.js' }] as never);

describe('a remote’s parcel, as the shell loads it', () => {
  afterEach(() => loaded.clear());

  it('keeps the lifecycle timeouts the remote gives', async () => {
    const own = { mount: { millis: 5_000, dieOnTimeout: false, warningMillis: 4_000 } };
    loaded.set('mf_events/parcel', { ...lifecycles, timeouts: own });
    await expect(loader().parcel('mf-events')).resolves.toHaveProperty('timeouts', own);
  });

  it('gives the site’s timeouts to a parcel that has none, so a slow mount is no console warning after 1 s', async () => {
    loaded.set('mf_events/parcel', lifecycles);
    const parcel = await loader().parcel('mf-events');
    expect(parcel).toHaveProperty('timeouts', LIFECYCLE_TIMEOUTS);
    expect(parcel).toHaveProperty('mount', lifecycles.mount);
  });

  it('refuses a parcel whose timeouts are not durations, and tries again on the next ask', async () => {
    loaded.set('mf_events/parcel', { ...lifecycles, timeouts: { mount: { millis: -1 } } });
    const remotes = loader();
    await expect(remotes.parcel('mf-events')).rejects.toThrow('mf-events/parcel does not satisfy the parcel contract');
    loaded.set('mf_events/parcel', lifecycles);
    await expect(remotes.parcel('mf-events')).resolves.toHaveProperty('timeouts', LIFECYCLE_TIMEOUTS);
  });
});

describe('a remote entry, as the browser loads it (issue 37, item 5)', () => {
  const digest = 'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=';
  const createScript = (url: string) => plugins.at(-1)!.createScript!({ url });

  it('carries the digest its release gives, and asks another origin with CORS', () => {
    const remotes = createRemoteLoader([
      { name: 'mf-events', buildId: 'b1', version: '1', entry: 'http://cdn.test/mf-events/remoteEntry.a.js', integrity: digest },
      { name: 'mf-forms', buildId: 'f1', version: '1', entry: `${location.origin}/cdn/mf-forms/remoteEntry.f.js`, integrity: digest },
    ]);
    expect(plugins.at(-1)!.name).toBe('qf-entry-integrity');
    expect(createScript('http://cdn.test/mf-events/remoteEntry.a.js')).toMatchObject({ integrity: digest, crossOrigin: 'anonymous' });
    // Same origin: no CORS needed (the server's preload of it says the same).
    expect(createScript(`${location.origin}/cdn/mf-forms/remoteEntry.f.js`)).toMatchObject({ integrity: digest, crossOrigin: null });
    // A build registered later (a deploy under an open page) brings its own digest.
    remotes.ensure([{ name: 'mf-events', buildId: 'b2', version: '1', entry: 'http://cdn.test/mf-events/remoteEntry.b.js', integrity: digest.replace('47', '48') }]);
    expect(createScript('http://cdn.test/mf-events/remoteEntry.b.js')).toMatchObject({ integrity: digest.replace('47', '48') });
  });

  it('asks an entry without a digest (a registry without digests: npm run dev) with CORS all the same, as the server preloads it', () => {
    createRemoteLoader([{ name: 'mf-events', buildId: 'b1', version: '1', entry: 'http://cdn.test/mf-events/remoteEntry.a.js' }]);
    const script = createScript('http://cdn.test/mf-events/remoteEntry.a.js');
    expect(script).toMatchObject({ crossOrigin: 'anonymous' });
    expect(script.integrity || null).toBeNull();
  });
});
