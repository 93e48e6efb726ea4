import { isHomePath, isTapStoryPath, scrollProgress } from './header-rules';

describe('tap-story pages (SPEC §2)', () => {
  it.each([
    ['/stories/tap/the-desert-garden', true],
    ['/ar/stories/tap/the-desert-garden', true],
    ['/stories/tap/the-desert-garden/chapter-2', true],
    ['/stories/tap', false],
    ['/ar/stories/tap', false],
    ['/stories/laptop-library/more', false],
    ['/stories/a-story', false],
    ['/events/tap', false],
    ['/', false],
  ])('%s hides the accessibility button and theme toggle: %s', (path, hidden) => {
    expect(isTapStoryPath(path)).toBe(hidden);
  });
});

describe('the page progress bar (SPEC §2, §9)', () => {
  it('is absent on both home pages however far they scroll', () => {
    expect(isHomePath('/')).toBe(true);
    expect(isHomePath('/ar')).toBe(true);
    expect(scrollProgress('/', 500, 3000, 1000)).toEqual({ visible: false, percent: 0 });
    expect(scrollProgress('/ar', 500, 3000, 1000)).toEqual({ visible: false, percent: 0 });
  });

  it('shows the scrolled share of the page once it scrolls', () => {
    expect(scrollProgress('/stories/a', 0, 3000, 1000)).toEqual({ visible: false, percent: 0 });
    expect(scrollProgress('/stories/a', 500, 3000, 1000)).toEqual({ visible: true, percent: 25 });
    expect(scrollProgress('/ar/stories/a', 1000, 4000, 1000)).toEqual({ visible: true, percent: 33.3 });
    expect(scrollProgress('/events', 2000, 3000, 1000)).toEqual({ visible: true, percent: 100 });
  });

  it('never goes past 100 % (elastic overscroll) nor below 0', () => {
    expect(scrollProgress('/events', 2600, 3000, 1000).percent).toBe(100);
    expect(scrollProgress('/events', -40, 3000, 1000)).toEqual({ visible: false, percent: 0 });
  });

  it('stays hidden on a page that cannot scroll', () => {
    expect(scrollProgress('/events', 0, 800, 1000)).toEqual({ visible: false, percent: 0 });
  });
});
