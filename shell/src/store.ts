import type { ShellState } from './state';
import type { Theme } from '@qf/shared/bus';

export interface ViewState extends ShellState {
  theme: Theme;
  /** A client-side navigation is waiting for its page data. */
  loading: boolean;
  /** That navigation has taken more than 1000 ms: the delayed-load notice shows. */
  slow?: boolean;
  /** Said by the live region after a client-side navigation (the new page's title). */
  announcement?: string;
}

export interface Store {
  get(): ViewState;
  /** The state the server rendered: what hydration must see, whatever changed since. */
  readonly initial: ViewState;
  set(patch: Partial<ViewState>): void;
  subscribe(listener: () => void): () => void;
}

export function createStore(initial: ViewState): Store {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    initial,
    get: () => state,
    set(patch) {
      state = { ...state, ...patch };
      for (const l of [...listeners]) l();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
