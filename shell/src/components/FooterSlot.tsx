import { useContext, useEffect, useRef, useState, type ReactElement } from 'react';
import type { ChromeWidget } from '@qf/shared/contracts';
import type { Lang } from '@qf/shared/i18n';
import { ChromeContext, chromeSite, type ChromeMount } from '../chrome-widgets';
import type { Globals } from '../state';
import { Footer } from './Footer';

interface FooterSlotProps {
  lang: Lang;
  globals: Globals;
  /** The footer widget the page's owner asks for (the IDKT footer under /idkt), if any. */
  widget?: ChromeWidget;
}

/**
 * The footer: the page owner's footer widget when it has one and it can be shown, else the main
 * footer. A widget the server could not render, or whose code fails after a client-side navigation,
 * leaves the main footer in its place, so the page never ends without one.
 */
export function FooterSlot({ lang, globals, widget }: FooterSlotProps): ReactElement {
  const { html: chromeHtml, mount } = useContext(ChromeContext);
  // The widget's server HTML: present only when the server rendered it.
  const serverHtml = chromeHtml.footer;
  const full = widget ? { id: widget.id, props: { ...widget.props, site: chromeSite(globals) } } : undefined;
  const key = full ? JSON.stringify([full, lang]) : '';
  // The server HTML belongs to the page the server rendered, never to a later one.
  const [first] = useState(() => ({ key, html: serverHtml }));
  const [failed, setFailed] = useState<string | null>(() => (full && !serverHtml ? key : null));
  if (!full || failed === key) return <Footer lang={lang} globals={globals} />;
  const html = key === first.key ? (first.html ?? '') : '';
  return <WidgetFooter key={key} widget={full} lang={lang} html={html} mount={mount} onFail={() => setFailed(key)} />;
}

function WidgetFooter({ widget, lang, html, mount, onFail }: { widget: ChromeWidget; lang: Lang; html: string; mount?: ChromeMount; onFail: () => void }): ReactElement {
  const ref = useRef<HTMLDivElement>(null);
  const [inner] = useState(() => ({ __html: html }));
  const [onFailOnce] = useState(() => onFail);
  useEffect(() => {
    if (!ref.current || !mount) return undefined;
    return mount(ref.current, widget, lang, html !== '', onFailOnce);
    // The element's key changes with the widget, its props and the language: one mount per element.
  }, []);
  return <div ref={ref} data-qf-chrome="footer" data-qf-chrome-widget={widget.id} suppressHydrationWarning dangerouslySetInnerHTML={inner} />;
}
