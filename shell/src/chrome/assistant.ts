import type { Lang } from '@qf/shared/i18n';
import { loadThirdPartyScript } from './consent';
import { searchSite, type Suggestion } from './search-link';

export const ANSWER_SIZE = 3;

export type Answer = { kind: 'answer'; items: Suggestion[]; total: number } | { kind: 'none' } | { kind: 'failed' };

/** The first-party assistant: the top results of the site's own search, with their links. */
export async function answerFromSearch(lang: Lang, question: string, options: { signal?: AbortSignal; fetchImpl?: typeof fetch } = {}): Promise<Answer> {
  try {
    const { items, total } = await searchSite(lang, question, { ...options, pageSize: ANSWER_SIZE });
    return items.length ? { kind: 'answer', items, total } : { kind: 'none' };
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    return { kind: 'failed' };
  }
}

/**
 * What a configured third-party assistant script must define once loaded (documented in the README).
 * The shell calls `open` each time the visitor asks for the assistant.
 */
export interface AssistantProvider {
  open(options: { lang: Lang }): void;
}
declare global {
  interface Window {
    qfAssistantProvider?: AssistantProvider;
  }
}

/**
 * Opens the configured third-party assistant when there is one and the visitor has consented to
 * third-party scripts; false means the first-party assistant answers instead.
 */
export async function openProviderAssistant(scriptUrl: string | undefined, lang: Lang, storage: Pick<Storage, 'getItem'> | undefined, win: Window = window): Promise<boolean> {
  if (!scriptUrl) return false;
  try {
    await loadThirdPartyScript(scriptUrl, storage, win.document);
  } catch {
    return false;
  }
  const provider = win.qfAssistantProvider;
  if (!provider || typeof provider.open !== 'function') return false;
  provider.open({ lang });
  return true;
}
