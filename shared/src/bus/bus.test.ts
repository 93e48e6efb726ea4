import { BusPayloadError, createBus } from '@qf/shared/bus';

describe('the page bus', () => {
  it('delivers a published value to every subscriber of the topic', () => {
    const bus = createBus();
    const a = jest.fn();
    const b = jest.fn();
    bus.subscribe('theme', a);
    bus.subscribe('theme', b);
    bus.publish('theme', { theme: 'light' });
    expect(a).toHaveBeenCalledWith({ theme: 'light' });
    expect(b).toHaveBeenCalledWith({ theme: 'light' });
  });

  it('replays the last value of a state topic to a late subscriber', () => {
    const bus = createBus();
    bus.publish('language', { lang: 'en' });
    bus.publish('language', { lang: 'ar' });
    const late = jest.fn();
    bus.subscribe('language', late);
    expect(late).toHaveBeenCalledTimes(1);
    expect(late).toHaveBeenCalledWith({ lang: 'ar' });
    expect(bus.last('language')).toEqual({ lang: 'ar' });
  });

  it('rejects an invalid payload before anyone sees it', () => {
    const bus = createBus();
    const handler = jest.fn();
    bus.subscribe('theme', handler);
    expect(() => bus.publish('theme', { theme: 'purple' } as never)).toThrow(BusPayloadError);
    expect(() => bus.publish('route', { path: 'no-slash', lang: 'en', remote: null, template: null })).toThrow('Invalid payload for bus topic "route"');
    expect(handler).not.toHaveBeenCalled();
    expect(bus.last('theme')).toBeUndefined();
  });

  it('keeps delivering when one subscriber throws', () => {
    const errors: unknown[] = [];
    const bus = createBus((e) => errors.push(e));
    const after = jest.fn();
    bus.subscribe('theme', () => {
      throw new Error('broken section');
    });
    bus.subscribe('theme', after);
    bus.publish('theme', { theme: 'dark' });
    expect(after).toHaveBeenCalledWith({ theme: 'dark' });
    expect(errors).toHaveLength(1);
  });

  it('stops delivering after unsubscribe', () => {
    const bus = createBus();
    const handler = jest.fn();
    const off = bus.subscribe('route', handler);
    off();
    bus.publish('route', { path: '/events', lang: 'en', remote: 'mf-events', template: 'events' });
    expect(handler).not.toHaveBeenCalled();
  });
});
