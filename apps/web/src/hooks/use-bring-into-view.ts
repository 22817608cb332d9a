import { useEffect } from 'react';

/** What ends the hold: the customer moving the page or the form themselves. */
const TAKEN_OVER = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;
/** The cards above a form settle within a few seconds of the page's first data. */
const HOLD_MS = 5_000;

/**
 * Scrolls the element with this id to the top of the window while `active`, and keeps it there as
 * the cards above it grow with their data (a scroll made once would be pushed down by them), until
 * the customer scrolls, taps or types, or the page has settled.
 */
export function useBringIntoView(id: string, active: boolean): void {
  useEffect(() => {
    const target = active ? document.getElementById(id) : null;
    if (!target) {
      return;
    }
    const bring = () => target.scrollIntoView({ block: 'start' });
    bring();
    const observer = new ResizeObserver(bring);
    observer.observe(document.body);
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
      for (const event of TAKEN_OVER) {
        window.removeEventListener(event, stop);
      }
    };
    const timer = setTimeout(stop, HOLD_MS);
    for (const event of TAKEN_OVER) {
      window.addEventListener(event, stop, { passive: true });
    }
    return stop;
  }, [id, active]);
}
