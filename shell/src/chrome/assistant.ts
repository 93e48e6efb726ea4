import { ASK_MAX_LENGTH, ASK_PATH, askAnswerSchema, type AskAnswer } from '@qf/shared/contracts';
import type { Lang } from '@qf/shared/i18n';
import { loadThirdPartyScript } from './consent';

/** What the panel shows: the pages that answer, and the words of the full search it offers. */
export type Answer = { kind: 'answer'; items: AskAnswer['items']; words: string[] } | { kind: 'none'; words: string[] } | { kind: 'failed' };

/**
 * The first-party assistant: mf-content reads the question (its question words dropped, what it asks
 * for lifting the pages that answer it: a place for "where", events for "what is on") and answers with
 * its best pages, each with the question's words it has (`ASK_PATH`, issue 38).
 */
export async function answerQuestion(lang: Lang, question: string, { signal, fetchImpl = fetch }: { signal?: AbortSignal; fetchImpl?: typeof fetch } = {}): Promise<Answer> {
  try {
    const params = new URLSearchParams({ q: question.trim().slice(0, ASK_MAX_LENGTH), lang });
    const res = await fetchImpl(`${ASK_PATH}?${params.toString()}`, { signal, headers: { accept: 'application/json' } });
    if (!res.ok) throw new Error(`ask answered ${res.status}`);
    const { items, words } = askAnswerSchema.parse(await res.json());
    return items.length ? { kind: 'answer', items, words } : { kind: 'none', words };
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
