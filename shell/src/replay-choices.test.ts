/** @jest-environment jsdom */
import { replayChoices } from './slots';

describe('choices made before a section was interactive', () => {
  it('reach it as the change they were, and only those', () => {
    const container = document.createElement('div');
    container.innerHTML = '<select id="a"><option value="">All</option><option value="x">X</option></select><select id="b"><option value="1">1</option><option value="2" selected>2</option></select>';
    const changed: string[] = [];
    container.addEventListener('change', (e) => changed.push((e.target as HTMLElement).id));
    replayChoices(container);
    expect(changed).toEqual([]);
    (container.querySelector('#a') as HTMLSelectElement).value = 'x';
    replayChoices(container);
    expect(changed).toEqual(['a']);
  });
});
