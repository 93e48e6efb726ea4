import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { LIFECYCLE_TIMEOUTS, type ViewProps } from '@qf/shared/contracts';
import { rootIdPrefix } from './id-prefix';
import { SectionRoot, type SectionDefinition } from '@qf/shared/react';

export interface SectionParcelProps extends ViewProps {
  /** True for the first mount over server-rendered markup: hydrate instead of render. */
  hydrate: boolean;
  /** Shown by the parcel's error boundary; the shell passes a translated message. */
  errorMessage: string;
  /**
   * Told when the error boundary caught a view that threw ('render'), or when React recovered from a
   * hydration mismatch by rendering afresh ('hydration'): the shell counts it for the release.
   */
  onRenderError?: (error: unknown, kind?: 'render' | 'hydration') => void;
  /**
   * Set (true or false) for a page made before it is shown (the page a visitor is likely to open next):
   * true renders it at React's lowest priority, inside `<Activity mode="hidden">`, with none of its
   * effects run (no request, no subscription for a page that may never be opened); an update to false
   * shows it and runs them. Left unset, the view renders as usual.
   */
  hidden?: boolean;
}

type ViewLoader = () => Promise<SectionDefinition['views'][string]>;

/**
 * single-spa lifecycles for a section. The first mount over server HTML hydrates it (same props as
 * the server render, so no mismatch); later mounts render; updates re-render with new props.
 * Views given as loaders are fetched only when a page or widget needs them (a story that places the
 * newsletter form does not download the registration form), always before rendering, so hydration
 * still meets the server's markup.
 */
export function createSectionParcel(section: SectionDefinition, loaders: Record<string, ViewLoader> = {}) {
  const ensureView = async (view: string) => {
    if (!section.views[view] && loaders[view]) section.views[view] = await loaders[view]!();
  };
  let nextRenderType: 'hydrateRoot' | 'createRoot' = 'createRoot';
  // single-spa-react creates the root without options: give it one that carries the root's id prefix,
  // and, when hydrating, where a recovered mismatch is reported (besides React's own report, kept).
  let nextIdPrefix = '';
  let nextOnHydrationError: ((error: unknown) => void) | undefined;
  // Every render is a transition: React works in slices and yields to the browser between them, so
  // hydrating a long page or rendering the next one never blocks a tap or a keystroke.
  const sliced = (root: ReactDOMClient.Root): ReactDOMClient.Root => ({ ...root, render: (node) => React.startTransition(() => root.render(node)), unmount: () => root.unmount() });
  const client = {
    createRoot: (el: Element) => sliced(ReactDOMClient.createRoot(el, { identifierPrefix: nextIdPrefix })),
    hydrateRoot(el: Element, node: React.ReactNode) {
      let root: ReactDOMClient.Root | undefined;
      React.startTransition(() => {
        const told = nextOnHydrationError;
        root = ReactDOMClient.hydrateRoot(el, node, {
          identifierPrefix: nextIdPrefix,
          onRecoverableError(error) {
            // What React does without this option, so the console and error listeners see it as before.
            if (typeof globalThis.reportError === 'function') globalThis.reportError(error);
            else console.error(error);
            told?.(error);
          },
        });
      });
      return sliced(root!);
    },
  };
  // single-spa-react resolves an update from a timer started in render, which in a sliced render
  // can fire before React commits: the shell would then move the focus to the old page's heading.
  // An update here resolves once its render is on screen (the view, or the error message).
  // Kept per root: a widget of this section committing elsewhere on the page says nothing of this one.
  const committed = new Map<string, (() => void)[]>();
  const live = new Set<string>();
  const settle = (name: string) => {
    const waiting = committed.get(name) ?? [];
    committed.delete(name);
    for (const resolve of waiting) resolve();
  };
  const Root = (props: SectionParcelProps & { name?: string }) => {
    React.useLayoutEffect(() => settle(props.name ?? ''));
    const view = React.createElement(SectionRoot, { section, view: props.view, data: props.data, lang: props.lang, bus: props.bus, host: props.host });
    // The same tree hidden and shown: what was rendered hidden is kept when it is shown.
    return props.hidden === undefined ? view : React.createElement(React.Activity, { mode: props.hidden ? 'hidden' : 'visible', children: view });
  };
  const SectionError = ({ message, name, error, onRenderError }: { message: string; name: string; error: unknown; onRenderError?: SectionParcelProps['onRenderError'] }) => {
    React.useLayoutEffect(() => settle(name));
    React.useEffect(() => {
      onRenderError?.(error, 'render');
    }, [error, onRenderError]);
    return React.createElement('p', { role: 'alert', className: 'qf-section-error' }, message);
  };
  const lifecycles = singleSpaReact({
    React,
    ReactDOMClient: client as never,
    rootComponent: Root as never,
    renderType: () => nextRenderType,
    errorBoundary: (error: unknown, _info: unknown, props: unknown) =>
      React.createElement(SectionError, { message: (props as SectionParcelProps).errorMessage, name: (props as { name?: string }).name ?? '', error, onRenderError: (props as SectionParcelProps).onRenderError }),
  });
  return {
    timeouts: LIFECYCLE_TIMEOUTS,
    /** This parcel renders a page hidden, without its effects, until an update shows it (`hidden`). */
    hiddenMount: true as const,
    bootstrap: lifecycles.bootstrap,
    async mount(props: SectionParcelProps & { name?: string }) {
      await ensureView(props.view);
      nextRenderType = props.hydrate ? 'hydrateRoot' : 'createRoot';
      nextIdPrefix = rootIdPrefix(props);
      nextOnHydrationError = props.onRenderError && ((error: unknown) => props.onRenderError?.(error, 'hydration'));
      live.add(props.name ?? '');
      return lifecycles.mount(props as never);
    },
    async unmount(props: SectionParcelProps & { name?: string }) {
      // An update still rendering when its root goes is over: nothing waits for it any more.
      live.delete(props.name ?? '');
      settle(props.name ?? '');
      return lifecycles.unmount(props as never);
    },
    /** Fetches a view's code ahead of its mount (a page the visitor points at). */
    preload: (view: string) => ensureView(view),
    async update(props: SectionParcelProps & { name?: string }) {
      await ensureView(props.view);
      const name = props.name ?? '';
      if (!live.has(name)) return;
      const onScreen = new Promise<void>((resolve) => committed.set(name, [...(committed.get(name) ?? []), resolve]));
      // Not awaited: single-spa-react's promise settles only if the root renders, which a root
      // unmounted meanwhile never does; the commit (or the unmount) settles this one.
      void lifecycles.update!(props as never);
      await onScreen;
    },
  };
}
