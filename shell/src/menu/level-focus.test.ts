/** @jest-environment jsdom */
import { levelFocusTarget } from './level-focus';

const level = (html: string) => {
  const root = document.createElement('div');
  root.innerHTML = html;
  return root;
};

describe('focus when the slide-in menu changes level', () => {
  const categories = level('<a data-menu-item href="/education">Explore</a><button data-menu-item data-menu-opens="schools">Schools</button><button data-menu-item data-menu-opens="universities">Universities</button>');

  it('goes to the first entry of a deeper level', () => {
    expect(levelFocusTarget(categories, ['education'], ['education'])?.textContent).toBe('Explore');
    expect(levelFocusTarget(categories, [], ['education'])?.textContent).toBe('Explore');
  });

  it('goes back to the entry that opened the level left, one or more levels up', () => {
    expect(levelFocusTarget(categories, ['education', 'universities'], ['education'])?.textContent).toBe('Universities');
    expect(levelFocusTarget(categories, ['education', 'universities', 'qu'], ['education'])?.textContent).toBe('Universities');
  });

  it('goes to the first entry when another branch replaces the level, and to nothing in a level without entries', () => {
    expect(levelFocusTarget(categories, ['research', 'labs'], ['education'])?.textContent).toBe('Explore');
    expect(levelFocusTarget(level('<section><h3>Qatar Academy</h3><a href="/qa">Visit</a></section>'), ['education', 'schools'], ['education', 'schools', 'qa'])).toBeNull();
  });
});
