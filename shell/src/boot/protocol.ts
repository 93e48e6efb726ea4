import type { Hydration } from '@qf/shared/contracts';

/**
 * How the page's first script (the boot, no React, no federation runtime) and the shell's app (loaded
 * when the visitor first needs it) meet: the boot owns every hydration trigger and the clicks that
 * arrive before the app; the app hydrates roots, mounts sections and navigates.
 */

/** Set on the window by the inline loader once the visitor has used the page (scrolled, moved a pointer…). */
export const EARLY_ACTIVITY_GLOBAL = '__qfActive';
/** Set on an event the inline loader held for the boot (a widget's form sent): the boot finishes it. */
export const HELD_PROPERTY = '__qfHeld';
/** The statement flag's answer, asked for by the inline loader once the loaded page is painted (SPEC §4). */
export const EARLY_STATEMENT_GLOBAL = '__qfStatement';

/** On `<html>` once the shell's app runs: links navigate client-side from then on, and its prefetcher takes over from the inline loader's. */
export const APP_ATTR = 'data-qf-app';

/**
 * On `<html>` when the request came without the theme cookie that the pre-paint script writes on every
 * visit: a browser that has stored nothing for the site yet (or keeps no cookies). The pre-paint script
 * then reads no storage: the first read of `localStorage` in a page is a synchronous round trip to the
 * browser process (2.5–10.5 ms of the parser's time in Lighthouse's traces of a first visit, ~1 ms without).
 */
export const NEW_VISITOR_ATTR = 'data-qf-new';
/** The shell's own React roots in the server HTML (`data-qf-root`). */
export const ROOT_ATTR = 'data-qf-root';
/** A root's trigger (a hydration policy); a root without one hydrates only for a client-side navigation. */
export const ROOT_POLICY_ATTR = 'data-qf-hydrate';
export const rootNames = ['header', 'subheader', 'status', 'footer'] as const;
export type RootName = (typeof rootNames)[number];

/** Starts things when their hydration policy fires, keyed so that the boot and the app share one trigger per slot. */
export interface Triggers {
  /**
   * Calls `start` once when the policy of `key` fires (at once if it already has). The first call for
   * a key arms its policy on `element`. Returns a cancel for this `start` only.
   */
  when(key: string, element: HTMLElement, policy: Hydration, start: () => void): () => void;
  /** Fires a key now, whatever its policy (the visitor already uses what it starts). */
  fire(key: string): void;
  /** Whether the key's policy has fired. */
  fired(key: string): boolean;
}

/** What the app offers the boot once it runs. */
export interface ShellApp {
  /** Hydrates one of the shell's roots; resolves once it is interactive. */
  hydrateRoot(name: RootName): Promise<void>;
  /** Whether a root has started hydrating (React then handles events on it itself). */
  rootStarted(name: RootName): boolean;
  /**
   * Hydrates the page's section and widgets as their policies fire (idempotent). Resolves once the
   * section itself is interactive (at once when it will not be: the visitor has left the page).
   */
  startSections(): Promise<void>;
  /** A client-side navigation (a click the boot caught, or the address changing). */
  navigate(url: URL, push: boolean): Promise<void>;
  /** The visitor points at a link: fetch that page's data and code now. */
  prefetch(target: EventTarget | null): void;
}

/** What the boot leaves on `window` for the app. */
export interface BootHandle {
  triggers: Triggers;
  /** The server's state element's JSON, unparsed (the app validates it). */
  stateJson: string;
  /** Scripts and stylesheets that failed to load on this page (tracked from the start). */
  resources: { failed(): boolean; note(): void };
  /** Navigation feedback the boot may already have started (a click before the app arrived). */
  progress(active: boolean): void;
  /** The app announces itself; the boot's pending work then goes to it. */
  ready(app: ShellApp): void;
  /** The app could not start: what waited for it falls back (a click becomes a full navigation). */
  failed(error: unknown): void;
  /**
   * The app has shown the page of a client-side navigation to `url` (swapped in, its heading focused):
   * field data times the tap that started it (field-data.ts).
   */
  shown(page: { url: string; template?: string; lang: string }): void;
}

export const BOOT_GLOBAL = '__qfBoot';

export type BootWindow = Window & typeof globalThis & { [BOOT_GLOBAL]?: BootHandle };
