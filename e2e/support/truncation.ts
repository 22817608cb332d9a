// A check any spec can run on the page it has open: no label, header, chip, button or cell is cut
// off (an ellipsis, or content clipped by its own box). Text whose whole is given by a tooltip (the
// element's aria-label is the full text, as MUI's Tooltip sets it) is allowed to be shortened.
import type { Page } from 'playwright-core';

/** What may be cut: the texts of grids, tables, chips, tabs, buttons, field labels and selects. */
const LABELS = [
  '.MuiDataGrid-columnHeaderTitle',
  '.MuiDataGrid-cell',
  '.MuiChip-label',
  '.MuiTab-root',
  '.MuiButton-root',
  '.MuiInputLabel-root',
  '.MuiFormHelperText-root',
  '.MuiFormControlLabel-label',
  '.MuiSelect-select',
  '.MuiTypography-noWrap',
  '.MuiTableCell-root',
  '.MuiListItemText-primary',
  '.MuiListItemText-secondary',
].join(',');

/**
 * Every visible label on the page whose content is wider than its box while the box clips it,
 * described for a human ("th 'Đồng bộ lần cuối': 12px cut"). Empty means nothing is cut.
 */
export async function truncatedLabels(page: Page): Promise<string[]> {
  return page.evaluate((selectors) => {
    const out: string[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>(selectors))) {
      if (el.closest('[aria-hidden="true"], [inert]') || el.getClientRects().length === 0) {
        continue;
      }
      const style = getComputedStyle(el);
      if (style.visibility !== 'visible') {
        continue;
      }
      const clips = style.overflowX !== 'visible' || style.textOverflow === 'ellipsis';
      const cut = el.scrollWidth - el.clientWidth;
      if (!clips || cut <= 1) {
        continue;
      }
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ');
      const full = el.getAttribute('aria-label') ?? el.querySelector('[aria-label]')?.getAttribute('aria-label');
      if (full && full.trim() === text) {
        continue;
      }
      const field = el.closest('[data-field]')?.getAttribute('data-field');
      const cls = Array.from(el.classList).find((c) => c.startsWith('Mui')) ?? el.tagName.toLowerCase();
      out.push(`${cls}${field ? `[${field}]` : ''} '${text.slice(0, 60)}': ${cut}px cut`);
    }
    return out;
  }, LABELS);
}
