import { useEffect, useId, useRef, useState, type FormEvent, type MouseEvent, type ReactElement, type RefObject } from 'react';
import { dateLocale, formatDate } from '@qf/shared/dates';
import type { Lang } from '@qf/shared/i18n';
import { useShellT } from '../i18n';
import { answerQuestion, type Answer } from '../chrome/assistant';
import { searchPageUrl } from '../chrome/search-link';
import { Dialog } from './Dialog';
import styles from './Panels.module.css';

export const ASSISTANT_PANEL_ID = 'qf-assistant-panel';

interface Exchange {
  key: number;
  question: string;
  answer: Answer | { kind: 'pending' };
}

interface AssistantPanelProps {
  lang: Lang;
  open: boolean;
  onClose: () => void;
  fallbackFocus?: RefObject<HTMLElement | null>;
}

/** The question's words a page has, quoted and joined as the language joins a list ("a" and "b"; «أ» و«ب»). */
function quotedList(lang: Lang, words: string[]): string {
  return new Intl.ListFormat(dateLocale(lang), { type: 'conjunction' }).format(words.map((w) => (lang === 'ar' ? `«${w}»` : `“${w}”`)));
}

/** The full search for what a question is about (its words, not its question words). */
function SeeAll({ lang, text }: { lang: Lang; text: string }): ReactElement {
  const t = useShellT();
  return <a href={searchPageUrl(lang, text)}>{t('panels.assistant.seeAll', { question: text })}</a>;
}

/** The first-party 'Ask' assistant: it answers with the site's pages that fit the question best, each with why, and says where answers come from. */
export function AssistantPanel({ lang, open, onClose, fallbackFocus }: AssistantPanelProps): ReactElement {
  const t = useShellT();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [exchanges, setExchanges] = useState<Exchange[]>([]);
  const [empty, setEmpty] = useState(false);
  const pending = useRef(new Set<AbortController>());

  useEffect(() => {
    const controllers = pending.current;
    return () => controllers.forEach((c) => c.abort());
  }, []);

  const ask = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const question = input.current?.value.trim() ?? '';
    if (!question) {
      setEmpty(true);
      input.current?.focus();
      return;
    }
    setEmpty(false);
    if (input.current) input.current.value = '';
    const key = Date.now() + Math.random();
    setExchanges((list) => [...list, { key, question, answer: { kind: 'pending' } }]);
    const controller = new AbortController();
    pending.current.add(controller);
    answerQuestion(lang, question, { signal: controller.signal })
      .then((answer) => setExchanges((list) => list.map((e) => (e.key === key ? { ...e, answer } : e))))
      .catch(() => undefined)
      .finally(() => pending.current.delete(controller));
  };
  // A result link navigates (client-side); the panel steps aside.
  const onLogClick = (event: MouseEvent<HTMLElement>) => {
    if ((event.target as Element).closest('a')) onClose();
  };

  return (
    <Dialog id={ASSISTANT_PANEL_ID} open={open} onClose={onClose} labelledBy={`${id}-title`} className={styles.sidePanel} initialFocus={input} fallbackFocus={fallbackFocus}>
      <div className={styles.panelHead}>
        <h2 id={`${id}-title`}>{t('panels.assistant.title')}</h2>
        <button type="button" className={styles.close} onClick={onClose}>
          {t('panels.close')}
        </button>
      </div>
      <p>{t('panels.assistant.intro')}</p>
      <p className={styles.source}>{t('panels.assistant.source')}</p>
      {/* Clicks inside are only link activations, which work by keyboard as links do. */}
      <div role="log" aria-live="polite" aria-labelledby={`${id}-title`} className={styles.log} onClick={onLogClick}>
        {exchanges.map((e) => (
          <article key={e.key} className={styles.exchange}>
            <p className={styles.question}>{t('panels.assistant.question', { question: e.question })}</p>
            {e.answer.kind === 'pending' ? <p>{t('panels.assistant.thinking')}</p> : null}
            {e.answer.kind === 'none' ? <p>{t('panels.assistant.none')}</p> : null}
            {e.answer.kind === 'failed' ? <p>{t('panels.assistant.failed')}</p> : null}
            {e.answer.kind === 'answer' ? (
              <>
                <p>{t('panels.assistant.answer')}</p>
                <ul className={styles.answers}>
                  {e.answer.items.map((item) => (
                    <li key={item.id}>
                      <a href={item.url}>{item.title}</a>
                      {item.matched.length ? (
                        <p>{t('panels.assistant.why', { words: quotedList(lang, item.matched) })}</p>
                      ) : item.date ? (
                        <p>{t('panels.assistant.starts', { date: formatDate(lang, item.date, 'long') })}</p>
                      ) : null}
                    </li>
                  ))}
                </ul>
                <p className={styles.source}>{t('panels.assistant.source')}</p>
              </>
            ) : null}
            {e.answer.kind === 'answer' || e.answer.kind === 'none' ? <SeeAll lang={lang} text={e.answer.words.join(' ') || e.question} /> : null}
          </article>
        ))}
      </div>
      <form className={styles.askForm} onSubmit={ask} noValidate>
        <label htmlFor={`${id}-question`}>{t('panels.assistant.label')}</label>
        <div className={styles.askRow}>
          <input ref={input} id={`${id}-question`} type="text" autoComplete="off" maxLength={200} aria-invalid={empty || undefined} aria-describedby={empty ? `${id}-error` : undefined} onInput={() => setEmpty(false)} />
          <button type="submit" className={styles.primary}>
            {t('panels.assistant.submit')}
          </button>
        </div>
        {empty ? (
          <p id={`${id}-error`} className={styles.error} role="alert">
            {t('panels.assistant.empty')}
          </p>
        ) : null}
      </form>
    </Dialog>
  );
}
