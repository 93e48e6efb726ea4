import path from 'node:path';
import { contentSourceFromEnv } from '@qf/shared/content';
import type { ShellState } from '../src/state';
import type { ViewState } from '../src/store';

/** The repository's content, for the chrome parts' tests (their globals and menus). */
export const partsContent = contentSourceFromEnv(path.resolve(__dirname, '../..'), { CONTENT_DIR: path.resolve(__dirname, '../../content') });

/** A page's data as the parts read it: its title, its other-language path and, optionally, a footer widget. */
export const partsPageData = (title: string, alternatePath: string, footer?: string) =>
  ({ result: { remote: 'mf-content', remotes: [], page: { template: 'story', hydration: 'visible', widgets: [], head: { title, alternatePath }, ...(footer ? { chrome: { footer: { id: footer, props: {} } } } : {}) } } }) as unknown as ShellState['pageData'];

/** An English story as the shell shows it, with the given globals and menu. */
export const storyViewState = (globals: ShellState['globals'], menu: NonNullable<ShellState['menu']>): ViewState => ({
  lang: 'en',
  path: '/stories/a',
  status: 'ok',
  pageData: partsPageData('A story', '/ar/stories/a'),
  remotes: [],
  compositionHash: 'h1',
  widgets: [],
  globals,
  menu,
  theme: 'dark',
  loading: false,
});
