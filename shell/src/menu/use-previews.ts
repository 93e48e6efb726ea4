import { useEffect, useState } from 'react';
import { createPreviewLoader, type Previews } from './previews';

let shared: (() => Promise<Previews>) | null = null;

/** The one loader of the page: both menus share the single `/menupreviews.json` request. */
export const pagePreviewLoader = (): (() => Promise<Previews>) => (shared ??= createPreviewLoader());

export type PreviewsState = { status: 'idle' | 'loading' | 'error' } | { status: 'ready'; previews: Previews };

/** The preview records, requested the first time `wanted` is true (a preview is about to show). */
export function usePreviews(wanted: boolean, load: () => Promise<Previews> = pagePreviewLoader()): PreviewsState {
  const [state, setState] = useState<PreviewsState>({ status: 'idle' });
  const settled = state.status === 'ready' || state.status === 'error';
  useEffect(() => {
    if (!wanted || settled) return;
    let cancelled = false;
    setState({ status: 'loading' });
    load().then(
      (previews) => !cancelled && setState({ status: 'ready', previews }),
      () => !cancelled && setState({ status: 'error' }),
    );
    return () => {
      cancelled = true;
    };
  }, [wanted, settled, load]);
  return state;
}
