import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactElement, type RefObject } from 'react';
import type { Lang } from '@qf/shared/i18n';
import { localePath } from '@qf/shared/routing';
import { useShellT } from '../i18n';
import { SUGGEST_DEBOUNCE_MS, searchPageUrl, searchSite, showsAllResults, type Suggestion } from '../chrome/search-link';
import { Dialog } from './Dialog';
import { PopoverClose } from './popover';
import styles from './Panels.module.css';

export const SEARCH_PANEL_ID = 'qf-search-panel';

type Suggestions = { kind: 'idle' } | { kind: 'ok'; items: Suggestion[] } | { kind: 'failed' };

interface SearchPanelProps {
  lang: Lang;
  open: boolean;
  /** The browser opened it before the code came (its opener's `popovertarget`): the state follows. */
  onOpen: () => void;
  onClose: () => void;
  /** Goes to the search page with the text (SPEC's hash). */
  onSearch: (text: string) => void;
  /** Goes to a suggestion's page. */
  onNavigate: (href: string) => void;
  fallbackFocus?: RefObject<HTMLElement | null>;
}

/**
 * The header's search panel: a combobox with search-as-you-type suggestions from the site's search API
 * (debounced, the previous request aborted by new input), Enter or 'See all results' to the search page.
 * A popover its header button opens by itself, with its field focused: at once before the code has
 * come, and without JavaScript, where it is a plain GET form to the search page.
 */
export function SearchPanel({ lang, open, onOpen, onClose, onSearch, onNavigate, fallbackFocus }: SearchPanelProps): ReactElement {
  const t = useShellT();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [suggestions, setSuggestions] = useState<Suggestions>({ kind: 'idle' });
  const [active, setActive] = useState(-1);

  // Words typed before the code came are in the field (hydration leaves them): they are the search's.
  useEffect(() => {
    const typed = input.current?.value ?? '';
    if (typed) setText(typed);
  }, []);

  useEffect(() => {
    setActive(-1);
    if (!open || !text.trim()) {
      setSuggestions({ kind: 'idle' });
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      searchSite(lang, text, { signal: controller.signal })
        .then((answer) => setSuggestions({ kind: 'ok', items: answer.items }))
        .catch((error: unknown) => {
          if ((error as Error).name !== 'AbortError') setSuggestions({ kind: 'failed' });
        });
    }, SUGGEST_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, lang, open]);

  const items = suggestions.kind === 'ok' && text.trim() ? suggestions.items : [];
  const expanded = items.length > 0;
  const optionId = (i: number) => `${id}-option-${i}`;

  const choose = (item: Suggestion) => {
    onClose();
    onNavigate(item.url);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!expanded) return;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((a) => (a + 1) % items.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((a) => (a <= 0 ? items.length - 1 : a - 1));
    } else if (event.key === 'Enter' && active >= 0 && items[active]) {
      event.preventDefault();
      choose(items[active]);
    }
  };

  return (
    <Dialog id={SEARCH_PANEL_ID} open={open} onOpen={onOpen} onClose={onClose} labelledBy={`${id}-title`} className={styles.searchPanel} initialFocus={input} fallbackFocus={fallbackFocus}>
      <div className={styles.searchInner}>
        <h2 id={`${id}-title`} className="qf-visually-hidden">
          {t('panels.search.title')}
        </h2>
        <form
          role="search"
          className={styles.searchForm}
          action={localePath(lang, '/search')}
          method="get"
          onSubmit={(event) => {
            event.preventDefault();
            if (!showsAllResults(text)) return;
            onClose();
            onSearch(text);
          }}
        >
          <label htmlFor={`${id}-input`} className="qf-visually-hidden">
            {t('panels.search.label')}
          </label>
          <div className={styles.combo}>
            <input
              ref={input}
              id={`${id}-input`}
              // The browser's own opening (before the code) focuses it; hydration does not move focus.
              autoFocus
              name="s"
              type="search"
              role="combobox"
              aria-autocomplete="list"
              aria-expanded={expanded}
              aria-controls={`${id}-listbox`}
              aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
              placeholder={t('panels.search.placeholder')}
              autoComplete="off"
              maxLength={200}
              value={text}
              onChange={(event) => setText(event.target.value)}
              onKeyDown={onKeyDown}
            />
            <ul id={`${id}-listbox`} role="listbox" aria-label={t('panels.search.suggestions')} className={styles.listbox} hidden={!expanded}>
              {items.map((item, i) => (
                // Chosen with the keyboard through the combobox (arrows, Enter), or clicked.
                <li
                  key={item.id}
                  id={optionId(i)}
                  role="option"
                  aria-selected={i === active}
                  className={styles.option}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => choose(item)}
                >
                  {item.title}
                </li>
              ))}
            </ul>
          </div>
          <button type="submit" className={styles.primary}>
            {t('panels.search.submit')}
          </button>
        </form>
        <div className={styles.searchFooter}>
          {showsAllResults(text) ? (
            <a className={styles.seeAll} href={searchPageUrl(lang, text)} onClick={onClose}>
              {t('panels.search.seeAll')}
            </a>
          ) : null}
          <p role="status" className="qf-visually-hidden">
            {suggestions.kind === 'failed' ? t('panels.search.failed') : suggestions.kind === 'ok' && text.trim() ? (items.length ? t('panels.search.suggestionCount', { count: items.length }) : t('panels.search.noSuggestions')) : ''}
          </p>
          <PopoverClose target={SEARCH_PANEL_ID} className={styles.close} onClose={onClose}>
            {t('panels.close')}
          </PopoverClose>
        </div>
      </div>
    </Dialog>
  );
}
