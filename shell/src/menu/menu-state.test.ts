import { choosePath, initialMenuState, isExpanded, MAX_DEPTH, menuReducer, type MenuAction, type MenuState } from './menu-state';

const run = (actions: MenuAction[], from: MenuState = initialMenuState()) => actions.reduce(menuReducer, from);

describe('the depth rules (SPEC §4)', () => {
  it('goes one level deeper when an entry of the next level is chosen', () => {
    expect(choosePath([], 0, 'a')).toEqual(['a']);
    expect(choosePath(['a'], 1, 'b')).toEqual(['a', 'b']);
    expect(choosePath(['a', 'b'], 2, 'c')).toEqual(['a', 'b', 'c']);
  });

  it('goes back one level when the same entry is chosen again at the deepest level', () => {
    expect(choosePath(['a'], 0, 'a')).toEqual([]);
    expect(choosePath(['a', 'b'], 1, 'b')).toEqual(['a']);
    expect(choosePath(['a', 'b', 'c'], 2, 'c')).toEqual(['a', 'b']);
  });

  it('replaces the entry when another one of the deepest level is chosen', () => {
    expect(choosePath(['a', 'b'], 1, 'x')).toEqual(['a', 'x']);
    expect(choosePath(['a'], 0, 'x')).toEqual(['x']);
  });

  it('closes the deeper levels when a shallower level is chosen', () => {
    expect(choosePath(['a', 'b', 'c'], 0, 'x')).toEqual(['x']);
    expect(choosePath(['a', 'b', 'c'], 1, 'x')).toEqual(['a', 'x']);
    expect(choosePath(['a', 'b', 'c'], 0, 'a')).toEqual(['a']);
    expect(choosePath(['a', 'b', 'c'], 1, 'b')).toEqual(['a', 'b']);
  });

  it('never skips a level, never goes past depth 3, ignores nonsense levels', () => {
    expect(choosePath([], 1, 'b')).toEqual([]);
    expect(choosePath(['a'], 2, 'c')).toEqual(['a']);
    expect(choosePath(['a', 'b', 'c'], 3, 'd')).toEqual(['a', 'b', 'c']);
    expect(choosePath(['a'], -1, 'x')).toEqual(['a']);
    expect(choosePath(['a'], 0.5, 'x')).toEqual(['a']);
    expect(MAX_DEPTH).toBe(3);
  });
});

describe('the slide-in menu', () => {
  it('opens at depth 0 and walks down to depth 3', () => {
    const s = run([{ type: 'openDrawer' }, { type: 'choose', surface: 'drawer', level: 0, id: 'edu' }, { type: 'choose', surface: 'drawer', level: 1, id: 'schools' }, { type: 'choose', surface: 'drawer', level: 2, id: 'qad' }]);
    expect(s).toMatchObject({ open: true, surface: 'drawer', path: ['edu', 'schools', 'qad'] });
  });

  it('stays open at depth 0 when the only chosen entry is chosen again', () => {
    const s = run([{ type: 'openDrawer' }, { type: 'choose', surface: 'drawer', level: 0, id: 'edu' }, { type: 'choose', surface: 'drawer', level: 0, id: 'edu' }]);
    expect(s).toMatchObject({ open: true, surface: 'drawer', path: [] });
  });

  it('steps up one level with back, and not past depth 0', () => {
    let s = run([{ type: 'openDrawer' }, { type: 'choose', surface: 'drawer', level: 0, id: 'edu' }, { type: 'choose', surface: 'drawer', level: 1, id: 'schools' }]);
    s = menuReducer(s, { type: 'back' });
    expect(s.path).toEqual(['edu']);
    s = menuReducer(s, { type: 'back' });
    expect(s).toMatchObject({ open: true, path: [] });
    expect(menuReducer(s, { type: 'back' })).toBe(s);
  });

  it('closes completely and opens again at depth 0', () => {
    const s = run([{ type: 'openDrawer' }, { type: 'choose', surface: 'drawer', level: 0, id: 'edu' }, { type: 'close' }]);
    expect(s).toEqual(initialMenuState());
    expect(menuReducer(s, { type: 'openDrawer' })).toMatchObject({ open: true, path: [] });
  });
});

describe('the mega menu', () => {
  const mega = (level: number, id: string): MenuAction => ({ type: 'choose', surface: 'mega', level, id });

  it('expands one area at a time', () => {
    let s = run([mega(0, 'edu')]);
    expect(s).toMatchObject({ open: true, surface: 'mega', path: ['edu'] });
    s = menuReducer(s, mega(0, 'research'));
    expect(s.path).toEqual(['research']);
  });

  it('collapses (and counts as closed) when the expanded area is chosen again', () => {
    const s = run([mega(0, 'edu'), mega(0, 'edu')]);
    expect(s).toMatchObject({ open: false, surface: null, path: [] });
    expect(isExpanded(s)).toBe(false);
  });

  it('shows an item on hover or focus without toggling it, only below a chosen category', () => {
    let s = run([mega(0, 'edu'), mega(1, 'schools')]);
    s = menuReducer(s, { type: 'show', level: 2, id: 'a' });
    expect(s.path).toEqual(['edu', 'schools', 'a']);
    expect(menuReducer(s, { type: 'show', level: 2, id: 'a' })).toBe(s);
    expect(menuReducer(s, { type: 'show', level: 2, id: 'b' }).path).toEqual(['edu', 'schools', 'b']);
    const closed = initialMenuState();
    expect(menuReducer(closed, { type: 'show', level: 2, id: 'a' })).toBe(closed);
    const shallow = run([mega(0, 'edu')]);
    expect(menuReducer(shallow, { type: 'show', level: 2, id: 'a' })).toBe(shallow);
  });

  it('back from the area level collapses the mega menu', () => {
    expect(run([mega(0, 'edu'), { type: 'back' }])).toMatchObject({ open: false, path: [] });
  });

  it('the more drop-down and an area are never expanded together', () => {
    let s = run([mega(0, 'edu'), { type: 'toggleMore' }]);
    expect(s).toMatchObject({ open: false, path: [], more: true });
    expect(isExpanded(s)).toBe(true);
    s = menuReducer(s, mega(0, 'research'));
    expect(s).toMatchObject({ open: true, path: ['research'], more: false });
    expect(run([{ type: 'toggleMore' }, { type: 'toggleMore' }]).more).toBe(false);
  });

  it('a choice made on the other surface starts from the top', () => {
    const s = run([{ type: 'openDrawer' }, { type: 'choose', surface: 'drawer', level: 0, id: 'edu' }, mega(0, 'edu')]);
    expect(s).toMatchObject({ surface: 'mega', path: ['edu'] });
  });
});

describe('map mode state', () => {
  it('opens straight onto the map category with the place chosen, on either surface', () => {
    const s = menuReducer(initialMenuState(), { type: 'openMap', surface: 'drawer', area: 'wc', category: 'all', place: 'p1', view: 'list' });
    expect(s).toMatchObject({ open: true, surface: 'drawer', path: ['wc', 'all', 'p1'], view: 'list' });
    expect(menuReducer(initialMenuState(), { type: 'openMap', surface: 'mega', area: 'wc', category: 'all', place: null, view: 'map' })).toMatchObject({ path: ['wc', 'all'], view: 'map' });
  });

  it('keeps the map or list choice across closing, and resets everything on a new language', () => {
    let s = run([{ type: 'setView', view: 'map' }, { type: 'close' }]);
    expect(s.view).toBe('map');
    s = run([{ type: 'openMap', surface: 'mega', area: 'wc', category: 'all', place: 'p', view: 'map' }, { type: 'reset', view: 'list' }]);
    expect(s).toEqual(initialMenuState('list'));
  });
});
