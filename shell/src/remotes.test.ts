import { LIFECYCLE_TIMEOUTS } from '@qf/shared/contracts';

const loaded = new Map<string, unknown>();
jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
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
