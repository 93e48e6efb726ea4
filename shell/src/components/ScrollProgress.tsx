import { useEffect, useRef, useState, type ReactElement } from 'react';
import { scrollProgress } from '../chrome/header-rules';

/**
 * The 3 px page progress bar while scrolling (SPEC §2, §9): theme colour, anchored at the inline start
 * (the right edge on /ar pages), never on the home pages. Decorative: the scroll position is already
 * conveyed by the browser.
 */
export function ScrollProgress({ path }: { path: string }): ReactElement {
  const [state, setState] = useState({ visible: false, percent: 0 });
  const bar = useRef<HTMLDivElement>(null);
  // Set through the CSSOM, never as a style attribute: the CSP allows no inline styles in the HTML.
  useEffect(() => {
    bar.current?.style.setProperty('inline-size', `${state.percent}%`);
  }, [state.percent]);
  useEffect(() => {
    let queued = false;
    const measure = () => {
      queued = false;
      const root = document.documentElement;
      setState(scrollProgress(path, window.scrollY, root.scrollHeight, window.innerHeight));
    };
    const onScroll = () => {
      if (queued) return;
      queued = true;
      window.requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
    };
  }, [path]);
  return <div ref={bar} className="qf-scroll-progress" aria-hidden="true" hidden={!state.visible} data-percent={state.percent} />;
}
