// Layout checks any spec can run on the page it has open: no visible control is covered by another
// element (its centre hit-tests to itself) and nothing scrolls sideways.
import type { Page } from 'playwright-core';

export interface LayoutProblem {
  /** What is wrong, e.g. "covered" or "page scrolls sideways". */
  kind: string;
  /** The control or element concerned, described for a human (tag, test id, label, text). */
  what: string;
  /** For "covered": the element that the control's centre hit instead. */
  by?: string;
}

export interface LayoutCheckOptions {
  /** Also report a table or data grid whose content is wider than its frame (customer pages). */
  tables?: boolean;
}

/**
 * Scrolls the page from top to bottom and reports every visible control whose centre is covered by
 * another element at every scroll position it was seen at (a control that passes under the fixed top
 * bar while scrolling is fine, since scrolling uncovers it; one that is covered wherever it can be
 * scrolled to is not), then whether the page (and, with `tables`, a table) scrolls sideways. An empty
 * array means the page passes. The page is scrolled back to the top afterwards.
 */
export async function layoutProblems(page: Page, options: LayoutCheckOptions = {}): Promise<LayoutProblem[]> {
  if (options.tables) {
    await gridsGrown(page);
  }
  return page.evaluate((opts) => {
    const CONTROLS = [
      'a[href]',
      'button',
      'input:not([type="hidden"])',
      'select',
      'textarea',
      '[role="button"]',
      '[role="checkbox"]',
      '[role="switch"]',
      '[role="radio"]',
      '[role="tab"]',
      '[role="combobox"]',
      '[role="slider"]',
      '[role="menuitem"]',
    ].join(',');

    // The layout viewport: a phone browser zooms out over a page wider than the screen, which widens
    // window.innerWidth with it, so the window's own width would hide the overflow it should show.
    const html = document.documentElement;
    const vw = html.clientWidth;
    const vh = html.clientHeight;

    const describe = (el: Element): string => {
      const parts = [el.tagName.toLowerCase()];
      const id = el.getAttribute('data-testid');
      if (id) {
        parts.push(`[data-testid=${id}]`);
      }
      const label = el.getAttribute('aria-label') ?? el.getAttribute('name');
      if (label) {
        parts.push(`"${label}"`);
      }
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      if (text) {
        parts.push(`'${text}'`);
      }
      const cls = typeof el.className === 'string' ? el.className.split(/\s+/).find((c) => c.startsWith('Mui')) : '';
      if (cls) {
        parts.push(`.${cls}`);
      }
      return parts.join(' ');
    };

    // The part of an element's box that is not clipped away by a scrolling or clipping ancestor.
    const visibleRect = (el: Element): DOMRect | null => {
      // A link that wraps over two lines has a box per line; the centre of their union may be blank
      // paragraph between them, so aim at its largest line instead.
      const lines = Array.from(el.getClientRects());
      const r =
        lines.length > 1
          ? lines.reduce((a, b) => (b.width * b.height > a.width * a.height ? b : a))
          : el.getBoundingClientRect();
      let left = r.left;
      let top = r.top;
      let right = r.right;
      let bottom = r.bottom;
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const style = getComputedStyle(a);
        if (style.overflowX !== 'visible' || style.overflowY !== 'visible') {
          const c = a.getBoundingClientRect();
          left = Math.max(left, c.left);
          top = Math.max(top, c.top);
          right = Math.min(right, c.right);
          bottom = Math.min(bottom, c.bottom);
        }
      }
      left = Math.max(left, 0);
      top = Math.max(top, 0);
      right = Math.min(right, vw);
      bottom = Math.min(bottom, vh);
      return right - left >= 2 && bottom - top >= 2 ? new DOMRect(left, top, right - left, bottom - top) : null;
    };

    const shown = (el: Element): boolean => {
      if (el.closest('[aria-hidden="true"], [inert]')) {
        return false;
      }
      const style = getComputedStyle(el);
      if (style.visibility !== 'visible' || style.pointerEvents === 'none') {
        return false;
      }
      // Visually hidden inputs (MUI's native select input, file inputs) are not what a user aims at.
      if (Number(style.opacity) === 0 && el.tagName === 'INPUT' && el.parentElement) {
        const p = el.parentElement.getBoundingClientRect();
        const r = el.getBoundingClientRect();
        if (r.width < 2 || r.height < 2 || r.width * r.height < 0.2 * p.width * p.height) {
          return false;
        }
      }
      return el.getClientRects().length > 0;
    };

    // The hit belongs to the control: the control itself, inside it, or the label that activates it.
    const hitsItself = (el: Element, hit: Element | null): boolean => {
      if (!hit) {
        return false;
      }
      if (el === hit || el.contains(hit)) {
        return true;
      }
      const label = hit.closest('label');
      if (label && (label.control === el || label.contains(el))) {
        return true;
      }
      return false;
    };

    const controls = Array.from(document.querySelectorAll(CONTROLS));
    const seenCovered = new Map<Element, Element | null>();
    const seenClear = new Set<Element>();

    const sweep = () => {
      for (const el of controls) {
        if (seenClear.has(el) || !el.isConnected || !shown(el)) {
          continue;
        }
        const r = visibleRect(el);
        if (!r) {
          continue;
        }
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        if (hitsItself(el, hit)) {
          seenClear.add(el);
          seenCovered.delete(el);
        } else {
          seenCovered.set(el, hit);
        }
      }
    };

    const root = document.scrollingElement ?? document.documentElement;
    const step = Math.max(100, Math.floor(vh / 3));
    root.scrollTop = 0;
    sweep();
    while (root.scrollTop + vh < root.scrollHeight - 1) {
      const before = root.scrollTop;
      root.scrollTop = before + step;
      if (root.scrollTop === before) {
        break;
      }
      sweep();
    }
    root.scrollTop = 0;

    const problems: { kind: string; what: string; by?: string }[] = [];
    for (const [el, by] of seenCovered) {
      problems.push({ kind: 'covered', what: describe(el), by: by ? describe(by) : 'nothing (outside the page)' });
    }
    const sideways = html.scrollWidth - vw;
    if (sideways > 0) {
      problems.push({ kind: 'page scrolls sideways', what: `${sideways}px wider than the screen` });
    }
    if (opts.tables) {
      // A data grid draws its own horizontal scrollbar only when its columns are wider than it. The
      // bar is aria-hidden (so `shown` would skip it): its box is what tells. (The scroller itself
      // may be a few pixels wider than its frame with no bar, which nobody can scroll to notice.)
      for (const el of Array.from(document.querySelectorAll('.MuiDataGrid-root'))) {
        const scroller = el.querySelector('.MuiDataGrid-virtualScroller');
        const bar = el.querySelector('.MuiDataGrid-scrollbar--horizontal');
        if (shown(el) && scroller && bar && bar.getClientRects().length > 0) {
          problems.push({
            kind: 'table scrolls sideways',
            what: `${describe(el).slice(0, 80)}: ${scroller.scrollWidth - scroller.clientWidth}px wider than its frame`,
          });
        }
      }
      for (const el of Array.from(document.querySelectorAll('.MuiTableContainer-root'))) {
        if (shown(el) && el.scrollWidth - el.clientWidth > 1) {
          problems.push({
            kind: 'table scrolls sideways',
            what: `${describe(el).slice(0, 80)}: ${el.scrollWidth - el.clientWidth}px wider than its frame`,
          });
        }
      }
    }
    return problems;
  }, options);
}

/**
 * Waits until every shown data grid has grown to its rows. The app's grids have no height of their
 * own (components/data-grid.tsx): a grid is as tall as its rows, so a vertical scrollbar inside one
 * means its rows have arrived but it has not grown yet, and until then its horizontal bar reflects
 * the narrower frame of that moment (seen for a few frames after the rows arrive).
 */
async function gridsGrown(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll('.MuiDataGrid-root')).every((grid) =>
      Array.from(grid.querySelectorAll('.MuiDataGrid-scrollbar--vertical')).every(
        (bar) => bar.getClientRects().length === 0,
      ),
    ),
  );
}
